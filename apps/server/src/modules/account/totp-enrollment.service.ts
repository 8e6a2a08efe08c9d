import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit, type AuthContext } from '../../access';
import {
  verifyPassword,
  SIGN_IN_POLICY,
  createTotp,
  matchTotpStep,
  newTotpSecret,
  countFailedAttempt,
  endSessions,
  type AccessTokens,
  type UserRow,
} from '../auth';
import { findAccount, updateAccount } from './account.repository';

export interface TotpEnrollmentDeps {
  db: Db;
  accessTokens: AccessTokens;
  now?: () => Date;
}

export interface TotpEnrollment {
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code, a PNG data URL. */
  qrCode: string;
}

/**
 * Starts TOTP enrollment: a new secret is stored but not enabled until a code made from it is
 * confirmed. An enabled TOTP is never replaced this way: it is turned off first, with a current code.
 */
export async function startTotpEnrollment(
  deps: TotpEnrollmentDeps,
  auth: AuthContext,
  input: { password: string; clientAddress: string | undefined },
): Promise<TotpEnrollment> {
  const { clientAddress } = input;
  const now = deps.now?.() ?? new Date();
  const user = await findPasswordAccount(deps, auth);
  if (user.lockedUntil && user.lockedUntil > now) {
    throw new AppError('RATE_LIMITED', 'Too many wrong attempts. Try again later.');
  }
  // A stolen session must not be able to put its own second factor on the account.
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await countWrongCode(deps, auth, { now, clientAddress });
    throw AppError.validation([{ field: 'password', message: 'The password is not right' }]);
  }
  if (user.isTotpEnabled) {
    throw new AppError('CONFLICT', 'Two-step verification is already on; turn it off first to enroll again.');
  }
  const secret = newTotpSecret();
  const otpauthUrl = createTotp(secret, user.username).toString();
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  await updateAccount(deps.db, auth, { totpSecret: secret, isTotpEnabled: false });
  await audit(deps, auth, clientAddress, 'auth.totp_enrollment_started');
  return { secret, otpauthUrl, qrCode };
}

/** Turns TOTP on with a code from the new secret; the code's time step is spent, as at sign-in. */
export async function confirmTotpEnrollment(
  deps: TotpEnrollmentDeps,
  auth: AuthContext,
  input: { code: string; clientAddress: string | undefined },
): Promise<true> {
  const user = await findPasswordAccount(deps, auth);
  if (user.isTotpEnabled) throw new AppError('CONFLICT', 'Two-step verification is already on.');
  if (!user.totpSecret) throw new AppError('CONFLICT', 'Start the enrollment first.');
  const step = acceptedStep(user, user.totpSecret, input.code, deps.now?.() ?? new Date());
  if (step === undefined) {
    await audit(deps, auth, input.clientAddress, 'auth.totp_enrollment_failed');
    throw invalidCode();
  }
  await updateAccount(deps.db, auth, { isTotpEnabled: true, totpLastStep: step });
  await audit(deps, auth, input.clientAddress, 'auth.totp_enrolled');
  return true;
}

/**
 * Turns TOTP off, proven with a current code. Wrong codes count towards the account's lockout like
 * wrong sign-ins, so that a stolen session cannot guess its way to removing the second factor.
 */
export async function disableTotp(
  deps: TotpEnrollmentDeps,
  auth: AuthContext,
  input: { code: string; clientAddress: string | undefined },
): Promise<true> {
  const now = deps.now?.() ?? new Date();
  const user = await findPasswordAccount(deps, auth);
  if (user.lockedUntil && user.lockedUntil > now) {
    throw new AppError('RATE_LIMITED', 'Too many wrong codes. Try again later.');
  }
  if (!user.isTotpEnabled || !user.totpSecret) throw new AppError('CONFLICT', 'Two-step verification is not on.');
  const step = acceptedStep(user, user.totpSecret, input.code, now);
  if (step === undefined) {
    await countWrongCode(deps, auth, { now, clientAddress: input.clientAddress });
    throw invalidCode();
  }
  await updateAccount(deps.db, auth, { isTotpEnabled: false, totpSecret: null, totpLastStep: step, failedAttempts: 0 });
  // Whoever else holds a session of this account held it with the second factor that just went away.
  await endSessions(deps, { userId: auth.userId, except: auth.sessionId }, now);
  await audit(deps, auth, input.clientAddress, 'auth.totp_disabled');
  return true;
}

/** The code's time step when it is right and not already spent (RFC 6238 §5.2: one use per step). */
function acceptedStep(user: UserRow, secret: string, code: string, now: Date): number | undefined {
  const step = matchTotpStep(secret, code, now.getTime());
  if (step === undefined) return undefined;
  if (user.totpLastStep !== null && step <= user.totpLastStep) return undefined;
  return step;
}

async function countWrongCode(
  deps: TotpEnrollmentDeps,
  auth: AuthContext,
  options: { now: Date; clientAddress: string | undefined },
): Promise<void> {
  const attempts = await countFailedAttempt(deps.db, auth.userId);
  if (attempts < SIGN_IN_POLICY.maxFailedAttempts) {
    await audit(deps, auth, options.clientAddress, 'auth.totp_disable_failed', { attempts });
    return;
  }
  const lockedUntil = new Date(options.now.getTime() + SIGN_IN_POLICY.lockoutMinutes * 60_000);
  await updateAccount(deps.db, auth, { lockedUntil, failedAttempts: 0 });
  // A locked account keeps no session: whoever was guessing codes is signed out with it.
  await endSessions(deps, { userId: auth.userId }, options.now);
  await audit(deps, auth, options.clientAddress, 'auth.lockout', { attempts, lockedUntil: lockedUntil.toISOString() });
}

async function findPasswordAccount(deps: TotpEnrollmentDeps, auth: AuthContext): Promise<UserRow> {
  const user = await findAccount(deps.db, auth);
  if (!user) throw new AppError('UNAUTHENTICATED');
  if (user.identitySource !== 'cairn') {
    throw new AppError('CONFLICT', "Two-step verification is managed by your organisation's identity provider.");
  }
  return user;
}

function invalidCode(): AppError {
  return AppError.validation([{ field: 'code', message: 'This code is not valid; use the current one from your app' }]);
}

function audit(
  deps: TotpEnrollmentDeps,
  auth: AuthContext,
  clientAddress: string | undefined,
  action: string,
  details?: Record<string, unknown>,
): Promise<void> {
  return writeAudit(deps.db, {
    organisationId: auth.organisationId,
    userId: auth.userId,
    action,
    clientAddress,
    details,
  });
}
