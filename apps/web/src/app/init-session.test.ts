import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGGED_OUT, sessionStore } from '../lib/session';
import { LOCAL_STORAGE_KEYS } from '../lib/storage-keys';
import { initializeSessionFrom, type SessionSources } from './init-session';
import { providerToken } from '../testing/session';

function sources(overrides: Partial<SessionSources> = {}): SessionSources {
  return {
    location: { pathname: '/schedule', search: '' },
    refresh: vi.fn(async () => undefined),
    warn: vi.fn(),
    ...overrides,
  };
}

function storePasswordSession(token: string) {
  localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, token);
  localStorage.setItem(LOCAL_STORAGE_KEYS.refreshToken, 'r'.repeat(43));
}

beforeEach(() => sessionStore.setState({ ...LOGGED_OUT, initializing: true }));

describe('session initialization', () => {
  it('handles an SSO code or sso parameter first, before any stored session', async () => {
    storePasswordSession(providerToken(120));
    const handleSsoRequest = vi.fn(async () => {
      sessionStore.setState({ loggedIn: true, isSAML: true, token: providerToken(5) });
      return true;
    });
    const refresh = vi.fn(async () => undefined);
    await initializeSessionFrom(
      sources({ location: { pathname: '/login', search: '?code=abc' }, handleSsoRequest, refresh }),
    );
    expect(handleSsoRequest).toHaveBeenCalledWith({ pathname: '/login', search: '?code=abc' });
    expect(sessionStore.getState()).toMatchObject({ loggedIn: true, isSAML: true, initializing: false });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('restores a stored SSO token before a stored password session, marked as SAML', async () => {
    storePasswordSession(providerToken(120, { sub: 'password-user' }));
    localStorage.setItem(LOCAL_STORAGE_KEYS.ssoToken, providerToken(30, { sub: 'sso-user', email: 'sso@clinic.test' }));
    await initializeSessionFrom(sources());
    expect(sessionStore.getState()).toMatchObject({ loggedIn: true, isSAML: true, initializing: false });
    expect(sessionStore.getState().values.email).toBe('sso@clinic.test');
  });

  it('drops a stored SSO token within a minute of expiry and falls back to the stored session', async () => {
    storePasswordSession(providerToken(120));
    localStorage.setItem(LOCAL_STORAGE_KEYS.ssoToken, providerToken(0.5));
    await initializeSessionFrom(sources());
    expect(sessionStore.getState()).toMatchObject({ loggedIn: true, isSAML: false });
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.ssoToken)).toBeNull();
  });

  it('restores a stored session with more than an hour left without renewing it', async () => {
    const token = providerToken(90);
    storePasswordSession(token);
    const refresh = vi.fn(async () => undefined);
    await initializeSessionFrom(sources({ refresh }));
    expect(refresh).not.toHaveBeenCalled();
    expect(sessionStore.getState()).toMatchObject({ loggedIn: true, token, initializing: false });
  });

  it('renews a stale stored session (less than an hour left) and uses the new token', async () => {
    storePasswordSession(providerToken(10));
    const renewed = providerToken(15, { sub: 'user-1', email: 'renewed@clinic.test' });
    await initializeSessionFrom(sources({ refresh: vi.fn(async () => renewed) }));
    expect(sessionStore.getState()).toMatchObject({ loggedIn: true, token: renewed });
  });

  it('signs out when a stale session cannot be renewed, clearing the stored tokens', async () => {
    storePasswordSession(providerToken(10));
    await initializeSessionFrom(sources());
    expect(sessionStore.getState()).toMatchObject({ loggedIn: false, token: undefined, initializing: false });
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.authToken)).toBeNull();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('signs out on a malformed stored token', async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.authToken, 'not-a-token');
    await initializeSessionFrom(sources());
    expect(sessionStore.getState()).toMatchObject({ loggedIn: false, initializing: false });
  });

  it('ends logged out with a failure status when an SSO answer in the URL could not be completed', async () => {
    await initializeSessionFrom(
      sources({ location: { pathname: '/sso', search: '?code=abc&state=xyz' }, handleSsoRequest: async () => false }),
    );
    expect(sessionStore.getState()).toMatchObject({ loggedIn: false, status: 'failure', initializing: false });
  });

  it('ends initializing logged out when nothing is stored', async () => {
    await initializeSessionFrom(sources());
    expect(sessionStore.getState()).toMatchObject({ loggedIn: false, initializing: false });
  });
});
