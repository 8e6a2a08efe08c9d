import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function findRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/**
 * Marks the token rotated, only if it was not already: of two concurrent refreshes with one token,
 * exactly one wins; the other is a reuse.
 */
export async function claimForRotation(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function insertRefreshToken(db: Db, row: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

/** One session, or every session of a user (but the one named in `except`). */
export type SessionsToEnd = { familyId: string } | { userId: string; except?: string };

/** Revokes the refresh tokens of a session, or of all of a user's sessions; answers the sessions' ids. */
export async function revokeFamilies(db: Db, which: SessionsToEnd, now: Date): Promise<string[]> {
  const owner =
    'familyId' in which
      ? eq(refreshTokens.familyId, which.familyId)
      : and(
          eq(refreshTokens.userId, which.userId),
          which.except === undefined ? undefined : ne(refreshTokens.familyId, which.except),
        );
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(owner, isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  const ids = new Set(rows.map((row) => row.familyId));
  if ('familyId' in which) ids.add(which.familyId);
  return [...ids];
}
