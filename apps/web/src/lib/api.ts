import { refreshSession as refreshEndpoint } from '@cairn/contracts';
import { env } from '../config/env';
import { createApiClient } from './api-client';
import { LOCAL_STORAGE_KEYS } from './storage-keys';
import { clearStoredTokens, readStoredSession, session, sessionStore, startSession } from './session';

/**
 * How an SSO session is renewed (spec §4 "Token handling": clear the token and go back through the
 * identity provider). The SSO feature registers it at start; without it an SSO session cannot renew.
 */
let renewSsoSession: (() => void) | undefined;

export function setSsoSessionRenewal(renew: () => void): void {
  renewSsoSession = renew;
}

/**
 * Spec §4: before a request, an SSO user's token expiring within 60 seconds sends the browser back
 * through the identity provider and the request is abandoned. The SSO feature registers the check.
 */
let samlTokenCheck: (() => boolean) | undefined;

export function setSamlTokenCheck(check: () => boolean): void {
  samlTokenCheck = check;
}

function fetchUnlessAbandoned(...args: Parameters<typeof fetch>): Promise<Response> {
  // The page is leaving for the identity provider: the request never settles rather than failing.
  if (samlTokenCheck && !samlTokenCheck()) return new Promise<Response>(() => undefined);
  return fetch(...args);
}

/**
 * Renews a password session with the stored refresh token. The server rotates it: the new pair is
 * stored and the old refresh token is spent. Answers the new access token, or `undefined` when the
 * session cannot be renewed (the caller then signs the user out).
 */
export async function refreshSession(fetchImpl: typeof fetch = fetch): Promise<string | undefined> {
  if (session.getIsSAML()) {
    clearStoredTokens();
    sessionStore.setState({ token: undefined });
    renewSsoSession?.();
    return undefined;
  }
  return withRefreshLock(async () => {
    const stored = readStoredSession();
    // Another tab may have rotated the pair while this one waited for the lock: use its token.
    if (stored && stored.token !== session.getToken() && session.getToken() !== undefined) {
      startSession(stored.token, stored.refreshToken);
      return stored.token;
    }
    const refreshToken = localStorage.getItem(LOCAL_STORAGE_KEYS.refreshToken);
    if (!refreshToken) return undefined;
    try {
      const response = await fetchImpl(`${env.apiUrl}${refreshEndpoint.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      if (!response.ok) return undefined;
      const body = (await response.json()) as { result?: { token?: string; refreshToken?: string } };
      if (!body.result?.token || !body.result.refreshToken) return undefined;
      startSession(body.result.token, body.result.refreshToken);
      return body.result.token;
    } catch {
      return undefined;
    }
  });
}

/**
 * Refresh tokens rotate, and presenting a spent one revokes the whole session: two tabs must not
 * renew with the same token at once. The Web Locks API serialises them across tabs where available.
 */
function withRefreshLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return run();
  return locks.request('cairn.refreshSession', run);
}

/** The app's API client: a 401 or 403 renews the session once and retries; if renewal fails the user is signed out. */
export const api = createApiClient({
  baseUrl: env.apiUrl,
  getToken: session.getToken,
  isSaml: session.getIsSAML,
  refreshSession: () => refreshSession(),
  onSessionExpired: () => sessionStore.reset(),
  fetch: fetchUnlessAbandoned,
  trackFailure: (failure) => {
    console.warn('API call failed', failure);
  },
});
