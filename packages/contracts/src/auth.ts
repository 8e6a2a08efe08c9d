import { z } from 'zod';
import { SIGN_IN_STATUSES, VIEWS } from './auth-enums';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

/** A six-digit RFC 6238 code. */
const totpCode = z.string().regex(/^\d{6}$/, 'A one-time code is six digits');
const username = z.string().trim().min(1).max(320);
/** Recovery names the account by its username or its email address (spec §7 keeps the field's name). */
const usernameOrEmail = username.describe("The account's username or email address");
/** NIST SP 800-63B: at least 8 characters, no composition rules, long passphrases allowed. */
export const newPassword = z.string().min(8, 'A password has at least 8 characters').max(256);

export const loginResult = z.object({
  status: z.enum(SIGN_IN_STATUSES),
  /** Access token (short-lived JWT) when signed in. */
  token: z.string().optional(),
  refreshToken: z.string().optional(),
  /** When a locked account opens again (passwordAttemptsExceeded). */
  lockedUntil: z.iso.datetime().optional(),
});
export type LoginResult = z.infer<typeof loginResult>;

const LOGIN_RATE = { max: 20, timeWindow: '1 minute' };
const TOTP_RATE = { max: 10, timeWindow: '5 minutes' };

export const login = defineEndpoint({
  method: 'POST',
  path: '/auth/login',
  summary: 'Sign in with username and password, and a one-time code when TOTP is enrolled',
  tags: ['auth'],
  auth: 'public',
  writes: 'public',
  rateLimit: LOGIN_RATE,
  body: z.strictObject({ username, password: z.string().min(1).max(1024), totpCode: totpCode.optional() }),
  response: resultEnvelope(loginResult),
});

/** Renews the session: the refresh token is rotated; presenting a rotated one revokes its whole family. */
export const refreshSession = defineEndpoint({
  method: 'POST',
  path: '/auth/refresh',
  summary: 'Exchange a refresh token for a new access token and a new refresh token',
  tags: ['auth'],
  auth: 'public',
  writes: 'public',
  rateLimit: { max: 60, timeWindow: '1 minute' },
  body: z.strictObject({ refreshToken: z.string().min(20).max(200) }),
  response: resultEnvelope(z.object({ token: z.string(), refreshToken: z.string() })),
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/auth/logout',
  summary: 'Sign out: revoke the refresh token family of this session',
  tags: ['auth'],
  auth: 'user',
  writes: 'own_account',
  v2: true,
  body: z.strictObject({ refreshToken: z.string().max(200).optional() }),
  response: resultEnvelope(z.object({ identityProviderLogoutUrl: z.url().optional() })),
});

/**
 * Changes the password, proving the current one: a forced change (first login, 180-day expiry) and a
 * voluntary one alike. Success signs the user in (or asks for the one-time code).
 */
export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/auth/changePassword',
  summary: 'Change the password with the current one; signs in on success',
  tags: ['auth'],
  auth: 'public',
  writes: 'public',
  rateLimit: LOGIN_RATE,
  body: z.strictObject({
    username,
    oldPassword: z.string().min(1).max(1024),
    newPassword,
    totpCode: totpCode.optional(),
  }),
  response: resultEnvelope(loginResult),
});

/**
 * Spec §7: starts a password reset for the account named by username or email; the answer never says
 * whether the account exists.
 */
export const userResetPasswordAttempt = defineEndpoint({
  method: 'POST',
  path: '/userResetPasswordAttempt',
  summary: 'Email a one-time reset code to the account (the answer is the same whether it exists or not)',
  tags: ['auth'],
  auth: 'public',
  writes: 'public',
  rateLimit: { max: 5, timeWindow: '15 minutes' },
  body: z.strictObject({ username: usernameOrEmail, is180DaysReset: z.boolean().default(false) }),
  response: resultEnvelope(z.literal(true)),
});

export const confirmPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/auth/recover/confirm',
  summary: 'Set a new password with the emailed one-time code',
  tags: ['auth'],
  auth: 'public',
  writes: 'public',
  rateLimit: { max: 10, timeWindow: '15 minutes' },
  body: z.strictObject({ username: usernameOrEmail, code: z.string().regex(/^\d{6,8}$/), newPassword }),
  response: resultEnvelope(z.object({ status: z.enum(['success']) })),
});

export const acceptTerms = defineEndpoint({
  method: 'POST',
  path: '/auth/acceptTerms',
  summary: 'Record that the user read and accepted the terms and conditions',
  tags: ['auth'],
  auth: 'user',
  writes: 'own_account',
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.literal(true)),
});

export const startTotpEnrollment = defineEndpoint({
  method: 'POST',
  path: '/auth/totp/enroll',
  summary:
    'Start TOTP enrollment with the current password: a new secret, its otpauth URL and a QR code (PNG data URL)',
  tags: ['auth'],
  auth: 'user',
  writes: 'own_account',
  rateLimit: TOTP_RATE,
  // The current password is asked again, so that a stolen session cannot put a second factor of its own on the account.
  body: z.strictObject({ password: z.string().min(1).max(1024) }),
  response: resultEnvelope(z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() })),
});

export const confirmTotpEnrollment = defineEndpoint({
  method: 'POST',
  path: '/auth/totp/confirm',
  summary: 'Finish TOTP enrollment with a code from the authenticator app',
  tags: ['auth'],
  auth: 'user',
  writes: 'own_account',
  rateLimit: TOTP_RATE,
  body: z.strictObject({ code: totpCode }),
  response: resultEnvelope(z.literal(true)),
});

export const disableTotp = defineEndpoint({
  method: 'POST',
  path: '/auth/totp/disable',
  summary: 'Turn TOTP off, proving it with a current code',
  tags: ['auth'],
  auth: 'user',
  writes: 'own_account',
  rateLimit: TOTP_RATE,
  body: z.strictObject({ code: totpCode }),
  response: resultEnvelope(z.literal(true)),
});

/** Spec §3 "User metadata response", snake_case as the spec names it (the web client camel-cases). */
export const userMetadata = z.object({
  analytics_metadata: z.string(),
  permissions: z.string(),
  emr_username_new: z.string(),
  emr_name: z.string(),
  is_admin: z.boolean(),
  cairn_username: z.string(),
  sid: z.string().optional(),
  cairn_email: z.string(),
  view: z.enum(VIEWS),
  terms_accepted: z.boolean(),
  totp_enabled: z.boolean(),
});

export const getUserMetadata = defineEndpoint({
  method: 'POST',
  path: '/getUserMetadata',
  summary: 'The signed-in user: names, permissions, EMR identity, admin flag',
  tags: ['auth'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({
    emrEncounterId: z.string().max(200).optional(),
    dataSourceId: z.string().max(200).optional(),
    unityPatientId: z.string().max(200).optional(),
  }),
  response: resultEnvelope(userMetadata),
});

/** User config (spec §3): a key-value dictionary; `addonButtonClickBehavior` is 'tab' or 'window'. */
export const userConfig = z
  .record(z.string().min(1).max(100), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]))
  .refine((config) => Object.keys(config).length <= 100, 'At most 100 settings')
  .refine(
    (config) =>
      config.addonButtonClickBehavior === undefined ||
      ['tab', 'window'].includes(String(config.addonButtonClickBehavior)),
    { message: "addonButtonClickBehavior is 'tab' or 'window'", path: ['addonButtonClickBehavior'] },
  );
export type UserConfig = z.infer<typeof userConfig>;

export const getUserConfig = defineEndpoint({
  method: 'POST',
  path: '/getUserConfig',
  summary: "The signed-in user's configuration dictionary",
  tags: ['auth'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(userConfig),
});

export const updateUserConfig = defineEndpoint({
  method: 'POST',
  path: '/updateUserConfig',
  summary: "Replace the signed-in user's configuration dictionary",
  tags: ['auth'],
  auth: 'user',
  writes: 'own_account',
  v2: true,
  body: z.strictObject({ config: userConfig }),
  response: resultEnvelope(z.boolean()),
});
