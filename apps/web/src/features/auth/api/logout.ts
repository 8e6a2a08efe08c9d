import { logout as logoutEndpoint } from '@cairn/contracts';
import { api } from '../../../lib/api';
import { LOCAL_STORAGE_KEYS } from '../../../lib/storage-keys';
import { session, sessionStore } from '../../../lib/session';

export interface SignOutOptions {
  /** Where the browser goes; the site origin by default (spec §2 "After sign-out"). */
  navigate?: (url: string) => void;
  origin?: string;
}

/**
 * Sign-out (spec §4 "Logout"): the server revokes the session's refresh tokens; the email, password,
 * token and flags are reset; an SSO user is sent to the identity provider's logout page, which
 * returns to Cairn; everyone else goes to the site origin.
 */
export async function signOut(options: SignOutOptions = {}): Promise<void> {
  const navigate = options.navigate ?? ((url: string) => window.location.assign(url));
  const origin = options.origin ?? window.location.origin;
  const isSaml = session.getIsSAML();
  const refreshToken = localStorage.getItem(LOCAL_STORAGE_KEYS.refreshToken) ?? undefined;
  // The identity provider's sign-out page is asked for while the session still stands.
  let identityProviderLogoutUrl = isSaml ? await import('../sso').then((sso) => sso.fetchSsoLogoutUrl()) : undefined;
  if (session.getToken()) {
    try {
      const { result } = await api.call(logoutEndpoint, { refreshToken });
      identityProviderLogoutUrl ??= result.identityProviderLogoutUrl;
    } catch {
      // The session ends in this browser whatever the server answered; an expired token is already ended.
    }
  }
  sessionStore.reset();
  localStorage.removeItem(LOCAL_STORAGE_KEYS.nextUrl);
  navigate(isSaml && identityProviderLogoutUrl ? identityProviderLogoutUrl : origin);
}
