import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { ScimError } from './scim-error';
import { findActiveToken, touchToken } from './scim-tokens.repository';

/** A SCIM token: a recognisable prefix (secret scanners find it) and 256 random bits. */
export function newScimToken(): { token: string; tokenHash: string } {
  const token = `cairn_scim_${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashScimToken(token) };
}

/** Tokens are stored as their SHA-256: they are random, so a slow hash adds nothing. */
export function hashScimToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** `last_used_at` is written at most once a minute per token, not on every request of a sync. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The organisation and token of `Authorization: Bearer <token>`: a missing, unknown or revoked token
 * is 401 in SCIM's error form, all alike.
 */
export async function authenticateScim(
  db: Db,
  authorization: string | undefined,
  now: Date,
): Promise<{ organisationId: string; tokenId: string }> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  const token = match?.[1] ? await findActiveToken(db, hashScimToken(match[1])) : undefined;
  if (!token) throw new ScimError(401, 'A valid SCIM bearer token of the organisation is required.');
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchToken(db, token.id, now);
  }
  return { organisationId: token.organisationId, tokenId: token.id };
}
