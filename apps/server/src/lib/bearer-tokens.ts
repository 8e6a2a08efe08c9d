import { createHash, randomBytes } from 'node:crypto';

/**
 * The bearer tokens other systems hold for an organisation (an identity provider's SCIM token, a payer's
 * API client token): a recognisable prefix, so that secret scanners find a leaked one, and 256 random
 * bits. Cairn stores only the hash and shows the token once.
 */
export function newBearerToken(prefix: string): { token: string; tokenHash: string } {
  const token = `${prefix}${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashBearerToken(token) };
}

/** Tokens are stored as their SHA-256: they are random, so a slow hash adds nothing. */
export function hashBearerToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of `Authorization: Bearer <token>`, if the header holds one. */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
}

/** `last_used_at` is written at most once a minute per token, not on every request of a sync. */
const TOUCH_INTERVAL_MS = 60_000;

/** Whether a token last used at `lastUsedAt` should have its last use written now. */
export function isTouchDue(lastUsedAt: Date | null, now: Date): boolean {
  return !lastUsedAt || now.getTime() - lastUsedAt.getTime() >= TOUCH_INTERVAL_MS;
}
