import { writeAudit, type AuthContext } from '../../access';
import { AppError } from '../../lib/app-error';
import type { AuthServiceDeps } from './auth.service';
import { claimForRotation, findRefreshToken, type RefreshTokenRow } from './refresh-tokens.repository';
import { endSessions, hashRefreshToken, issueTokens, type IssuedSession } from './sessions';
import { findUserById } from './users.repository';

/**
 * Rotates a refresh token: the presented one is spent and a new one joins its family. Presenting a
 * token that was already rotated means it was stolen or replayed, so the whole family is revoked
 * and both holders must sign in again (OAuth 2.0 Security BCP, RFC 9700 §4.14.2).
 */
export async function refreshSession(
  deps: AuthServiceDeps,
  input: { refreshToken: string; clientAddress: string | undefined },
): Promise<IssuedSession> {
  const now = deps.now?.() ?? new Date();
  const row = await findRefreshToken(deps.db, hashRefreshToken(input.refreshToken));
  if (!row || row.revokedAt || row.expiresAt <= now) throw new AppError('UNAUTHENTICATED', 'The session has ended');
  const user = await findUserById(deps.db, row.userId);
  const isClaimed = await claimForRotation(deps.db, row.id, now);
  if (!isClaimed || !user) {
    await endSessions(deps, { familyId: row.familyId }, now);
    await auditRefresh(deps, row, user?.organisationId, 'auth.refresh_reuse_revoked', input.clientAddress);
    throw new AppError('UNAUTHENTICATED', 'The session has ended');
  }
  if (user.lockedUntil && user.lockedUntil > now) {
    await endSessions(deps, { familyId: row.familyId }, now);
    throw new AppError('UNAUTHENTICATED', 'The session has ended');
  }
  return issueTokens(deps.db, deps.accessTokens, user, row.familyId);
}

/**
 * Sign-out: the caller's session ends (its access tokens are refused from now on), and so does the
 * session of the refresh token sent with it when it is the caller's own.
 */
export async function signOut(
  deps: AuthServiceDeps,
  auth: AuthContext,
  input: { refreshToken?: string; clientAddress: string | undefined },
): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const row = input.refreshToken ? await findRefreshToken(deps.db, hashRefreshToken(input.refreshToken)) : undefined;
  await endSessions(deps, { familyId: auth.sessionId }, now);
  if (row?.userId === auth.userId && row.familyId !== auth.sessionId) {
    await endSessions(deps, { familyId: row.familyId }, now);
  }
  await writeAudit(deps.db, {
    organisationId: auth.organisationId,
    userId: auth.userId,
    action: 'auth.sign_out',
    clientAddress: input.clientAddress,
  });
}

function auditRefresh(
  deps: AuthServiceDeps,
  row: RefreshTokenRow,
  organisationId: string | undefined,
  action: string,
  clientAddress: string | undefined,
): Promise<void> {
  return writeAudit(deps.db, {
    organisationId,
    userId: row.userId,
    action,
    clientAddress,
    details: { familyId: row.familyId },
  });
}
