import type { SignInStatus } from '@cairn/contracts';

/**
 * The steps of the login card (spec §2 "Login flow steps"), and LockedAccount: a lock must not keep the
 * real user out (its ways out: the password with a one-time code, or a reset by emailed code). An
 * administrator's invitation link opens on InitializePassword.
 */
export const LOGIN_STEPS = [
  'PasswordLogin',
  'ChangePasswordAlert',
  'ChangePassword',
  'ChangePasswordDone',
  'RecoverPasswordSetEmail',
  'RecoverPasswordSetEmailDone',
  'PasswordResetForOldPassword',
  'RecoverPassword',
  'RecoverPasswordDone',
  'TwoStepVerification',
  'ReadTermsAndConditions',
  'InitializePassword',
  'LockedAccount',
] as const;
export type LoginStep = (typeof LOGIN_STEPS)[number];

/**
 * The step a sign-in status leads to. `success` has no step of its own: the card either shows the
 * terms to accept or hands over to the app.
 */
export function stepForStatus(status: SignInStatus): LoginStep | undefined {
  switch (status) {
    case 'success':
      return undefined;
    case 'totpRequired':
    case 'totpFailure':
      return 'TwoStepVerification';
    case 'firstLoginPasswordChange':
      return 'InitializePassword';
    case 'oldPassword':
      return 'ChangePasswordAlert';
    // A dormant account is reactivated by a reset through the email on file (sign-in policy).
    case 'oldLogin':
    case 'recoverPasswordRequest':
      return 'RecoverPasswordSetEmail';
    case 'passwordAttemptsExceeded':
      return 'LockedAccount';
    case 'initial':
    case 'failure':
    case 'credentialsFailure':
    case 'generalError':
      return 'PasswordLogin';
  }
}

/** What the card says about a status, or `undefined` when the step itself explains it. */
export function messageForStatus(status: SignInStatus, lockedUntil?: string): string | undefined {
  switch (status) {
    case 'credentialsFailure':
      return 'Incorrect username or password.';
    case 'passwordAttemptsExceeded':
      return lockedUntil
        ? `Too many failed attempts. Your account is locked until ${formatTime(lockedUntil)}.`
        : 'Too many failed attempts. Your account is locked for a while.';
    case 'totpFailure':
      return 'That code is not valid. Enter the current code from your authenticator app.';
    case 'generalError':
      return 'Cairn cannot be reached right now. Please try again later.';
    case 'failure':
      return 'Sign-in failed. Please try again.';
    case 'oldLogin':
      return 'Your account has not been used for a long time. To protect it, reset your password with a code sent to your email.';
    case 'initial':
    case 'success':
    case 'firstLoginPasswordChange':
    case 'oldPassword':
    case 'totpRequired':
    case 'recoverPasswordRequest':
      return undefined;
  }
}

function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'later';
  return date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
