import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Mailer } from '../../integrations/smtp/mailer';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../access';
import {
  clearSignInFailures,
  hashPassword,
  verifyPassword,
  endSessions,
  updateUser,
  type AccessTokens,
  type UserRow,
} from '../auth';
import {
  claimResetCodeTry,
  countResetCodesSince,
  findRecoveryAccount,
  insertResetCode,
  markResetCodeUsed,
  voidActiveResetCodes,
} from './password-reset.repository';
import { resetCodeMail } from './reset-code-mail';

/** Recovery codes: 10^8 values, 5 tries each and 5 codes an hour per account keep guessing hopeless. */
export const RESET_CODE_POLICY = {
  digits: 8,
  validMinutes: 15,
  maxTries: 5,
  maxCodesPerHour: 5,
} as const;

export interface PasswordResetDeps {
  db: Db;
  accessTokens: AccessTokens;
  mailer: Mailer;
  now?: () => Date;
}

/** The same words for a wrong, expired, used or void code and an unknown account. */
const INVALID_CODE = 'This code is not valid: it may be mistyped, expired or already used. Ask for a new code.';

/**
 * Spec §7 `userResetPasswordAttempt`: mails a one-time code to a password account, named by its
 * username or its email address. The answer, and the work done before it (one argon2id hash), are the
 * same whether the account exists, signs in through SSO, or asked too often; the mail itself leaves in
 * the background.
 */
export async function requestPasswordReset(
  deps: PasswordResetDeps,
  input: { username: string; is180DaysReset: boolean; clientAddress: string | undefined },
): Promise<true> {
  const now = deps.now?.() ?? new Date();
  const user = await findRecoveryAccount(deps.db, input.username);
  const code = randomInt(0, 10 ** RESET_CODE_POLICY.digits)
    .toString()
    .padStart(RESET_CODE_POLICY.digits, '0');
  const codeHash = await hashPassword(code);
  const audit = (outcome: string, details: Record<string, unknown> = {}) =>
    writeAudit(deps.db, {
      organisationId: user?.organisationId,
      userId: user?.id,
      action: 'auth.password_reset_requested',
      clientAddress: input.clientAddress,
      details: { outcome, is180DaysReset: input.is180DaysReset, ...details },
    });

  if (!user) {
    await audit('unknown_account', { username: input.username });
    return true;
  }
  if (!isPasswordAccount(user)) {
    await audit('sso_account');
    return true;
  }
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  if ((await countResetCodesSince(deps.db, user.id, hourAgo)) >= RESET_CODE_POLICY.maxCodesPerHour) {
    await audit('too_many_codes');
    return true;
  }
  const expiresAt = new Date(now.getTime() + RESET_CODE_POLICY.validMinutes * 60_000);
  await voidActiveResetCodes(deps.db, user.id, now);
  await insertResetCode(deps.db, { userId: user.id, codeHash, expiresAt, createdAt: now });
  deps.mailer.sendInBackground(
    resetCodeMail({
      to: user.email,
      code,
      expiresAt,
      validMinutes: RESET_CODE_POLICY.validMinutes,
      is180DaysReset: input.is180DaysReset,
    }),
  );
  await audit('code_sent');
  return true;
}

/**
 * Sets a new password with the mailed code. It also reactivates the account: the lockout is lifted,
 * a forced change is no longer pending, the dormancy clock (spec status oldLogin) restarts from the
 * next sign-in (past sign-ins stay in the audit log), and every refresh token is revoked.
 */
export async function confirmPasswordReset(
  deps: PasswordResetDeps,
  input: { username: string; code: string; newPassword: string; clientAddress: string | undefined },
): Promise<{ status: 'success' }> {
  const now = deps.now?.() ?? new Date();
  const found = await findRecoveryAccount(deps.db, input.username);
  const user = found && isPasswordAccount(found) ? found : undefined;
  const claimed = user
    ? await claimResetCodeTry(deps.db, { userId: user.id, now, maxTries: RESET_CODE_POLICY.maxTries })
    : undefined;
  // With no code to check, a dummy hash is verified: the refusal takes as long as a wrong code.
  const isCodeRight = await verifyPassword(claimed?.codeHash, input.code);
  const audit = (action: string, details?: Record<string, unknown>) =>
    writeAudit(deps.db, {
      organisationId: user?.organisationId,
      userId: user?.id,
      action,
      clientAddress: input.clientAddress,
      details,
    });

  if (!user || !claimed || !isCodeRight) {
    if (user) await audit('auth.password_reset_failed', { reason: claimed ? 'wrong_code' : 'no_valid_code' });
    throw invalidCode();
  }
  if (await verifyPassword(user.passwordHash, input.newPassword)) {
    throw AppError.validation([{ field: 'newPassword', message: 'The new password must differ from the current one' }]);
  }
  if (!(await markResetCodeUsed(deps.db, claimed.id, now))) throw invalidCode();
  await updateUser(deps.db, user.id, {
    passwordHash: await hashPassword(input.newPassword),
    lastPasswordChangeAt: now,
    mustChangePassword: false,
    failedAttempts: 0,
    lockedUntil: null,
    lastLoginAt: null,
  });
  // The emailed code proves the account is theirs: a sign-in lock on its name ends with it.
  await clearSignInFailures(deps.db, user.username);
  await endSessions(deps, { userId: user.id }, now);
  await audit('auth.password_reset');
  return { status: 'success' };
}

/** Cairn's own password accounts; SSO users have no password here and get no code. */
function isPasswordAccount(user: UserRow): boolean {
  return user.identitySource === 'cairn' && user.passwordHash !== null;
}

function invalidCode(): AppError {
  return new AppError('VALIDATION_FAILED', INVALID_CODE, { issues: [{ field: 'code', message: INVALID_CODE }] });
}
