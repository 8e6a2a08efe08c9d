import { and, gt, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import type { EventBus } from '../../plugins/event-bus';

/**
 * Sessions that ended before their access tokens did (sign-out, lockout, a password changed or reset,
 * two-step verification turned off, a refresh token replayed). An access token names its session; a
 * token of an ended session is refused by every server process. The check is a lookup in this
 * process's memory (no database round trip per request): an ending session is told to every process
 * on the event bus, and a process that starts, or lost the bus for a while, reads the sessions that
 * ended within an access token's lifetime from the refresh-token table.
 */
export interface SessionRevocations {
  isRevoked(sessionId: string): boolean;
  /** Ends these sessions here at once, and in every other process as soon as the bus delivers. */
  revoke(sessionIds: readonly string[]): Promise<void>;
  /** Reads the recently ended sessions and listens to the bus; resolves once both are done. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export const SESSIONS_REVOKED_CHANNEL = 'sessions.revoked';
/** NOTIFY carries at most 8000 bytes: ids go out in slices well under it. */
const IDS_PER_MESSAGE = 100;

export interface SessionRevocationOptions {
  db: Db;
  bus: EventBus;
  /** How long an access token lives: a session ended longer ago than this has no live token left. */
  tokenLifetimeMs: number;
  now?: () => number;
}

export function createSessionRevocations(options: SessionRevocationOptions): SessionRevocations {
  const { db, bus, tokenLifetimeMs } = options;
  const now = options.now ?? Date.now;
  /** Session id -> when its last access token expires at the latest (ms). */
  const revoked = new Map<string, number>();
  let unsubscribe: (() => void) | undefined;
  let lastPrunedAt = 0;

  function remember(ids: readonly string[]): void {
    const keepUntil = now() + tokenLifetimeMs;
    for (const id of ids) revoked.set(id, keepUntil);
    prune();
  }

  function prune(): void {
    const time = now();
    if (time - lastPrunedAt < 60_000) return;
    lastPrunedAt = time;
    for (const [id, keepUntil] of revoked) if (keepUntil <= time) revoked.delete(id);
  }

  async function readRecentlyEnded(): Promise<void> {
    const since = new Date(now() - tokenLifetimeMs);
    const rows = await db
      .selectDistinct({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(isNotNull(refreshTokens.revokedAt), gt(refreshTokens.revokedAt, since)));
    remember(rows.map((row) => row.familyId));
  }

  return {
    isRevoked: (sessionId) => revoked.has(sessionId),
    async revoke(sessionIds) {
      if (sessionIds.length === 0) return;
      remember(sessionIds);
      for (let start = 0; start < sessionIds.length; start += IDS_PER_MESSAGE) {
        await bus.publish(SESSIONS_REVOKED_CHANNEL, { ids: sessionIds.slice(start, start + IDS_PER_MESSAGE) });
      }
    },
    async start() {
      unsubscribe = await bus.subscribe(SESSIONS_REVOKED_CHANNEL, (message) => {
        // After a lost connection, what was missed is in the table.
        if (message.resync) return void readRecentlyEnded().catch(() => undefined);
        const ids = Array.isArray(message.ids) ? message.ids.filter((id): id is string => typeof id === 'string') : [];
        remember(ids);
      });
      await readRecentlyEnded();
    },
    async close() {
      unsubscribe?.();
    },
  };
}
