import { randomUUID } from 'node:crypto';
import { FLAG_STREAM_TICKET_SECONDS } from '@cairn/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';

export interface StreamTicketHolder {
  userId: string;
  organisationId: string;
  /** The sign-in session the ticket was issued to: the stream ends with it. */
  sessionId: string;
}

/**
 * Single-use, short-lived tickets that open a stream a browser cannot send headers to: the flag stream
 * (EventSource) and the real-time websocket. An access token must never sit in a URL. A ticket is signed
 * with a key of its own, never the access tokens' key, and names its audience, so that it can never be
 * replayed as an access token or open the other stream; any process can verify it. It is
 * spent on first use: the spent set lives in this process, which is exact on embedded PGlite (one
 * process). On a PostgreSQL deployment of several processes, a ticket replayed within its 60 seconds
 * on another process would still open a stream for the same user: a shared table of spent tickets
 * would close that gap.
 */
export interface StreamTickets {
  issue(holder: StreamTicketHolder): Promise<string>;
  /**
   * The holder, or `undefined` when the ticket is malformed, expired, not ours, already used, or its
   * session has ended.
   */
  redeem(ticket: string): Promise<StreamTicketHolder | undefined>;
  /** False once the holder's session has ended: an open stream is closed then. */
  isLive(holder: StreamTicketHolder): boolean;
}

export interface SignedTicketOptions {
  secret: string;
  /** What the ticket opens (`cairn-flag-stream`, `cairn-realtime`): a ticket is refused by any other audience. */
  audience: string;
  lifetimeSeconds: number;
  /** Whether a sign-in session has ended (`AccessTokens.isSessionEnded`). */
  isSessionEnded: (sessionId: string) => boolean;
  now?: () => number;
}

const ISSUER = 'cairn';

/** The flag stream's tickets (spec §9). */
export function createStreamTickets(
  secret: string,
  isSessionEnded: (sessionId: string) => boolean,
  now: () => number = Date.now,
): StreamTickets {
  return createSignedTickets({
    secret,
    audience: 'cairn-flag-stream',
    lifetimeSeconds: FLAG_STREAM_TICKET_SECONDS,
    isSessionEnded,
    now,
  });
}

export function createSignedTickets(options: SignedTicketOptions): StreamTickets {
  const { audience, lifetimeSeconds, isSessionEnded, now = Date.now } = options;
  const key = new TextEncoder().encode(options.secret);
  /** Ticket id -> when it expires (ms); entries leave once expired. */
  const spent = new Map<string, number>();

  function forgetExpired(): void {
    const time = now();
    for (const [id, expiresAt] of spent) if (expiresAt <= time) spent.delete(id);
  }

  return {
    async issue(holder) {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ org: holder.organisationId, sid: holder.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(holder.userId)
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetimeSeconds)
        .sign(key);
    },
    isLive: (holder) => !isSessionEnded(holder.sessionId),
    async redeem(ticket) {
      try {
        const { payload } = await jwtVerify(ticket, key, {
          issuer: ISSUER,
          audience,
          algorithms: ['HS256'],
          currentDate: new Date(now()),
          clockTolerance: 0,
        });
        const { sub, org, sid, jti, exp } = payload;
        if (typeof sub !== 'string' || typeof org !== 'string' || typeof sid !== 'string' || !jti || !exp) {
          return undefined;
        }
        if (isSessionEnded(sid)) return undefined;
        forgetExpired();
        if (spent.has(jti)) return undefined;
        spent.set(jti, exp * 1000);
        return { userId: sub, organisationId: org, sessionId: sid };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
