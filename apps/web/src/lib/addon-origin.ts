/**
 * The add-on's origin (spec §2 query parameter `addonOrigin`), apart from the messaging itself so that
 * the app's first load can remember it (a frame opening on the sign-in page keeps it through sign-in)
 * without loading the message schemas.
 */

/** Session storage: navigation drops the query parameter, the tab keeps the origin. */
export const ADDON_ORIGIN_STORAGE_KEY = 'cairn.addonOrigin';

/** `https://ehr.example:8443`, exactly an origin: http(s), no path, query or credentials. */
export function parseAddonOrigin(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return value.replace(/\/$/, '') === url.origin ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The add-on's origin: the `addonOrigin` query parameter when it is a valid origin (then remembered
 * for the session), else the one remembered earlier in this tab. An invalid parameter is ignored.
 */
export function readAddonOrigin(
  location: Pick<Location, 'search'>,
  storage: Storage = sessionStorage,
): string | undefined {
  const fromQuery = parseAddonOrigin(new URLSearchParams(location.search).get('addonOrigin'));
  if (fromQuery) {
    storage.setItem(ADDON_ORIGIN_STORAGE_KEY, fromQuery);
    return fromQuery;
  }
  return parseAddonOrigin(storage.getItem(ADDON_ORIGIN_STORAGE_KEY));
}
