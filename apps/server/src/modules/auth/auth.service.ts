import type { LoginResult } from '@cairn/contracts';
import type { Db } from '../../db/client';
import { writeAudit } from '../audit/audit.repository';
import type { AccessTokens } from './access-tokens';
import { verifyPassword } from './passwords';
import { DAY_MS, SIGN_IN_POLICY } from './policy';
import { issueSession } from './sessions';
import { matchTotpStep } from './totp';
import { countFailedAttempt, findUserByUsername, updateUser, type UserRow } from './users.repository';

export interface LoginInput {
  username: string;
  password: string;
  totpCode?: string;
  clientAddress: string | undefined;
}

export interface AuthServiceDeps {
  db: Db;
  accessTokens: AccessTokens;
  now?: () => Date;
}

export type AuditSignIn = (action: string, details?: Record<string, unknown>) => Promise<void>;

/** A user whose password was just proven, with the clock and the audit writer of this attempt. */
export interface SignInAttempt {
  user: UserRow;
  now: Date;
  audit: AuditSignIn;
}

/**
 * A login attempt (spec §4 "Login attempt"): each sign-in status is reached by its real condition.
 * Wrong credentials never say whether the account exists; a locked account is refused before its
 * password is checked; every outcome is audited without the password or the code.
 */
export async function login(deps: AuthServiceDeps, input: LoginInput): Promise<LoginResult> {
  const checked = await checkPassword(deps, input);
  if ('refused' in checked) return checked.refused;
  const pending = pendingPasswordStep(checked.user, checked.now);
  if (pending) {
    await checked.audit('auth.sign_in_password_change_required', { status: pending });
    return { status: pending };
  }
  const totpRefusal = await checkTotpCode(deps, checked, input.totpCode);
  if (totpRefusal) return totpRefusal;
  return startSession(deps, checked);
}

/**
 * The first steps of every password sign-in (login, password change): the account is found, a
 * locked one refused, and the password verified, a wrong one counting towards the lockout.
 */
export async function checkPassword(
  deps: AuthServiceDeps,
  input: Pick<LoginInput, 'username' | 'password' | 'clientAddress'>,
): Promise<SignInAttempt | { refused: LoginResult }> {
  const now = deps.now?.() ?? new Date();
  const user = await findUserByUsername(deps.db, input.username);
  const audit: AuditSignIn = (action, details) =>
    writeAudit(deps.db, {
      organisationId: user?.organisationId,
      userId: user?.id,
      action,
      clientAddress: input.clientAddress,
      details,
    });

  if (user?.lockedUntil && user.lockedUntil > now) {
    await audit('auth.sign_in_refused', { reason: 'locked' });
    return { refused: { status: 'passwordAttemptsExceeded', lockedUntil: user.lockedUntil.toISOString() } };
  }
  const isPasswordRight = await verifyPassword(user?.passwordHash, input.password);
  // An SSO user has no password: a password attempt fails without counting towards a lockout, so
  // that nobody can lock an SSO user out by guessing at their username.
  if (!user?.passwordHash) {
    await audit('auth.sign_in_failed', { reason: 'credentials', username: input.username });
    return { refused: { status: 'credentialsFailure' } };
  }
  if (!isPasswordRight) return { refused: await recordFailure(deps, { user, now, audit }, 'credentialsFailure') };
  return { user, now, audit };
}

/** The password steps that come before a session: first login, dormant account, expired password. */
export function pendingPasswordStep(user: UserRow, now: Date): LoginResult['status'] | undefined {
  if (user.mustChangePassword) return 'firstLoginPasswordChange';
  const dormantSince = now.getTime() - SIGN_IN_POLICY.dormantAccountDays * DAY_MS;
  if (user.lastLoginAt && user.lastLoginAt.getTime() < dormantSince) return 'oldLogin';
  const passwordExpiry = now.getTime() - SIGN_IN_POLICY.passwordMaxAgeDays * DAY_MS;
  if (user.lastPasswordChangeAt.getTime() < passwordExpiry) return 'oldPassword';
  return undefined;
}

/**
 * The one-time code, when TOTP is enrolled: `undefined` when it is accepted (its step is recorded so
 * that it never works twice), otherwise the status to answer.
 */
export async function checkTotpCode(
  deps: AuthServiceDeps,
  attempt: SignInAttempt,
  totpCode: string | undefined,
): Promise<LoginResult | undefined> {
  const { user, now } = attempt;
  if (!user.isTotpEnabled || !user.totpSecret) return undefined;
  if (!totpCode) return { status: 'totpRequired' };
  const step = matchTotpStep(user.totpSecret, totpCode, now.getTime());
  const isReplay = step !== undefined && user.totpLastStep !== null && step <= user.totpLastStep;
  if (step === undefined || isReplay) return recordFailure(deps, attempt, 'totpFailure');
  await updateUser(deps.db, user.id, { totpLastStep: step });
  return undefined;
}

/** Every check passed: the failure count is cleared, the sign-in audited and a session issued. */
export async function startSession(deps: AuthServiceDeps, attempt: SignInAttempt): Promise<LoginResult> {
  const { user, now, audit } = attempt;
  await updateUser(deps.db, user.id, { failedAttempts: 0, lockedUntil: null, lastLoginAt: now });
  await audit('auth.sign_in');
  const session = await issueSession(deps.db, deps.accessTokens, user);
  return { status: 'success', ...session };
}

/** A wrong password or code: counted, and the account locked when the count reaches the limit. */
export async function recordFailure(
  deps: AuthServiceDeps,
  attempt: SignInAttempt,
  status: 'credentialsFailure' | 'totpFailure',
): Promise<LoginResult> {
  const { user, now, audit } = attempt;
  const attempts = await countFailedAttempt(deps.db, user.id);
  if (attempts < SIGN_IN_POLICY.maxFailedAttempts) {
    await audit('auth.sign_in_failed', { reason: status, attempts });
    return { status };
  }
  const lockedUntil = new Date(now.getTime() + SIGN_IN_POLICY.lockoutMinutes * 60_000);
  await updateUser(deps.db, user.id, { lockedUntil, failedAttempts: 0 });
  await audit('auth.lockout', { attempts, lockedUntil: lockedUntil.toISOString() });
  return { status: 'passwordAttemptsExceeded', lockedUntil: lockedUntil.toISOString() };
}
