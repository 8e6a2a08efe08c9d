import {
  completeSso as completeEndpoint,
  getSsoLogoutUrl,
  getUserMetadata,
  startSso as startEndpoint,
} from '@cairn/contracts';
import { env } from '../../../config/env';
import { api, setSsoSessionRenewal } from '../../../lib/api';
import { browserEnvironment, type BrowserEnvironment } from '../../../lib/browser-environment';
import { ApiError } from '../../../lib/api-error';
import { postPublic } from '../../../lib/post-public';
import { decodeToken } from '../../../lib/jwt';
import { sessionStore, stateFromToken } from '../../../lib/session';
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS } from '../../../lib/storage-keys';
import {
  isSamlTokenExpiring,
  returnToOf,
  ssoAnswerIn,
  ssoLoginUrlWithNext,
  ssoOrganisationOf,
  ssoRedirectTarget,
  ssoStartIn,
  type UrlParts,
} from './sso-rules';

/** Keys of the SSO flow in the browser, beside those of `lib/storage-keys.ts`. */
export const SSO_STORAGE_KEYS = {
  /** Cairn's URL that starts this user's SSO again (`/login?sso=<organisation>`): spec §4 "SSO URL". */
  ssoUrl: 'cairn.ssoUrl',
  /** Session storage: the random value binding a sign-in in flight to this browser tab. */
  browserBinding: SESSION_STORAGE_KEYS.ssoBrowserBinding,
} as const;

/** The claim namespace of the SSO token's own claims (spec §3 "SSO token"): `https://cairn/claims/doc_id`, ... */
export const SSO_CLAIM_NAMESPACE = 'https://cairn/claims/';

export type SsoEnvironment = BrowserEnvironment;

const environment = browserEnvironment;

export interface StartSsoOptions extends SsoEnvironment {
  /** Spec §4: inside an add-on, the add-on is told to change its frame source instead of navigating. */
  onAddonFrameSource?: (authorizationUrl: string) => void;
  /** The organisation, email or provider from a form (the login card's SSO button), over the URL's. */
  organisation?: string;
  email?: string;
  provider?: string;
}

/**
 * Starts SSO (spec §4 "Login gate"): asks the server for the organisation's identity provider URL,
 * stores the next URL and the SSO URL, then navigates there (or hands it to the add-on frame).
 * Answers the identity provider's URL.
 */
export async function startSso(url: UrlParts | string, options: StartSsoOptions = {}): Promise<string> {
  const io = environment(options);
  const parts = typeof url === 'string' ? new URL(url, 'http://cairn.invalid') : url;
  const query = ssoStartIn(parts) ?? new URLSearchParams(parts.search);
  const target = {
    ...ssoOrganisationOf(query),
    ...(options.organisation ? { organisation: options.organisation } : {}),
    ...(options.email ? { email: options.email } : {}),
    ...(options.provider ? { provider: options.provider } : {}),
  };
  const returnTo = returnToOf(parts);
  const browserBinding = randomBinding();
  const { result } = await postPublic(io.fetch, startEndpoint, {
    ...target,
    ...(returnTo ? { returnTo } : {}),
    browserBinding,
  });
  io.session.setItem(SSO_STORAGE_KEYS.browserBinding, browserBinding);
  if (returnTo) io.local.setItem(LOCAL_STORAGE_KEYS.nextUrl, returnTo);
  io.local.setItem(SSO_STORAGE_KEYS.ssoUrl, ssoStartUrl(target));
  if (options.onAddonFrameSource) options.onAddonFrameSource(result.authorizationUrl);
  else io.navigate(result.authorizationUrl);
  return result.authorizationUrl;
}

export interface CompletedSso {
  token: string;
  /** Where the app goes now (spec §2 "Post-SSO redirect"); also stored as the next URL. */
  target: string;
}

export interface CompleteSsoOptions extends SsoEnvironment {
  /** The session id from the user metadata (spec §2 "with a session id"); by default `v2/getUserMetadata`. */
  loadSid?: () => Promise<string | undefined>;
  warn?: (message: string) => void;
}

/** Where an administrator's Test sign-in returns to: the admin tool's Single sign-on section. */
export const SSO_TEST_RESULT_PATH = '/admin/sso?test=result';

/**
 * Finishes SSO when the URL carries the provider's answer (code and state, or its error): exchanges
 * it for a Cairn session marked SAML, keeps the SSO token and its expiry, and stores where to go next.
 * `undefined` when the URL carries no answer, or when it was an administrator's Test sign-in (no
 * session: its report is kept in session storage and the admin tool is next); an `ApiError` (401,
 * `details.reason`) when refused.
 */
export async function completeSso(
  url: UrlParts | string,
  options: CompleteSsoOptions = {},
): Promise<CompletedSso | undefined> {
  const io = environment(options);
  const parts = typeof url === 'string' ? new URL(url, 'http://cairn.invalid') : url;
  const query = ssoAnswerIn(parts);
  if (!query) return undefined;
  const browserBinding = io.session.getItem(SSO_STORAGE_KEYS.browserBinding) ?? undefined;
  io.session.removeItem(SSO_STORAGE_KEYS.browserBinding);
  const field = (name: string) => query.get(name) ?? undefined;
  const { result } = await postPublic(io.fetch, completeEndpoint, {
    state: field('state') ?? '',
    code: field('code'),
    iss: field('iss'),
    error: field('error'),
    errorDescription: field('error_description'),
    browserBinding,
  });
  if ('test' in result) {
    io.session.setItem(SESSION_STORAGE_KEYS.ssoTestResult, JSON.stringify(result.test));
    io.local.setItem(LOCAL_STORAGE_KEYS.nextUrl, SSO_TEST_RESULT_PATH);
    return undefined;
  }
  const token = result.jwtToken;
  const claims = decodeToken<Record<string, unknown>>(token);
  io.local.setItem(LOCAL_STORAGE_KEYS.ssoToken, token);
  if (typeof claims.exp === 'number') io.local.setItem(LOCAL_STORAGE_KEYS.ssoTokenExpiry, String(claims.exp * 1000));
  // Kept so that sign-out revokes this session on the server; SSO renewal itself goes through the provider.
  io.local.setItem(LOCAL_STORAGE_KEYS.refreshToken, result.refreshToken);
  sessionStore.setState({
    ...stateFromToken(token, options.warn),
    isSAML: true,
    status: 'success',
    inProgress: false,
  });
  const sid = await (options.loadSid ?? loadSid)().catch(() => undefined);
  const target = ssoRedirectTarget({
    pathname: parts.pathname,
    docId: stringClaim(claims[`${SSO_CLAIM_NAMESPACE}doc_id`]),
    sid,
    emrName: stringClaim(claims.emrName),
    returnTo: result.returnTo,
  });
  io.local.setItem(LOCAL_STORAGE_KEYS.nextUrl, target);
  return { token, target };
}

/**
 * The add-on finished SSO in its own window and hands Cairn's SSO token to the frame (spec §4
 * "sso login succeeded"). It becomes the session only once the server accepts it (the user's metadata
 * answers with it as the Bearer token); false, and nothing changed, otherwise.
 */
export async function acceptAddonSsoToken(
  token: string,
  options: SsoEnvironment & { warn?: (message: string) => void } = {},
): Promise<boolean> {
  const io = environment(options);
  let claims: Record<string, unknown>;
  try {
    claims = decodeToken<Record<string, unknown>>(token);
  } catch {
    return false;
  }
  const response = await io
    .fetch(`${env.apiUrl}/v2${getUserMetadata.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    })
    .catch(() => undefined);
  if (!response?.ok) return false;
  io.local.setItem(LOCAL_STORAGE_KEYS.ssoToken, token);
  if (typeof claims.exp === 'number') io.local.setItem(LOCAL_STORAGE_KEYS.ssoTokenExpiry, String(claims.exp * 1000));
  sessionStore.setState({ ...stateFromToken(token, options.warn), isSAML: true, status: 'success', inProgress: false });
  return true;
}

let lastFailure: ApiError | undefined;

/** Why the last SSO attempt on this page failed (for the login card to say so), if it did. */
export function getSsoFailure(): ApiError | undefined {
  return lastFailure;
}

/**
 * Initialization's SSO step (spec §4): `undefined` when the URL carries no SSO request; true once an
 * SSO answer signed the user in; false when it failed. Starting SSO leaves the page, so that promise
 * settles only if the start fails.
 */
export function handleSsoRequest(
  location: UrlParts,
  options: StartSsoOptions & CompleteSsoOptions = {},
): Promise<boolean> | undefined {
  if (ssoAnswerIn(location)) {
    return completeSso(location, options).then(
      (completed) => completed !== undefined,
      (error: unknown) => recordFailure(error),
    );
  }
  if (ssoStartIn(location)) {
    return startSso(location, options).then(
      () => new Promise<boolean>(() => undefined),
      (error: unknown) => recordFailure(error),
    );
  }
  return undefined;
}

function recordFailure(error: unknown): false {
  lastFailure = error instanceof ApiError ? error : new ApiError({ code: 'NETWORK_ERROR', message: 'Network Error' });
  return false;
}

/**
 * Spec §4 "Token handling": an SSO user's token is not refreshed in place: it is cleared and the
 * browser goes back through the identity provider (the SSO URL), returning to the current page.
 */
export function renewSsoSession(current: UrlParts, options: SsoEnvironment = {}): void {
  const io = environment(options);
  clearSsoToken(io.local);
  const ssoUrl = io.local.getItem(SSO_STORAGE_KEYS.ssoUrl) ?? ssoStartUrl({});
  io.navigate(ssoLoginUrlWithNext(ssoUrl, `${current.pathname}${current.search}`));
}

/** Makes the API client renew an SSO session through the provider (call once at start). */
export function registerSsoRenewal(options: SsoEnvironment = {}): void {
  setSsoSessionRenewal(() =>
    renewSsoSession({ pathname: window.location.pathname, search: window.location.search }, options),
  );
}

/**
 * The identity provider's sign-out page for the signed-in SSO user (spec §4 "Logout"), asked before
 * the session is revoked; `undefined` for a password user, or when the provider has none.
 */
export async function fetchSsoLogoutUrl(): Promise<string | undefined> {
  try {
    const { result } = await api.call(getSsoLogoutUrl, {});
    return result.logoutUrl;
  } catch {
    return undefined;
  }
}

export interface SamlTokenCheck extends SsoEnvironment {
  token: string | undefined;
  isSaml: boolean;
  current: UrlParts;
  /** Sends the log call the spec asks for before the redirect (the app's logger). */
  log: (message: string, extras?: Record<string, unknown>) => void;
  now?: number;
  clockDriftMs?: number;
}

/**
 * Spec §4: before a request, a SAML token expiring within 60 seconds sends the browser to the identity
 * provider's login with a double-encoded next-URL, after a log call; the request is then abandoned
 * (false). True when the request may go ahead.
 */
export function checkSamlToken(check: SamlTokenCheck): boolean {
  if (!check.isSaml || !check.token) return true;
  let exp: number | undefined;
  try {
    exp = decodeToken<{ exp?: number }>(check.token).exp;
  } catch {
    exp = undefined;
  }
  if (!isSamlTokenExpiring(exp, check.now ?? Date.now(), check.clockDriftMs)) return true;
  const io = environment(check);
  const ssoUrl = io.local.getItem(SSO_STORAGE_KEYS.ssoUrl) ?? ssoStartUrl({});
  check.log('SAML token expires within 60 seconds: signing in again at the identity provider', {
    secondsLeft: exp === undefined ? undefined : Math.round(exp - (check.now ?? Date.now()) / 1000),
  });
  clearSsoToken(io.local);
  io.navigate(ssoLoginUrlWithNext(ssoUrl, `${check.current.pathname}${check.current.search}`));
  return false;
}

function clearSsoToken(local: Storage): void {
  local.removeItem(LOCAL_STORAGE_KEYS.ssoToken);
  local.removeItem(LOCAL_STORAGE_KEYS.ssoTokenExpiry);
  local.removeItem(LOCAL_STORAGE_KEYS.authToken);
}

/** Cairn's URL that starts SSO again at the same provider (or organisation, email, or the only provider). */
function ssoStartUrl(target: { organisation?: string; email?: string; provider?: string }): string {
  const query = new URLSearchParams({ sso: target.organisation ?? '1' });
  if (!target.organisation && target.email) query.set('email', target.email);
  if (target.provider) query.set('provider', target.provider);
  return `/login?${query.toString()}`;
}

async function loadSid(): Promise<string | undefined> {
  const { result } = await api.call(getUserMetadata, {});
  return result.sid;
}

function randomBinding(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
