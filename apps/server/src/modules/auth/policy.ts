/** Sign-in policy. Figures follow common HIPAA security practice and NIST SP 800-63B. */
export const SIGN_IN_POLICY = {
  /** Failed attempts (password or one-time code) before the account locks. */
  maxFailedAttempts: 5,
  lockoutMinutes: 15,
  /** A password older than this must be changed (the spec's `is180DaysReset`). */
  passwordMaxAgeDays: 180,
  /** An account unused for this long must be reactivated by a password reset (spec status oldLogin). */
  dormantAccountDays: 90,
  accessTokenSeconds: 15 * 60,
  refreshTokenDays: 14,
  /** A password-change proof after first login or expiry is valid this long. */
  changePasswordTokenSeconds: 10 * 60,
} as const;

export const DAY_MS = 24 * 60 * 60 * 1000;
