import { z } from 'zod';
import { SIGN_IN_STATUSES } from './auth-enums';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

/** A six-digit RFC 6238 code. */
const totpCode = z.string().regex(/^\d{6}$/, 'A one-time code is six digits');

export const loginResult = z.object({
  status: z.enum(SIGN_IN_STATUSES),
  /** Access token (short-lived JWT) when signed in. */
  token: z.string().optional(),
  refreshToken: z.string().optional(),
  /** For the password-change steps: proof that the current password was just given. */
  changePasswordToken: z.string().optional(),
  /** When a locked account opens again (passwordAttemptsExceeded). */
  lockedUntil: z.iso.datetime().optional(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const login = defineEndpoint({
  method: 'POST',
  path: '/auth/login',
  summary: 'Sign in with username and password, and a one-time code when TOTP is enrolled',
  tags: ['auth'],
  auth: 'public',
  rateLimit: { max: 20, timeWindow: '1 minute' },
  body: z.strictObject({
    username: z.string().trim().min(1).max(320),
    password: z.string().min(1).max(1024),
    totpCode: totpCode.optional(),
  }),
  response: resultEnvelope(loginResult),
});
