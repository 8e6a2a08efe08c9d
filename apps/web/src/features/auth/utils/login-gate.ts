import { LOCAL_STORAGE_KEYS } from '../../../lib/storage-keys';

/** The query parameter that carries where to go after sign-in. */
export const NEXT_URL_PARAMETER = 'next';

export interface GateLocation {
  pathname: string;
  search: string;
}

/** A path inside Cairn; anything else (another site, `//host`, `/\host`) could send a user elsewhere after sign-in. */
export function isAppPath(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

/** Not signed in: /login plus the current path and query (spec §4 "Login gate"). */
export function loginPathFor({ pathname, search }: GateLocation): string {
  return `/login${pathname === '/' ? '' : pathname}${search}`;
}

/**
 * Signed in on a login path: the stored next-URL (local storage, then the query parameter), else
 * the current path with '/login' removed. The stored next-URL is used once.
 */
export function targetAfterLogin({ pathname, search }: GateLocation, storage: Storage = localStorage): string {
  const stored = storage.getItem(LOCAL_STORAGE_KEYS.nextUrl);
  storage.removeItem(LOCAL_STORAGE_KEYS.nextUrl);
  if (isAppPath(stored)) return stored;
  const query = new URLSearchParams(search);
  const next = query.get(NEXT_URL_PARAMETER);
  if (isAppPath(next)) return next;
  const path = pathname.replace('/login', '') || '/';
  // /sso has no page of its own once signed in: it would lead back here.
  if (path === '/sso' || path.startsWith('/sso/')) return '/';
  return `${path}${search}`;
}
