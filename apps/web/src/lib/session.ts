import type { Permission, SignInStatus } from '@cairn/contracts';
import { useSyncExternalStore } from 'react';
import { STALE_TOKEN_MS } from '../config/constants';
import { decodeToken, secondsLeft } from './jwt';
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS } from './storage-keys';

/** Permissions as the token carries them: a boolean or the string 'true' (spec §3). */
export type PermissionMap = Partial<Record<Permission, boolean | 'true'>>;

/** The auth store of spec §3. */
export interface AuthState {
  initializing: boolean;
  inProgress: boolean;
  loggedIn: boolean;
  token: string | undefined;
  admin: boolean;
  multipleProviders: boolean;
  status: SignInStatus;
  userFullName: string | undefined;
  permissions: PermissionMap;
  isSAML: boolean;
  emrName: string | undefined;
  values: { email: string; password: string };
}

export const LOGGED_OUT: AuthState = {
  initializing: false,
  inProgress: false,
  loggedIn: false,
  token: undefined,
  admin: false,
  multipleProviders: false,
  status: 'initial',
  userFullName: undefined,
  permissions: {},
  isSAML: false,
  emrName: undefined,
  values: { email: '', password: '' },
};

type Listener = () => void;
let state: AuthState = { ...LOGGED_OUT, initializing: true };
const listeners = new Set<Listener>();

export const sessionStore = {
  getState: (): AuthState => state,
  setState(update: Partial<AuthState>): void {
    state = { ...state, ...update };
    listeners.forEach((listener) => listener());
  },
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Clears the session (invalid or missing token, sign-out): the stored tokens go with it. */
  reset(): void {
    clearStoredTokens();
    // The schedule's cached summaries list holds patient names: it must not outlive the session.
    for (const key of Object.values(SESSION_STORAGE_KEYS)) sessionStorage.removeItem(key);
    sessionStore.setState({ ...LOGGED_OUT });
  },
};

/** The stored pair of a password session (spec §3 "Client-side storage"). */
export interface StoredSession {
  token: string;
  refreshToken: string | undefined;
}

export function readStoredSession(): StoredSession | undefined {
  const token = localStorage.getItem(LOCAL_STORAGE_KEYS.authToken);
  if (!token) return undefined;
  return { token, refreshToken: localStorage.getItem(LOCAL_STORAGE_KEYS.refreshToken) ?? undefined };
}

export function storeTokens(token: string, refreshToken: string | undefined): void {
  localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token);
  if (refreshToken) localStorage.setItem(LOCAL_STORAGE_KEYS.refreshToken, refreshToken);
  else localStorage.removeItem(LOCAL_STORAGE_KEYS.refreshToken);
}

/** Forgets every token of the session, the SSO token too: a signed-out SSO user must not come back signed in. */
export function clearStoredTokens(): void {
  localStorage.removeItem(LOCAL_STORAGE_KEYS.authToken);
  localStorage.removeItem(LOCAL_STORAGE_KEYS.refreshToken);
  localStorage.removeItem(LOCAL_STORAGE_KEYS.ssoToken);
  localStorage.removeItem(LOCAL_STORAGE_KEYS.ssoTokenExpiry);
}

/**
 * Milliseconds the browser's clock is behind the server's, measured from a token's issue time when it
 * arrives (spec §4: validity is checked against the expiry minus clock drift).
 */
let clockDriftMs = 0;

export function measureClockDrift(token: string, receivedAtMs = Date.now()): void {
  try {
    const { iat } = decodeToken<{ iat?: number }>(token);
    if (typeof iat === 'number') clockDriftMs = iat * 1000 - receivedAtMs;
  } catch {
    clockDriftMs = 0;
  }
}

export function getClockDriftMs(): number {
  return clockDriftMs;
}

/** A token is stale when less than an hour of validity is left, counted on the server's clock (spec §4, §9). */
export function isTokenStale(token: string, nowMs = Date.now(), driftMs = clockDriftMs): boolean {
  const { exp } = decodeToken<{ exp?: number }>(token);
  return secondsLeft(exp, nowMs, driftMs) * 1000 < STALE_TOKEN_MS;
}

/** Signs a user in with a fresh pair of tokens: stored, and the store set from the token's claims. */
export function startSession(token: string, refreshToken: string | undefined, warn?: (message: string) => void): void {
  const state = stateFromToken(token, warn);
  measureClockDrift(token);
  storeTokens(token, refreshToken);
  sessionStore.setState({ ...state, isSAML: false, status: 'success', inProgress: false });
}

export function useSession(): AuthState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState);
}

/** The session's accessors of spec §3. */
export const session = {
  isLoggedIn: () => state.loggedIn,
  isInitializing: () => state.initializing,
  isAdmin: () => state.admin,
  getEmail: () => state.values.email,
  getToken: () => state.token,
  getIsSAML: () => state.isSAML,
};

/**
 * Whether the user holds a permission. An admin holds every permission, as on the server. With
 * `needsExplicitGrant` only an explicit grant counts: the apps menu's "admins excluded" (spec §6), or
 * view_only, which restricts rather than permits.
 */
export function hasPermission(
  auth: Pick<AuthState, 'admin' | 'permissions'>,
  permission: Permission,
  needsExplicitGrant = false,
): boolean {
  const granted = auth.permissions[permission];
  const isGranted = granted === true || granted === 'true';
  return isGranted || (auth.admin && !needsExplicitGrant);
}

/** Claims of a Cairn login token (spec §3 "Token claims"). */
export interface LoginTokenClaims {
  sub: string;
  exp?: number;
  permissions?: string;
  analyticsMetadata?: string;
  emrName?: string;
  isAdmin?: string;
  'cognito:groups'?: string[];
  email?: string;
  [claim: string]: unknown;
}

/** The session a stored token stands for; corrupted metadata only logs a warning (spec §5). */
export function stateFromToken(token: string, warn: (message: string) => void = console.warn): Partial<AuthState> {
  const claims = decodeToken<LoginTokenClaims>(token);
  const permissions = parseJsonClaim<PermissionMap & { view?: string }>(claims.permissions, 'permissions', warn) ?? {};
  const analytics = parseJsonClaim<{ first_name?: string; last_name?: string }>(
    claims.analyticsMetadata,
    'analytics',
    warn,
  );
  const fullName = [analytics?.first_name, analytics?.last_name].filter(Boolean).join(' ');
  return {
    loggedIn: true,
    token,
    admin: claims.isAdmin === 'true',
    multipleProviders: claims['cognito:groups']?.includes('MultipleProviders') ?? false,
    userFullName: fullName || undefined,
    permissions,
    emrName: claims.emrName,
    values: { email: typeof claims.email === 'string' ? claims.email : '', password: '' },
  };
}

function parseJsonClaim<T>(value: string | undefined, name: string, warn: (message: string) => void): T | undefined {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value) as T;
  } catch {
    warn(`Corrupted ${name} metadata in the token`);
    return undefined;
  }
}
