import type { LoginResult } from '@cairn/contracts';
import type { Db } from '../../db/client';
import { writeAudit } from '../../access';
import type { AccessTokens } from './access-tokens';
import { verifyPassword } from './passwords';
import { DAY_MS, SIGN_IN_POLICY } from './policy';
import { endSessions, issueSession } from './sessions';
import { clearSignInFailures, countSignInFailure, findSignInLock } from './sign-in-failures.repository';
import { matchTotpStep } from './totp';
import { findUserByUsername, updateUser, type UserRow } from './users.repository';

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
  /** The one-time code was already accepted (a locked account opened by it). */
  hasPassedTotp?: boolean;
}

/**
 * A login attempt (spec §4 "Login attempt"): each sign-in status is reached by its real condition.
 * Neither the answer nor its time says whether the account exists; every outcome is audited without
 * the password or the code.
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
 * The first steps of every password sign-in (login, password change): the account is found and the
 * password verified; a wrong one counts towards the lockout of the submitted name.
 *
 * Failures are counted per submitted username whether or not an account has it, and every refusal
 * does the same work (one lookup, one lock read, one argon2 verify, a dummy hash when there is no
 * account, one count, one audit row), so that neither the answer nor its time tells an unknown name,
 * an SSO user, a wrong password or a locked account apart. A lock must not keep the real user out:
 * the right password with a valid one-time code still signs in, and so does a reset by emailed code.
 */
export async function checkPassword(
  deps: AuthServiceDeps,
  input: Pick<LoginInput, 'username' | 'password' | 'totpCode' | 'clientAddress'>,
): Promise<SignInAttempt | { refused: LoginResult }> {
  const now = deps.now?.() ?? new Date();
  const user = await findUserByUsername(deps.db, input.username);
  const nameLock = await findSignInLock(deps.db, { username: input.username, now });
  const audit: AuditSignIn = (action, details) =>
    writeAudit(deps.db, {
      organisationId: user?.organisationId,
      userId: user?.id,
      action,
      clientAddress: input.clientAddress,
      details,
    });
  // An SSO user has no password: verifyPassword checks a dummy hash and answers false.
  const isPasswordRight = await verifyPassword(user?.passwordHash, input.password);
  const lockedUntil = latestOf([nameLock, user?.lockedUntil], now);
  if (user && isPasswordRight) {
    const attempt: SignInAttempt = { user, now, audit };
    if (!lockedUntil) return attempt;
    if (user.isTotpEnabled && (await acceptTotpCode(deps, attempt, input.totpCode))) {
      return { ...attempt, hasPassedTotp: true };
    }
  }
  const refused = await refuseSignIn(deps, { username: input.username, user, now, audit, lockedUntil });
  return { refused };
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
  const { user, now, audit } = attempt;
  if (attempt.hasPassedTotp || !user.isTotpEnabled || !user.totpSecret) return undefined;
  if (!totpCode) return { status: 'totpRequired' };
  if (await acceptTotpCode(deps, attempt, totpCode)) return undefined;
  return refuseSignIn(deps, { username: user.username, user, now, audit, reason: 'totpFailure' });
}

/** A code of the user's TOTP secret, in the window and never used before: its step is recorded. */
async function acceptTotpCode(
  deps: AuthServiceDeps,
  attempt: SignInAttempt,
  totpCode: string | undefined,
): Promise<boolean> {
  const { user, now } = attempt;
  if (!user.totpSecret || !totpCode) return false;
  const step = matchTotpStep(user.totpSecret, totpCode, now.getTime());
  const isReplay = step !== undefined && user.totpLastStep !== null && step <= user.totpLastStep;
  if (step === undefined || isReplay) return false;
  await updateUser(deps.db, user.id, { totpLastStep: step });
  return true;
}

/** Every check passed: the failure count is cleared, the sign-in audited and a session issued. */
export async function startSession(deps: AuthServiceDeps, attempt: SignInAttempt): Promise<LoginResult> {
  const { user, now, audit } = attempt;
  await updateUser(deps.db, user.id, { failedAttempts: 0, lockedUntil: null, lastLoginAt: now });
  await clearSignInFailures(deps.db, user.username);
  await audit('auth.sign_in');
  const session = await issueSession(deps.db, deps.accessTokens, user);
  return { status: 'success', ...session };
}

interface Refusal {
  username: string;
  user: UserRow | undefined;
  now: Date;
  audit: AuditSignIn;
  /** The name's lock, when it was locked before this attempt. */
  lockedUntil?: Date;
  reason?: 'credentialsFailure' | 'totpFailure';
}

/**
 * A wrong password or code, an unknown name or a locked one: counted against the submitted name,
 * which locks when the count reaches the limit. A lock is answered the same for every name.
 */
async function refuseSignIn(deps: AuthServiceDeps, refusal: Refusal): Promise<LoginResult> {
  const { username, user, now, audit, reason = 'credentialsFailure' } = refusal;
  const counted = await countSignInFailure(deps.db, {
    username,
    now,
    maxAttempts: SIGN_IN_POLICY.maxFailedAttempts,
    lockoutMs: SIGN_IN_POLICY.lockoutMinutes * 60_000,
  });
  const lockedUntil = latestOf([counted.lockedUntil, refusal.lockedUntil], now);
  const account = user ? {} : { username };
  if (!lockedUntil) {
    await audit('auth.sign_in_failed', { reason, attempts: counted.attempts, ...account });
    return { status: reason };
  }
  if (refusal.lockedUntil) {
    await audit('auth.sign_in_refused', { reason: 'locked', ...account });
  } else {
    // The account's own lock ends its sessions: their tokens are refused and cannot be renewed
    // (whoever was guessing may have held one). An SSO user's sessions are left alone, since a
    // password guess can never be theirs.
    if (user?.passwordHash) {
      await updateUser(deps.db, user.id, { lockedUntil, failedAttempts: 0 });
      await endSessions(deps, { userId: user.id }, now);
    }
    const attempts = SIGN_IN_POLICY.maxFailedAttempts;
    await audit('auth.lockout', { attempts, lockedUntil: lockedUntil.toISOString(), ...account });
  }
  return { status: 'passwordAttemptsExceeded', lockedUntil: lockedUntil.toISOString() };
}

/** The latest of the given instants that is still in the future. */
function latestOf(instants: (Date | null | undefined)[], now: Date): Date | undefined {
  const future = instants.filter((instant): instant is Date => instant instanceof Date && instant > now);
  return future.sort((a, b) => b.getTime() - a.getTime())[0];
}
