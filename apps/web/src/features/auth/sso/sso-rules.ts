/**
 * The SSO rules of spec §2 ("Query parameters", "Post-SSO redirect") and §4 ("Token handling"), as
 * pure functions of the URL and the token: the flow in `sso.ts` applies them.
 */

/** Anything with a path and a query: a `URL`, `window.location`, a router location. */
export interface UrlParts {
  pathname: string;
  search: string;
}

/** The query parameter that starts SSO; its value may name the organisation (`?sso=riverside`). */
export const SSO_PARAMETER = 'sso';
/** The identity provider an `sso` request names (an organisation may have several). */
export const PROVIDER_PARAMETER = 'provider';
/** Where to go after sign-in; the 60-second SAML check sends it double-encoded (spec §4). */
export const NEXT_PARAMETER = 'next';
/** Cairn's own SSO route, the redirect URI registered at the identity provider. */
export const SSO_PATH = '/sso';

function toParts(url: UrlParts | string): UrlParts {
  if (typeof url !== 'string') return url;
  const parsed = new URL(url, 'http://cairn.invalid');
  return { pathname: parsed.pathname, search: parsed.search };
}

/** Spec §2: the code parameter is ignored when the path contains epic (there it is the EHR launch's). */
export function ssoAnswerIn(url: UrlParts | string): URLSearchParams | undefined {
  const { pathname, search } = toParts(url);
  if (pathname.includes('epic')) return undefined;
  const query = new URLSearchParams(search);
  const isAnswer = query.has('code') || (query.has('error') && query.has('state'));
  return isAnswer ? query : undefined;
}

/** Spec §2: `sso` starts SSO, and is ignored when the path contains veradigm. */
export function ssoStartIn(url: UrlParts | string): URLSearchParams | undefined {
  const { pathname, search } = toParts(url);
  if (pathname.includes('veradigm')) return undefined;
  const query = new URLSearchParams(search);
  return query.has(SSO_PARAMETER) ? query : undefined;
}

/** True when the URL carries an SSO code (or the provider's error) or an `sso` parameter. */
export function hasSsoRequest(url: UrlParts | string): boolean {
  return ssoAnswerIn(url) !== undefined || ssoStartIn(url) !== undefined;
}

/**
 * Which organisation an `sso` request names: `?sso=<slug>` or `?organisation=<slug>`, or an email; and
 * which of its identity providers, when it names one (`?provider=<id>`, as the login card's buttons do).
 */
export function ssoOrganisationOf(query: URLSearchParams): {
  organisation?: string;
  email?: string;
  provider?: string;
} {
  const value = query.get(SSO_PARAMETER)?.trim() ?? '';
  const named = ['', '1', 'true'].includes(value.toLowerCase()) ? query.get('organisation') : value;
  const email = query.get('email') ?? query.get('login_hint');
  const provider = query.get(PROVIDER_PARAMETER);
  return {
    ...(named ? { organisation: named } : {}),
    ...(email ? { email } : {}),
    ...(provider ? { provider } : {}),
  };
}

/** A path inside Cairn (never `//host` or `/\host`, which browsers read as another site). */
export function isAppPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && !/\s/.test(value);
}

/**
 * Where to return after SSO: the `next` parameter (decoded once more when it arrives double-encoded
 * from the 60-second check), else the current page when it is not a login page.
 */
export function returnToOf(url: UrlParts | string): string | undefined {
  const { pathname, search } = toParts(url);
  const query = new URLSearchParams(search);
  const next = query.get(NEXT_PARAMETER);
  if (next !== null) {
    const decoded = /^%2f/i.test(next) ? safeDecode(next) : next;
    return isAppPath(decoded) ? decoded : undefined;
  }
  if (/^\/(overlay\/)?(login|sso)(\/|$)/.test(pathname)) return undefined;
  for (const name of [SSO_PARAMETER, 'organisation', 'email', 'login_hint', PROVIDER_PARAMETER]) query.delete(name);
  const rest = query.toString();
  return `${pathname}${rest ? `?${rest}` : ''}`;
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export interface SsoRedirectInput {
  /** The path the browser is on when SSO finishes (`/sso`, `/overlay/sso`, ...). */
  pathname: string;
  /** The document id the SSO token carries. */
  docId?: string;
  /** The session (summary) id from the user metadata. */
  sid?: string;
  /** The user's EMR name. */
  emrName?: string;
  /** Where the sign-in was started from, as the server kept it. */
  returnTo?: string;
}

/**
 * Spec §2 "Post-SSO redirect": a document id in the token goes to /doc/{docId}; else a session id to
 * /{sid}; either is prefixed with /overlay when the current path contains overlay. An EMR user named
 * epic with neither goes to / (the schedule). Anyone else returns where the sign-in started, else /.
 */
export function ssoRedirectTarget(input: SsoRedirectInput): string {
  const prefix = input.pathname.includes('overlay') ? '/overlay' : '';
  if (input.docId) return `${prefix}/doc/${encodeURIComponent(input.docId)}`;
  if (input.sid) return `${prefix}/${encodeURIComponent(input.sid)}`;
  if (input.emrName?.toLowerCase() === 'epic') return '/';
  return isAppPath(input.returnTo) ? input.returnTo : '/';
}

/** Spec §2: after sign-out the app returns to the site origin. */
export function afterSignOutTarget(origin: string): string {
  return `${origin}/`;
}

/** Spec §9: a SAML token is renewed when less than 60 seconds of it are left. */
export const SAML_REFRESH_MARGIN_SECONDS = 60;

/** Spec §4: a SAML token expiring within 60 seconds (by the server's clock) must be renewed first. */
export function isSamlTokenExpiring(exp: number | undefined, nowMs: number, clockDriftMs = 0): boolean {
  if (exp === undefined) return true;
  return exp * 1000 - (nowMs + clockDriftMs) <= SAML_REFRESH_MARGIN_SECONDS * 1000;
}

/**
 * Spec §4: the identity provider's login (Cairn's SSO start URL) with the next-URL double-encoded,
 * so that it survives the provider's round trip as one opaque value.
 */
export function ssoLoginUrlWithNext(ssoUrl: string, nextUrl: string): string {
  const separator = ssoUrl.includes('?') ? '&' : '?';
  return `${ssoUrl}${separator}${NEXT_PARAMETER}=${encodeURIComponent(encodeURIComponent(nextUrl))}`;
}
