import type { LoginResult } from '@cairn/contracts';
import { AppError } from '../../lib/app-error';
import { writeAudit, type AuthContext } from '../../access';
import {
  checkPassword,
  checkTotpCode,
  pendingPasswordStep,
  startSession,
  type AuthServiceDeps,
  hashPassword,
  endSessions,
  updateUser,
} from '../auth';
import { updateAccount } from './account.repository';

export interface ChangePasswordInput {
  username: string;
  oldPassword: string;
  newPassword: string;
  totpCode?: string;
  clientAddress: string | undefined;
}

/**
 * Changes the password with the current one, forced (first login, older than 180 days) or not, then
 * signs in. It goes through login's own steps, so a locked account, a wrong password (counted
 * towards the lockout) and TOTP behave as at sign-in. The one-time code is checked before the
 * password changes: the old password alone must not be enough to take over an account. A dormant
 * account (oldLogin) must be reactivated by the emailed code instead.
 */
export async function changePassword(deps: AuthServiceDeps, input: ChangePasswordInput): Promise<LoginResult> {
  if (input.newPassword === input.oldPassword) {
    throw AppError.validation([{ field: 'newPassword', message: 'The new password must differ from the current one' }]);
  }
  const attempt = await checkPassword(deps, {
    username: input.username,
    password: input.oldPassword,
    totpCode: input.totpCode,
    clientAddress: input.clientAddress,
  });
  if ('refused' in attempt) return attempt.refused;
  const { user, now, audit } = attempt;
  const pending = pendingPasswordStep(user, now);
  if (pending === 'oldLogin') {
    await audit('auth.sign_in_password_change_required', { status: pending });
    return { status: pending };
  }
  const totpRefusal = await checkTotpCode(deps, attempt, input.totpCode);
  if (totpRefusal) return totpRefusal;

  const changes = { passwordHash: await hashPassword(input.newPassword), lastPasswordChangeAt: now };
  await updateUser(deps.db, user.id, { ...changes, mustChangePassword: false });
  // Sessions opened with the old password end with it.
  await endSessions(deps, { userId: user.id }, now);
  await audit('auth.password_changed', { reason: passwordChangeReason(pending) });
  return startSession(deps, { ...attempt, user: { ...user, ...changes, mustChangePassword: false } });
}

function passwordChangeReason(pending: LoginResult['status'] | undefined): string {
  if (pending === 'firstLoginPasswordChange') return 'first_login';
  if (pending === 'oldPassword') return 'expired';
  return 'voluntary';
}

/** The user read and accepted the terms and conditions (login step ReadTermsAndConditions). */
export async function acceptTerms(
  deps: Pick<AuthServiceDeps, 'db' | 'now'>,
  auth: AuthContext,
  clientAddress: string | undefined,
): Promise<true> {
  const now = deps.now?.() ?? new Date();
  await updateAccount(deps.db, auth, { termsAcceptedAt: now });
  await writeAudit(deps.db, {
    organisationId: auth.organisationId,
    userId: auth.userId,
    action: 'auth.terms_accepted',
    clientAddress,
  });
  return true;
}
