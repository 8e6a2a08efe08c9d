import { isOverlayPath } from '../../../config/paths';

/** The summary landing's id segment (a UUID). */
const SUMMARY_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The full-screen paths of the summary view that have an overlay variant (spec §2). */
const SUMMARY_VIEW_PATHS = [
  new RegExp(`^/${SUMMARY_ID}/?$`, 'i'),
  /^\/patient\/[^/]+(\/.*)?$/,
  /^\/summary\/guess-match-not-found\/?$/,
];

/** The overlay summary paths that name a tab of the portrait (spec §2), as the router lists them. */
const SUMMARY_OVERLAYS = ['hcc', 'clinical', 'portrait', 'documents', 'alerts', 'ambient'];

/**
 * Where the overlay-only configuration sends a full-screen summary view (spec §4): the same path
 * prefixed with /overlay. `undefined` for overlay paths and for screens with no overlay variant.
 */
export function overlayPathFor(pathname: string): string | undefined {
  if (isOverlayPath(pathname)) return undefined;
  return SUMMARY_VIEW_PATHS.some((pattern) => pattern.test(pathname)) ? `/overlay${pathname}` : undefined;
}

/**
 * The full-screen page of an overlay path, for "open full screen": the same path without /overlay.
 * The overlay-only variants with no full-screen twin map to the page that shows the same thing.
 */
export function fullScreenPathFor(pathname: string): string {
  if (!isOverlayPath(pathname)) return pathname;
  const segments = pathname.split('/').slice(2);
  const [first = '', second] = segments;
  // /overlay/hcc/:id opens the summary /:id.
  if (SUMMARY_OVERLAYS.includes(first) && second !== undefined && segments.length === 2) return `/${second}`;
  // /overlay/:tab/patient/:id[/appointment/:sid] is the portrait's tab, which full screen puts last.
  if (second === 'patient') return `/${[...segments.slice(1), first].join('/')}`;
  return `/${segments.join('/')}`;
}

/** The query string a full-screen page keeps: the add-on's origin means nothing outside its frame. */
export function fullScreenSearch(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('addonOrigin');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
