import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type Permission, PERMISSIONS } from '@cairn/contracts';
import type { Db } from '../../db/client';
import type { AccessTokens } from './access-tokens';
import { insertRefreshToken, revokeFamilies, type SessionsToEnd } from './refresh-tokens.repository';
import { DAY_MS, SIGN_IN_POLICY } from './policy';
import type { UserRow } from './users.repository';

export interface IssuedSession {
  token: string;
  refreshToken: string;
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The claims of spec §3 "Token claims" for a Cairn login token. */
export function loginTokenClaims(user: UserRow): Record<string, unknown> {
  const permissions: Record<string, unknown> = { view: user.view };
  for (const permission of user.permissions) permissions[permission] = true;
  return {
    permissions: JSON.stringify(permissions),
    analyticsMetadata: JSON.stringify({ first_name: user.firstName, last_name: user.lastName }),
    emrName: user.emrName ?? undefined,
    email: user.email,
    'cognito:groups': user.isMultipleProviders ? ['MultipleProviders'] : [],
    dataSourceId: user.organisationId,
  };
}

/** An access token and a new refresh-token family for a user who just signed in. */
export async function issueSession(db: Db, accessTokens: AccessTokens, user: UserRow): Promise<IssuedSession> {
  return issueTokens(db, accessTokens, user, randomUUID());
}

/** An access token and a refresh token in the given family (a new sign-in, or a rotation). */
export async function issueTokens(
  db: Db,
  accessTokens: AccessTokens,
  user: UserRow,
  familyId: string,
): Promise<IssuedSession> {
  const token = await accessTokens.sign(
    {
      sub: user.id,
      org: user.organisationId,
      sid: familyId,
      isAdmin: user.isAdmin,
      permissions: user.permissions.filter((name): name is Permission =>
        (PERMISSIONS as readonly string[]).includes(name),
      ),
      isSaml: user.identitySource !== 'cairn',
      extra: loginTokenClaims(user),
    },
    SIGN_IN_POLICY.accessTokenSeconds,
  );
  const refreshToken = randomBytes(32).toString('base64url');
  await insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: hashRefreshToken(refreshToken),
    expiresAt: new Date(Date.now() + SIGN_IN_POLICY.refreshTokenDays * DAY_MS),
  });
  return { token, refreshToken };
}

/**
 * Ends one session, or every session of a user: their refresh tokens are revoked and their access
 * tokens refused at once, by every server process (sign-out, lockout, a password changed or reset,
 * two-step verification turned off, a replayed refresh token).
 */
export async function endSessions(
  deps: { db: Db; accessTokens: AccessTokens },
  which: SessionsToEnd,
  now: Date,
): Promise<void> {
  const ended = await revokeFamilies(deps.db, which, now);
  await deps.accessTokens.revokeSessions(ended);
}
