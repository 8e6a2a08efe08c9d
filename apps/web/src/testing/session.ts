import { LOGGED_OUT, sessionStore, type AuthState } from '../lib/session';

/** An unsigned JWT with the given claims: the web reads claims, only the server verifies signatures. */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** A login token of a provider, valid for `minutes` more. */
export function providerToken(minutes = 15, claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return fakeToken({
    sub: 'user-1',
    iat: now,
    exp: now + minutes * 60,
    email: 'dr.rivera@clinic.test',
    permissions: JSON.stringify({ view: 'Provider' }),
    analyticsMetadata: JSON.stringify({ first_name: 'Ana', last_name: 'Rivera' }),
    ...claims,
  });
}

/** Puts a signed-in provider in the session store (with a token), with whatever else the test sets. */
export function signIn(state: Partial<AuthState> = {}): void {
  sessionStore.setState({ ...LOGGED_OUT, loggedIn: true, token: providerToken(), ...state });
}

/** Empties the session store, as after sign-out. */
export function signOut(): void {
  sessionStore.setState({ ...LOGGED_OUT });
}
