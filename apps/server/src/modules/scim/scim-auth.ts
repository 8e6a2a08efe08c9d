import type { Db } from '../../db/client';
import { bearerTokenOf, hashBearerToken, isTouchDue, newBearerToken } from '../../lib/bearer-tokens';
import { ScimError } from './scim-error';
import { findActiveToken, touchToken } from './scim-tokens.repository';

/** A SCIM token: `cairn_scim_` and 256 random bits (lib/bearer-tokens.ts). */
export function newScimToken(): { token: string; tokenHash: string } {
  return newBearerToken('cairn_scim_');
}

export const hashScimToken = hashBearerToken;

/**
 * The organisation and token of `Authorization: Bearer <token>`: a missing, unknown or revoked token
 * is 401 in SCIM's error form, all alike.
 */
export async function authenticateScim(
  db: Db,
  authorization: string | undefined,
  now: Date,
): Promise<{ organisationId: string; tokenId: string }> {
  const bearer = bearerTokenOf(authorization);
  const token = bearer ? await findActiveToken(db, hashScimToken(bearer)) : undefined;
  if (!token) throw new ScimError(401, 'A valid SCIM bearer token of the organisation is required.');
  if (isTouchDue(token.lastUsedAt, now)) await touchToken(db, token.id, now);
  return { organisationId: token.organisationId, tokenId: token.id };
}
