import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshSession } from '../../../lib/api';
import { sessionStore } from '../../../lib/session';
import { LOCAL_STORAGE_KEYS } from '../../../lib/storage-keys';
import {
  acceptAddonSsoToken,
  checkSamlToken,
  completeSso,
  fetchSsoLogoutUrl,
  getSsoFailure,
  handleSsoRequest,
  registerSsoRenewal,
  renewSsoSession,
  SSO_STORAGE_KEYS,
  startSso,
} from './sso';
import { answerApi } from '../../../testing/answer-api';

function tokenWith(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

const IDP_URL = 'https://idp.example/authorize?client_id=cairn&state=s1';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  sessionStore.reset();
});

describe('starting SSO', () => {
  it('asks for the provider URL with a browser binding, stores the next URL and the SSO URL, then navigates', async () => {
    const server = answerApi({ '/auth/sso/start': { body: { result: { authorizationUrl: IDP_URL } } } });
    const navigate = vi.fn();
    await startSso('/patient/7?sso=riverside&tab=a', { fetch: server.fetch, navigate });
    expect(server.calls[0]?.body).toMatchObject({ organisation: 'riverside', returnTo: '/patient/7?tab=a' });
    const binding = server.calls[0]?.body.browserBinding;
    expect(binding).toMatch(/^[\w-]{32}$/);
    expect(sessionStorage.getItem(SSO_STORAGE_KEYS.browserBinding)).toBe(binding);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.nextUrl)).toBe('/patient/7?tab=a');
    expect(localStorage.getItem(SSO_STORAGE_KEYS.ssoUrl)).toBe('/login?sso=riverside');
    expect(navigate).toHaveBeenCalledWith(IDP_URL);
  });

  it('inside an add-on, tells the add-on to change its frame source instead of navigating', async () => {
    const server = answerApi({ '/auth/sso/start': { body: { result: { authorizationUrl: IDP_URL } } } });
    const navigate = vi.fn();
    const onAddonFrameSource = vi.fn();
    await startSso('/overlay/login?sso=1', { fetch: server.fetch, navigate, onAddonFrameSource });
    expect(onAddonFrameSource).toHaveBeenCalledWith(IDP_URL);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("takes the login card's email over the URL", async () => {
    const server = answerApi({ '/auth/sso/start': { body: { result: { authorizationUrl: IDP_URL } } } });
    await startSso('/login', { fetch: server.fetch, navigate: vi.fn(), email: 'ada@riverside.example' });
    expect(server.calls[0]?.body).toMatchObject({ email: 'ada@riverside.example' });
    expect(localStorage.getItem(SSO_STORAGE_KEYS.ssoUrl)).toBe('/login?sso=1&email=ada%40riverside.example');
  });
});

describe('completing SSO', () => {
  const exp = Math.floor(Date.now() / 1000) + 900;
  const token = tokenWith({
    sub: 'u1',
    exp,
    isAdmin: 'false',
    permissions: '{"view":"Provider"}',
    email: 'ada@x.example',
  });

  it('exchanges the code with the state, issuer and browser binding, and signs in as an SSO (SAML) user', async () => {
    sessionStorage.setItem(SSO_STORAGE_KEYS.browserBinding, 'binding-of-this-tab-0123456789');
    const server = answerApi({
      '/auth/sso/complete': {
        body: { result: { jwtToken: token, refreshToken: 'r'.repeat(43), returnTo: '/patient/7' } },
      },
    });
    const completed = await completeSso('/sso?code=c1&state=s1&iss=https%3A%2F%2Fidp.example', {
      fetch: server.fetch,
      loadSid: async () => undefined,
    });
    expect(server.calls[0]?.body).toEqual({
      state: 's1',
      code: 'c1',
      iss: 'https://idp.example',
      browserBinding: 'binding-of-this-tab-0123456789',
    });
    expect(completed).toEqual({ token, target: '/patient/7' });
    expect(sessionStore.getState()).toMatchObject({ loggedIn: true, isSAML: true, token, status: 'success' });
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.ssoToken)).toBe(token);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.ssoTokenExpiry)).toBe(String(exp * 1000));
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.nextUrl)).toBe('/patient/7');
    expect(sessionStorage.getItem(SSO_STORAGE_KEYS.browserBinding)).toBeNull();
  });

  it('goes to the document the token names, inside the overlay when opened there', async () => {
    const withDocument = tokenWith({ sub: 'u1', exp, 'https://cairn/claims/doc_id': 'doc-9' });
    const server = answerApi({
      '/auth/sso/complete': { body: { result: { jwtToken: withDocument, refreshToken: 'r'.repeat(43) } } },
    });
    const completed = await completeSso('/overlay/sso?code=c1&state=s1', {
      fetch: server.fetch,
      loadSid: async () => 'summary-1',
    });
    expect(completed?.target).toBe('/overlay/doc/doc-9');
  });

  it("keeps an administrator's Test sign-in report for the admin tool, and signs no one in", async () => {
    const report = { claims: { sub: 'abc' }, mapped: { groups: [] }, isEmailDomainAllowed: true };
    const server = answerApi({ '/auth/sso/complete': { body: { result: { test: report } } } });
    expect(await completeSso('/sso?code=c1&state=s1', { fetch: server.fetch })).toBeUndefined();
    expect(JSON.parse(sessionStorage.getItem('cairn.ssoTestResult') ?? 'null')).toEqual(report);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.nextUrl)).toBe('/admin/sso?test=result');
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.ssoToken)).toBeNull();
    expect(sessionStore.getState().loggedIn).toBe(false);
  });

  it('does nothing when the path contains epic (the code is the EHR launch code there)', async () => {
    const server = answerApi({});
    expect(await completeSso('/epic/login?code=c1&state=s1', { fetch: server.fetch })).toBeUndefined();
    expect(server.calls).toHaveLength(0);
  });

  it("keeps the server's refusal and its reason for the login card, signed out", async () => {
    const server = answerApi({
      '/auth/sso/complete': {
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED', message: 'expired', details: { reason: 'expired_state' } } },
      },
    });
    const outcome = await handleSsoRequest({ pathname: '/sso', search: '?code=c1&state=s1' }, { fetch: server.fetch });
    expect(outcome).toBe(false);
    expect(getSsoFailure()).toMatchObject({
      code: 'UNAUTHENTICATED',
      status: 401,
      details: { reason: 'expired_state' },
    });
    expect(sessionStore.getState().loggedIn).toBe(false);
  });

  it('leaves initialization alone when the URL carries no SSO request', () => {
    expect(handleSsoRequest({ pathname: '/schedule', search: '' })).toBeUndefined();
    expect(handleSsoRequest({ pathname: '/veradigm/launch', search: '?sso=1' })).toBeUndefined();
  });
});

describe('SSO token handling (spec §4)', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);

  it("renews an SSO user's session by clearing the token and going back through the SSO URL", () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.ssoToken, 'old');
    localStorage.setItem(SSO_STORAGE_KEYS.ssoUrl, '/login?sso=riverside');
    const navigate = vi.fn();
    renewSsoSession({ pathname: '/patient/7', search: '?tab=a' }, { navigate });
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.ssoToken)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?sso=riverside&next=%252Fpatient%252F7%253Ftab%253Da');
  });

  it('sends a log call, then the browser to the provider login, and abandons the request when the SAML token has 60 s or less', () => {
    localStorage.setItem(SSO_STORAGE_KEYS.ssoUrl, '/login?sso=riverside');
    const calls: string[] = [];
    const isAllowed = checkSamlToken({
      token: tokenWith({ exp: now / 1000 + 45 }),
      isSaml: true,
      current: { pathname: '/schedule', search: '' },
      now,
      log: (message) => calls.push(`log: ${message}`),
      navigate: (url) => calls.push(`navigate: ${url}`),
    });
    expect(isAllowed).toBe(false);
    expect(calls).toEqual([
      'log: SAML token expires within 60 seconds: signing in again at the identity provider',
      'navigate: /login?sso=riverside&next=%252Fschedule',
    ]);
  });

  it('lets the request through with more than 60 s left, or for a password user', () => {
    const navigate = vi.fn();
    const log = vi.fn();
    const current = { pathname: '/schedule', search: '' };
    expect(
      checkSamlToken({ token: tokenWith({ exp: now / 1000 + 120 }), isSaml: true, current, now, log, navigate }),
    ).toBe(true);
    expect(
      checkSamlToken({ token: tokenWith({ exp: now / 1000 + 5 }), isSaml: false, current, now, log, navigate }),
    ).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
  });
});

describe('the SSO session in the app', () => {
  it("asks for the provider's logout page on the v2 path with a Bearer header", async () => {
    sessionStore.setState({ loggedIn: true, token: 'sso-token', isSAML: true });
    const fetchImpl = vi.fn(async (url: string, init?: { headers?: Record<string, string> }) => {
      expect(url).toBe('/api/v2/auth/sso/logoutUrl');
      expect(init?.headers?.authorization).toBe('Bearer sso-token');
      return new Response(
        JSON.stringify({ result: { logoutUrl: 'https://idp.example/session/end?client_id=cairn' } }),
        {
          status: 200,
        },
      );
    });
    vi.stubGlobal('fetch', fetchImpl);
    try {
      expect(await fetchSsoLogoutUrl()).toBe('https://idp.example/session/end?client_id=cairn');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("makes the API client's renewal of an SSO session go back through the provider", async () => {
    localStorage.setItem(LOCAL_STORAGE_KEYS.ssoToken, 'old');
    localStorage.setItem(SSO_STORAGE_KEYS.ssoUrl, '/login?sso=riverside');
    sessionStore.setState({ loggedIn: true, token: 'old', isSAML: true });
    const navigate = vi.fn();
    registerSsoRenewal({ navigate });
    expect(await refreshSession()).toBeUndefined();
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.ssoToken)).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?sso=riverside&next=%252F/));
  });
});

describe("the add-on's SSO token (ssoLoginSucceeded)", () => {
  const token = tokenWith({ sub: 'u1', exp: 4_102_444_800, isSaml: true, permissions: '{"view":"Provider"}' });

  it('becomes the session once the server accepts it', async () => {
    const server = answerApi({ '/v2/getUserMetadata': { body: { result: {} } } });
    await expect(acceptAddonSsoToken(token, { fetch: server.fetch })).resolves.toBe(true);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.ssoToken)).toBe(token);
    expect(sessionStore.getState()).toMatchObject({ loggedIn: true, isSAML: true });
  });

  it('changes nothing when the server refuses it, or when it is not a token', async () => {
    const server = answerApi({ '/v2/getUserMetadata': { status: 401, body: { error: {} } } });
    await expect(acceptAddonSsoToken(token, { fetch: server.fetch })).resolves.toBe(false);
    await expect(acceptAddonSsoToken('not-a-token', { fetch: server.fetch })).resolves.toBe(false);
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.ssoToken)).toBeNull();
    expect(sessionStore.getState().loggedIn).toBe(false);
  });
});
