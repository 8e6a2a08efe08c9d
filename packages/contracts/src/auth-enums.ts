/** Sign-in status of spec §3, the outcome of a login attempt (spec §4). */
export const SIGN_IN_STATUSES = [
  'initial',
  'success',
  'firstLoginPasswordChange',
  'oldPassword',
  'oldLogin',
  'failure',
  'totpRequired',
  'totpFailure',
  'credentialsFailure',
  'passwordAttemptsExceeded',
  'recoverPasswordRequest',
  'generalError',
] as const;
export type SignInStatus = (typeof SIGN_IN_STATUSES)[number];

/** Identity source of spec §3 (the original's hosted provider, or Cairn's own accounts), and `oidc` for Cairn's SSO users (OpenID Connect or SAML). */
export const IDENTITY_SOURCES = ['auth0', 'cairn', 'oidc'] as const;
export type IdentitySource = (typeof IDENTITY_SOURCES)[number];

export const ROLES = ['coder', 'provider'] as const;
export type Role = (typeof ROLES)[number];

/** Views of spec §3: Coder maps to the coder view; Provider and Classic to the provider view. */
export const VIEWS = ['Coder', 'Provider', 'Classic'] as const;
export type View = (typeof VIEWS)[number];

/** The role a view shows; absent or unknown views raise the spec's errors (§5). */
export function roleOfView(view: unknown): Role {
  if (view === undefined || view === null || view === '') throw new Error('User view not found');
  if (view === 'Coder') return 'coder';
  if (view === 'Provider' || view === 'Classic') return 'provider';
  throw new Error(`Unknown user view: ${typeof view === 'string' ? view : JSON.stringify(view)}`);
}
