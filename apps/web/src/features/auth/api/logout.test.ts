import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT, sessionStore } from '../../../lib/session';
import { LOCAL_STORAGE_KEYS } from '../../../lib/storage-keys';
import { signOut } from './logout';
import { answerApi, result } from '../../../testing/answer-api';
import { providerToken } from '../../../testing/session';

const REFRESH_TOKEN = 'refresh-token-of-this-session-0123';

function signedIn(isSAML: boolean) {
  const token = providerToken();
  if (isSAML) localStorage.setItem(LOCAL_STORAGE_KEYS.ssoToken, token);
  localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token);
  localStorage.setItem(LOCAL_STORAGE_KEYS.refreshToken, REFRESH_TOKEN);
  sessionStore.setState({
    ...LOGGED_OUT,
    loggedIn: true,
    token,
    isSAML,
    admin: true,
    values: { email: 'dr.rivera@clinic.test', password: 'secret' },
  });
}

beforeEach(() => sessionStore.setState({ ...LOGGED_OUT }));
afterEach(() => vi.unstubAllGlobals());

describe('signing out', () => {
  it('revokes the session on the server, resets the store and the stored tokens, and goes to the origin', async () => {
    signedIn(false);
    const { calls } = answerApi({ '/auth/logout': () => result({}) });
    const navigate = vi.fn();
    await signOut({ navigate, origin: 'https://cairn.example' });
    expect(calls.map((call) => [call.path, call.body])).toEqual([['/auth/logout', { refreshToken: REFRESH_TOKEN }]]);
    expect(sessionStore.getState()).toMatchObject({
      loggedIn: false,
      token: undefined,
      admin: false,
      values: { email: '', password: '' },
    });
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).toBeNull();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.refreshToken)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('https://cairn.example');
  });

  it('still ends the session in the browser when the server cannot be reached', async () => {
    signedIn(false);
    answerApi({ '/auth/logout': () => ({ status: 503, body: {} }) });
    const navigate = vi.fn();
    await signOut({ navigate, origin: 'https://cairn.example' });
    expect(sessionStore.getState().loggedIn).toBe(false);
    expect(navigate).toHaveBeenCalledWith('https://cairn.example');
  });

  it("sends an SSO user to the identity provider's logout page", async () => {
    signedIn(true);
    const { calls } = answerApi({
      '/v2/auth/sso/logoutUrl': () => result({ logoutUrl: 'https://idp.example/logout?x=1' }),
      '/v2/auth/logout': () => result({}),
    });
    const navigate = vi.fn();
    await signOut({ navigate, origin: 'https://cairn.example' });
    expect(calls.map((call) => call.path)).toEqual(['/v2/auth/sso/logoutUrl', '/v2/auth/logout']);
    expect(calls[0]?.headers.authorization).toMatch(/^Bearer /);
    expect(navigate).toHaveBeenCalledWith('https://idp.example/logout?x=1');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.ssoToken)).toBeNull();
  });
});
