import { paths } from '../../../config/paths';

/**
 * The rules of a SMART EHR launch in the browser (spec §2 "Query parameters", "Post-launch navigation
 * (SMART)", §5), as pure functions of the URL and the server's answer: `smart-launch.ts` applies them.
 */

/** Anything with a path and a query: a `URL`, `window.location`, a router location. */
export interface UrlParts {
  pathname: string;
  search: string;
}

/** The EMR login routes of spec §2: /epic/login, its overlay variant, /veradigm/launch, each with /*. */
export function isEhrLaunchPath(pathname: string): boolean {
  return /^\/(overlay\/)?epic\/login(\/|$)/.test(pathname) || /^\/veradigm\/launch(\/|$)/.test(pathname);
}

/** The EHR opened Cairn: its FHIR base URL (`iss`) and its opaque launch context. */
export interface EhrLaunchStart {
  kind: 'start';
  iss: string;
  launch: string;
}

/** The EHR sent the browser back: an authorization code and Cairn's state, or the EHR's refusal. */
export type EhrLaunchAnswer = { kind: 'code'; code: string; state: string } | { kind: 'error'; error: string };

export type EhrLaunchRequest = EhrLaunchStart | EhrLaunchAnswer;

/**
 * What an EMR login URL asks for: a launch to start (`iss` and `launch`), an answer to finish (`code`
 * and `state`, or `error`), or nothing (then the page is a plain login). Other paths ask for nothing.
 */
export function ehrLaunchRequestIn(url: UrlParts): EhrLaunchRequest | undefined {
  if (!isEhrLaunchPath(url.pathname)) return undefined;
  const query = new URLSearchParams(url.search);
  const field = (name: string) => query.get(name)?.trim() ?? '';
  if (field('error')) return { kind: 'error', error: field('error') };
  // A code without its state still goes to the server, which refuses it with its reason.
  if (field('code')) return { kind: 'code', code: field('code'), state: field('state') };
  if (field('iss') && field('launch')) return { kind: 'start', iss: field('iss'), launch: field('launch') };
  return undefined;
}

/**
 * True when the URL is the EHR's answer to a launch. Initialization must then leave its `code` alone:
 * spec §2 already ignores it for SSO on epic paths, and a /veradigm/launch answer is the launch's too.
 */
export function isEhrLaunchAnswer(url: UrlParts): boolean {
  const request = ehrLaunchRequestIn(url);
  return request !== undefined && request.kind !== 'start';
}

const EHR_LAUNCH_BASE = /^\/(?:overlay\/)?epic\/login|^\/veradigm\/launch/;

/**
 * Where the EHR sends the browser back: this route's own page (/epic/login, its overlay variant or
 * /veradigm/launch) without the rest of the path or the query. The EHR matches the registered
 * redirect URI exactly, so only those three are ever sent.
 */
export function redirectUriOf(location: { origin: string; pathname: string }): string {
  const base = EHR_LAUNCH_BASE.exec(location.pathname)?.[0] ?? location.pathname;
  return `${location.origin}${base}`;
}

/** What `getEpicTokenAndAppContext` answered about the launch's context. */
export interface LaunchContext {
  summaryId?: string;
  documentId?: string;
}

/**
 * Spec §2 "Post-launch navigation (SMART)": a document id opens the document page; a summary id
 * without one opens the summary overlay; `undefined` when the server answered neither (the caller
 * then clears local storage and goes to /login).
 */
export function postLaunchTarget(context: LaunchContext): string | undefined {
  if (context.documentId) return paths.document.href({ documentId: context.documentId });
  if (context.summaryId) return paths.overlaySummary.href({ cairnAppointmentId: context.summaryId });
  return undefined;
}

/** Spec §5: the stored SMART configuration has no issuer (the launch did not start in this browser). */
export const ISS_NOT_FOUND_MESSAGE = 'iss not found in local storage';
/** Spec §5: the EHR's well-known configuration named no token endpoint, or could not be read. */
export const WELL_KNOWN_UNAVAILABLE_MESSAGE =
  'internal error, cannot get token endpoint from well known please try again later';
export const EHR_NOT_CONFIGURED_MESSAGE =
  'This EHR is not configured for Cairn. Ask your Cairn administrator to connect it, then open Cairn from your EHR again.';
export const TRY_AGAIN_FROM_EHR_HINT = 'Try again from your EHR.';

/**
 * The text the EHR sent back as its OAuth `error`, shown only when it is an OAuth error code
 * (`access_denied`): anything else in the URL is someone else's text, not the EHR's word.
 */
export function ehrRefusalMessage(error: string): string {
  const code = /^[a-z_]{1,64}$/.test(error) ? ` (${error})` : '';
  return `Your EHR did not let Cairn sign you in${code}.`;
}
