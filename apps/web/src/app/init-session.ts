import { refreshSession } from '../lib/api';
import { decodeToken, secondsLeft } from '../lib/jwt';
import { queryClient } from '../lib/query-client';
import { isTokenStale, readStoredSession, sessionStore, stateFromToken } from '../lib/session';
import { LOCAL_STORAGE_KEYS } from '../lib/storage-keys';
import { SAML_TOKEN_REFRESH_MARGIN_MS } from '../config/constants';
import { isEhrLaunchAnswer, isEhrLaunchPath } from '../features/auth/smart/smart-rules';
import { hasSsoRequest } from '../features/auth/sso/sso-rules';
import { setSamlTokenCheck, setSsoSessionRenewal } from '../lib/api';
import { getClockDriftMs, session } from '../lib/session';
import { logger } from './logger';

// The SSO flow loads only for SSO requests and SSO users: /login stays light for everyone else.
const loadSso = () => import('../features/auth/sso');

export interface SessionSources {
  /** Where the app was opened. */
  location: { pathname: string; search: string };
  /** An SSO code or `sso` parameter in the URL: finishes or starts SSO; true when the user is now signed in. */
  handleSsoRequest?: (location: { pathname: string; search: string }) => Promise<boolean> | undefined;
  /** Renews a stored password session; the new token or `undefined`. */
  refresh: () => Promise<string | undefined>;
  warn: (message: string) => void;
  now?: () => number;
}

/**
 * Initialization (spec §4): an SSO code or `sso` parameter first, then a stored SSO token, then a
 * stored session (renewed when stale: less than an hour left); otherwise the user is signed out.
 * Initializing ends in every case.
 */
export async function initializeSessionFrom(sources: SessionSources): Promise<void> {
  // The EHR's answer to a launch carries a `code` too: the EHR launch page finishes it, never SSO.
  const isSsoRequest = hasSsoRequest(sources.location) && !isEhrLaunchAnswer(sources.location);
  try {
    const isSignedIn =
      (isSsoRequest && (await sources.handleSsoRequest?.(sources.location)) === true) ||
      restoreSsoToken(sources) ||
      (await restorePasswordSession(sources));
    if (!isSignedIn) {
      sessionStore.reset();
      // An SSO answer that could not be completed: the login card says so.
      if (isSsoRequest) sessionStore.setState({ status: 'failure' });
    }
  } catch (error) {
    sources.warn(`Session initialization failed: ${error instanceof Error ? error.message : 'unknown error'}`);
    sessionStore.reset();
  } finally {
    sessionStore.setState({ initializing: false });
  }
}

/** An SSO token kept from an earlier SSO sign-in, while it is valid beyond the 60-second margin. */
function restoreSsoToken(sources: SessionSources): boolean {
  const token = localStorage.getItem(LOCAL_STORAGE_KEYS.ssoToken);
  if (!token) return false;
  try {
    const { exp } = decodeToken<{ exp?: number }>(token);
    if (secondsLeft(exp, sources.now?.() ?? Date.now()) * 1000 <= SAML_TOKEN_REFRESH_MARGIN_MS) {
      localStorage.removeItem(LOCAL_STORAGE_KEYS.ssoToken);
      localStorage.removeItem(LOCAL_STORAGE_KEYS.ssoTokenExpiry);
      return false;
    }
    sessionStore.setState({ ...stateFromToken(token, sources.warn), isSAML: true });
    return true;
  } catch {
    localStorage.removeItem(LOCAL_STORAGE_KEYS.ssoToken);
    return false;
  }
}

/** The stored password session, renewed first when stale; a malformed or unrenewable one is dropped. */
async function restorePasswordSession(sources: SessionSources): Promise<boolean> {
  const stored = readStoredSession();
  if (!stored) return false;
  let token: string | undefined = stored.token;
  try {
    if (isTokenStale(token, sources.now?.() ?? Date.now())) token = await sources.refresh();
  } catch {
    token = undefined;
  }
  if (!token) return false;
  sessionStore.setState({ ...stateFromToken(token, sources.warn), isSAML: false });
  return true;
}

/** Starts the session for the page the browser opened, then loads the user's config when signed in. */
export async function initializeSession(): Promise<void> {
  const location = { pathname: window.location.pathname, search: window.location.search };
  const warn = (message: string) => logger.warn(message);
  await initializeSessionFrom({
    location,
    handleSsoRequest: (url) =>
      hasSsoRequest(url) ? loadSso().then((sso) => sso.handleSsoRequest(url, { warn }) ?? false) : undefined,
    refresh: () => refreshSession(),
    warn,
  });
  if (session.getIsSAML()) await prepareSsoSession();
  // The EMR login routes do not load the user's config at start (spec §7).
  if (sessionStore.getState().token && !isEhrLaunchPath(location.pathname)) {
    // Loaded on demand: the config code stays out of the first chunk, which /login also loads.
    const { loadUserConfig } = await import('../features/auth/api/user-config');
    await loadUserConfig(queryClient, (message) => logger.warn(message));
  }
}

/**
 * Spec §4 "Token handling" for SSO users: renewal goes back through the identity provider, and a
 * request with a token expiring within 60 seconds is abandoned for that round trip.
 */
async function prepareSsoSession(): Promise<void> {
  const sso = await loadSso();
  const current = () => ({ pathname: window.location.pathname, search: window.location.search });
  setSsoSessionRenewal(() => sso.renewSsoSession(current()));
  setSamlTokenCheck(() =>
    sso.checkSamlToken({
      token: session.getToken(),
      isSaml: session.getIsSAML(),
      current: current(),
      log: (message, extras) => logger.info(message, extras),
      clockDriftMs: getClockDriftMs(),
    }),
  );
}
