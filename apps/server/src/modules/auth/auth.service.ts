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

/**
 * A login attempt (spec §4 "Login attempt"): each sign-in status is reached by its real condition.
 * Wrong credentials never say whether the account exists; a locked account is refused before its
 * password is checked; every outcome is audited without the password or the code.
 */
export async function login(deps: AuthServiceDeps, input: LoginInput): Promise<LoginResult> {
  const now = deps.now?.() ?? new Date();
  const user = await findUserByUsername(deps.db, input.username);
  const audit = (action: string, details?: Record<string, unknown>) =>
    writeAudit(deps.db, {
      organisationId: user?.organisationId,
      userId: user?.id,
      action,
      clientAddress: input.clientAddress,
      details,
    });

  if (user?.lockedUntil && user.lockedUntil > now) {
    await audit('auth.sign_in_refused', { reason: 'locked' });
    return { status: 'passwordAttemptsExceeded', lockedUntil: user.lockedUntil.toISOString() };
  }
  const isPasswordRight = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !isPasswordRight) {
    if (!user) {
      await audit('auth.sign_in_failed', { reason: 'credentials', username: input.username });
      return { status: 'credentialsFailure' };
    }
    return recordFailure(deps, user, now, 'credentialsFailure', audit);
  }

  const pending = pendingPasswordStep(user, now);
  if (pending) {
    await audit('auth.sign_in_password_change_required', { status: pending });
    return { status: pending };
  }
  if (user.isTotpEnabled && user.totpSecret) {
    if (!input.totpCode) return { status: 'totpRequired' };
    const step = matchTotpStep(user.totpSecret, input.totpCode, now.getTime());
    const isReplay = step !== undefined && user.totpLastStep !== null && step <= user.totpLastStep;
    if (step === undefined || isReplay) return recordFailure(deps, user, now, 'totpFailure', audit);
    await updateUser(deps.db, user.id, { totpLastStep: step });
  }

  await updateUser(deps.db, user.id, { failedAttempts: 0, lockedUntil: null, lastLoginAt: now });
  await audit('auth.sign_in');
  const session = await issueSession(deps.db, deps.accessTokens, user);
  return { status: 'success', ...session };
}

/** The password steps that come before a session: first login, dormant account, expired password. */
function pendingPasswordStep(user: UserRow, now: Date): LoginResult['status'] | undefined {
  if (user.mustChangePassword) return 'firstLoginPasswordChange';
  const dormantSince = now.getTime() - SIGN_IN_POLICY.dormantAccountDays * DAY_MS;
  if (user.lastLoginAt && user.lastLoginAt.getTime() < dormantSince) return 'oldLogin';
  const passwordExpiry = now.getTime() - SIGN_IN_POLICY.passwordMaxAgeDays * DAY_MS;
  if (user.lastPasswordChangeAt.getTime() < passwordExpiry) return 'oldPassword';
  return undefined;
}

async function recordFailure(
  deps: AuthServiceDeps,
  user: UserRow,
  now: Date,
  status: 'credentialsFailure' | 'totpFailure',
  audit: (action: string, details?: Record<string, unknown>) => Promise<void>,
): Promise<LoginResult> {
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
