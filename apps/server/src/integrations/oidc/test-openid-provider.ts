import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Account } from 'oidc-provider';

/**
 * A real OpenID provider (npm `oidc-provider`) for tests and the e2e journey: started on a free port of
 * 127.0.0.1, with one confidential client for Cairn that must use PKCE, and a small sign-in page of its
 * own (username and password, then consent) instead of oidc-provider's development screens.
 * Never part of the server bundle: only tests import it.
 */
export interface TestAccount {
  username: string;
  password: string;
  subject: string;
  email: string;
  givenName: string;
  familyName: string;
}

export interface TestOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export interface TestOpenIdProviderOptions {
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  accounts: TestAccount[];
}

export async function startTestOpenIdProvider(options: TestOpenIdProviderOptions): Promise<TestOpenIdProvider> {
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = `cairn-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
    },
    findAccount: (_context, subject) => {
      const account = options.accounts.find((candidate) => candidate.subject === subject);
      return account ? toOidcAccount(account) : undefined;
    },
  });
  const oidc = provider.callback();
  handle = (request, response) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|consent))?$/.exec(new URL(request.url ?? '/', issuer).pathname);
    if (!match) return oidc(request, response);
    interaction(provider, options.accounts, request, response, match[2]).catch((error: unknown) => {
      response.statusCode = 400;
      response.setHeader('content-type', 'text/plain');
      response.end(error instanceof Error ? error.message : 'interaction failed');
    });
  };
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function interaction(
  provider: Provider,
  accounts: TestAccount[],
  request: IncomingMessage,
  response: ServerResponse,
  step: string | undefined,
): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  if (request.method === 'GET') return page(response, details.uid, details.prompt.name);
  const form = new URLSearchParams(await readBody(request));
  if (step === 'login' && details.prompt.name === 'login') {
    const account = accounts.find(
      (candidate) => candidate.username === form.get('username') && candidate.password === form.get('password'),
    );
    if (!account) return page(response, details.uid, 'login', 'Wrong username or password');
    return provider.interactionFinished(
      request,
      response,
      { login: { accountId: account.subject } },
      { mergeWithLastSubmission: false },
    );
  }
  if (step === 'consent' && details.prompt.name === 'consent' && details.session) {
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
    if (!grant) throw new Error('grant not found');
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    return provider.interactionFinished(request, response, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }
  throw new Error(`unexpected ${step ?? 'page'} for prompt ${details.prompt.name}`);
}

function page(response: ServerResponse, uid: string, prompt: string, error?: string): void {
  const body =
    prompt === 'login'
      ? `<h1>Test identity provider</h1>${error ? `<p role="alert">${error}</p>` : ''}
<form method="post" action="/interaction/${uid}/login">
<label>Username <input name="username" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Sign in</button></form>`
      : `<h1>Allow Cairn to know who you are?</h1>
<form method="post" action="/interaction/${uid}/consent"><button type="submit">Allow</button></form>`;
  response.setHeader('content-type', 'text/html; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  response.end(`<!doctype html><html lang="en"><head><title>Test IdP</title></head><body>${body}</body></html>`);
}

/** The provider's "sign out?" question (its default page loads web fonts from the internet). */
function logoutSource(context: { body: string }, form: string): void {
  context.body = `<!doctype html><html lang="en"><head><title>Test IdP</title></head><body>
<h1>Sign out of the test identity provider?</h1>${form}
<button type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button></body></html>`;
}

function postLogoutSuccessSource(context: { body: string }): void {
  context.body =
    '<!doctype html><html lang="en"><head><title>Test IdP</title></head><body><h1>Signed out</h1></body></html>';
}

function toOidcAccount(account: TestAccount): Account {
  return {
    accountId: account.subject,
    claims: () => ({
      sub: account.subject,
      email: account.email,
      email_verified: true,
      given_name: account.givenName,
      family_name: account.familyName,
      name: `${account.givenName} ${account.familyName}`,
    }),
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A test account with fresh names, so that tests never share a subject. */
export function newTestAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  const id = randomUUID().slice(0, 8);
  return {
    username: `ada-${id}`,
    password: `pw-${randomBytes(6).toString('hex')}`,
    subject: `subject-${id}`,
    email: `ada.${id}@riverside.example`,
    givenName: 'Ada',
    familyName: `Lovelace-${id}`,
    ...overrides,
  };
}

/**
 * Signs in at the provider the way a browser would, without one: follows its redirects with the
 * cookies it sets, submits the login form and the consent form, and returns the URL the provider
 * finally sends the browser back to (Cairn's `/sso?code=...&state=...&iss=...`).
 */
export async function signInAtProvider(
  authorizationUrl: string,
  credentials: { username: string; password: string },
): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let method = 'GET';
  let body: string | undefined;
  const providerOrigin = url.origin;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.origin !== providerOrigin) return url;
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const separator = pair.indexOf('=');
      cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    if (html.includes('role="alert"')) throw new Error('the provider refused the username or password');
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action)
      throw new Error(`the provider answered ${response.status} without a form or redirect: ${html.slice(0, 200)}`);
    url = new URL(action, url);
    method = 'POST';
    body = action.endsWith('/login') ? new URLSearchParams(credentials).toString() : '';
  }
  throw new Error('too many redirects at the provider');
}
