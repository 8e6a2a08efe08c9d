import {
  completeSso,
  createIdentityProvider,
  deleteIdentityProvider,
  getIdentityProvider,
  getSsoLogoutUrl,
  getUserMetadata,
  prepareIdentityProvider,
  setIdentityProvider,
  startSso,
  type IdentityProviderRegistration,
} from '@cairn/contracts';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, identityProviders, ssoStates, users } from '../../db/schema';
import {
  newTestAccount,
  signInAtProvider,
  startTestOpenIdProvider,
  type TestAccount,
  type TestOpenIdProvider,
} from '../../integrations/oidc/test-openid-provider';
import { call, callWithAnyBody, signIn, signInAsNewUser, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation, createUser } from '../../testing/factories';
import { scim, scimTokenFor } from '../../testing/scim';

let test: TestApp;
let idp: TestOpenIdProvider;
const accounts: TestAccount[] = [];
let riverside: { id: string; slug: string };
let adminToken: string;
/** Riverside's provider, and what its IdP was registered with before it was created here. */
let prepared: { providerId: string; registration: IdentityProviderRegistration };

const db = () => test.app.database.db;
const browserBinding = () => randomBytes(24).toString('base64url');

beforeAll(async () => {
  test = await buildTestApp();
  riverside = await createOrganisation(db(), 'Riverside Family Medicine');
  adminToken = (await signInAsNewUser(test.app, { organisationId: riverside.id, isAdmin: true })).token;
  // The IdP's administrator registers the redirect URI the admin tool gives before the provider exists.
  const answer = await call(test.app, prepareIdentityProvider, { token: adminToken });
  prepared = answer.json<{ result: typeof prepared }>().result;
  idp = await startTestOpenIdProvider({
    redirectUris: [prepared.registration.redirectUri],
    postLogoutRedirectUris: [prepared.registration.postLogoutRedirectUri],
    accounts,
  });
  const response = await call(test.app, createIdentityProvider, {
    token: adminToken,
    body: {
      providerId: prepared.providerId,
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      emailDomain: 'riverside.example',
      defaultView: 'Coder',
    },
  });
  expect(response.statusCode).toBe(200);
});
afterAll(async () => {
  await test.app.close();
  await idp.close();
});

async function start(body: Record<string, unknown>) {
  const response = await call(test.app, startSso, { body });
  return {
    response,
    authorizationUrl: response.json<{ result?: { authorizationUrl: string } }>().result?.authorizationUrl,
  };
}

/** Starts SSO for Riverside, signs in at the provider, and answers what the provider sent back. */
async function signInAtRiverside(account: TestAccount, binding = browserBinding(), returnTo?: string) {
  if (!accounts.includes(account)) accounts.push(account);
  const { authorizationUrl } = await start({ organisation: riverside.slug, browserBinding: binding, returnTo });
  const callback = await signInAtProvider(authorizationUrl ?? '', account);
  return {
    browserBinding: binding,
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
    iss: callback.searchParams.get('iss') ?? undefined,
    callback,
  };
}

/** Completes SSO with what the provider sent back (the web app's `/sso` route does the same). */
async function complete({ callback: _url, ...body }: Record<string, unknown>) {
  return callWithAnyBody(test.app, completeSso, { body });
}

describe('SSO with the organisation OpenID provider', () => {
  it('starts the authorization code flow with PKCE, state and nonce, returning to the web app /sso route', async () => {
    const { response, authorizationUrl } = await start({ organisation: riverside.slug });
    expect(response.statusCode).toBe(200);
    const url = new URL(authorizationUrl ?? '');
    expect(url.origin).toBe(idp.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: idp.clientId,
      response_type: 'code',
      redirect_uri: `http://localhost:3000/sso/${prepared.providerId}`,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
  });

  it("finds the organisation by the domain of the user's email", async () => {
    const { response } = await start({ email: 'grace@riverside.example' });
    expect(response.statusCode).toBe(200);
  });

  it('uses the only organisation with a provider when the request names none', async () => {
    const { response } = await start({});
    expect(response.statusCode).toBe(200);
  });

  it('refuses an unknown organisation with 404, by slug and by email domain', async () => {
    for (const body of [{ organisation: 'no-such-clinic' }, { email: 'someone@elsewhere.example' }]) {
      const { response } = await start(body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('refuses a return path that leaves Cairn', async () => {
    const { response } = await start({ organisation: riverside.slug, returnTo: '//evil.example/phish' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('creates the user in the organisation on a first sign-in and finds the same user on the next', async () => {
    const account = newTestAccount();
    const first = await signInAtRiverside(account, browserBinding(), '/doc/42');
    expect(first.callback.origin + first.callback.pathname).toBe(`http://localhost:3000/sso/${prepared.providerId}`);
    const response = await complete(first);
    expect(response.statusCode).toBe(200);
    const { result } = response.json<{ result: { jwtToken: string; refreshToken: string; returnTo?: string } }>();
    expect(result.returnTo).toBe('/doc/42');
    expect(result.refreshToken).toMatch(/^[\w-]{40,}$/);

    const [created] = await db().select().from(users).where(eq(users.oidcSubject, account.subject));
    expect(created).toMatchObject({
      organisationId: riverside.id,
      identityProviderId: prepared.providerId,
      identitySource: 'oidc',
      email: account.email,
      firstName: 'Ada',
      lastName: account.familyName,
      view: 'Coder',
      passwordHash: null,
      isAdmin: false,
    });
    const auth = await test.app.accessTokens.verify(result.jwtToken);
    expect(auth).toMatchObject({ userId: created?.id, organisationId: riverside.id, isSaml: true, isAdmin: false });

    const again = await complete(await signInAtRiverside(account));
    expect(again.statusCode).toBe(200);
    const matching = await db().select().from(users).where(eq(users.oidcSubject, account.subject));
    expect(matching).toHaveLength(1);
    const signIns = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, created?.id ?? ''), eq(auditLog.action, 'auth.sign_in')));
    expect(signIns).toHaveLength(2);
    expect(signIns[0]?.details).toEqual({ method: 'oidc', providerId: prepared.providerId });
  });

  it('signs a user SCIM provisioned in as that user, matched by email, and links the subject', async () => {
    const account = newTestAccount();
    const scimToken = await scimTokenFor(test.app, riverside.id);
    const provisioned = await scim(test.app, {
      method: 'POST',
      path: '/Users',
      token: scimToken,
      body: { userName: `scim-${account.username}`, emails: [{ value: account.email.toUpperCase(), type: 'work' }] },
    });
    expect(provisioned.statusCode).toBe(201);
    const userId = provisioned.json<{ id: string }>().id;

    const response = await complete(await signInAtRiverside(account));
    expect(response.statusCode).toBe(200);
    const auth = await test.app.accessTokens.verify(response.json<{ result: { jwtToken: string } }>().result.jwtToken);
    expect(auth?.userId).toBe(userId);
    const matching = await db().select().from(users).where(eq(users.organisationId, riverside.id));
    expect(matching.filter((user) => user.email.toLowerCase() === account.email.toLowerCase())).toHaveLength(1);
    expect(matching.find((user) => user.id === userId)?.oidcSubject).toBe(account.subject);
  });

  it('lets the SSO user call /api/v2 paths with a Bearer header', async () => {
    const response = await complete(await signInAtRiverside(newTestAccount()));
    const { jwtToken } = response.json<{ result: { jwtToken: string } }>().result;
    const metadata = await call(test.app, getUserMetadata, { token: jwtToken, isV2: true });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.json()).toMatchObject({ result: { view: 'Coder', is_admin: false } });
  });

  it('refuses a wrong state, and says why, in an audited 401', async () => {
    const answer = await signInAtRiverside(newTestAccount());
    const response = await complete({ ...answer, state: `${answer.state}x` });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', details: { reason: 'unknown_state' } } });
    const failures = await db().select().from(auditLog).where(eq(auditLog.action, 'auth.sso_failed'));
    expect(failures.some((row) => row.details?.reason === 'unknown_state')).toBe(true);
    expect(JSON.stringify(failures)).not.toContain(answer.code);
  });

  it('refuses a state that was already used', async () => {
    const answer = await signInAtRiverside(newTestAccount());
    expect((await complete(answer)).statusCode).toBe(200);
    const reused = await complete(answer);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ error: { details: { reason: 'unknown_state' } } });
  });

  it('refuses to finish in another browser than the one that started (login CSRF)', async () => {
    const answer = await signInAtRiverside(newTestAccount());
    const response = await complete({ ...answer, browserBinding: browserBinding() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { details: { reason: 'unknown_state' } } });
  });

  it('refuses a state older than ten minutes', async () => {
    const answer = await signInAtRiverside(newTestAccount());
    await db()
      .update(ssoStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ssoStates.organisationId, riverside.id));
    const response = await complete(answer);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { details: { reason: 'expired_state' } } });
  });

  it('sweeps sign-ins abandoned more than an hour past their expiry', async () => {
    await start({ organisation: riverside.slug });
    const longAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await db().update(ssoStates).set({ expiresAt: longAgo }).where(eq(ssoStates.organisationId, riverside.id));
    await start({ organisation: riverside.slug });
    const left = await db().select().from(ssoStates).where(eq(ssoStates.expiresAt, longAgo));
    expect(left).toHaveLength(0);
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const answer = await signInAtRiverside(newTestAccount());
    await db().update(ssoStates).set({ nonce: 'another-nonce' }).where(eq(ssoStates.organisationId, riverside.id));
    const response = await complete(answer);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { details: { reason: 'nonce_mismatch' } } });
  });

  it("refuses the provider's error answer and a code the provider does not know", async () => {
    const denied = await signInAtRiverside(newTestAccount());
    const refused = await complete({
      state: denied.state,
      browserBinding: denied.browserBinding,
      error: 'access_denied',
    });
    expect(refused.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', details: { reason: 'provider_error' } } });

    const forged = await signInAtRiverside(newTestAccount());
    const response = await complete({ ...forged, code: 'not-a-code-the-provider-issued' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { details: { reason: 'provider_error' } } });
  });

  it("gives an SSO user the provider's logout page, and a password user none", async () => {
    const response = await complete(await signInAtRiverside(newTestAccount()));
    const { jwtToken } = response.json<{ result: { jwtToken: string } }>().result;
    const logout = await call(test.app, getSsoLogoutUrl, { token: jwtToken, isV2: true });
    const logoutUrl = new URL(logout.json<{ result: { logoutUrl: string } }>().result.logoutUrl);
    expect(logoutUrl.origin).toBe(idp.issuer);
    expect(logoutUrl.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:3000/');
    expect(logoutUrl.searchParams.get('client_id')).toBe(idp.clientId);
    const provider = await fetch(logoutUrl);
    expect(provider.status).toBe(200);

    const passwordUser = await call(test.app, getSsoLogoutUrl, { token: adminToken });
    expect(passwordUser.json()).toEqual({ result: {} });
  });
});

describe('the identity provider administration', () => {
  it('never returns the client secret and stores it sealed', async () => {
    const response = await call(test.app, getIdentityProvider, { token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: {
        id: prepared.providerId,
        protocol: 'oidc',
        issuer: idp.issuer,
        clientId: idp.clientId,
        hasClientSecret: true,
        scopes: 'openid email profile',
        emailDomain: 'riverside.example',
        defaultView: 'Coder',
        displayName: '',
        signInName: new URL(idp.issuer).host,
        isEnabled: true,
        claimMapping: {},
        allowedEmailDomains: [],
        lastSignInAt: expect.any(String) as string,
        createdAt: expect.any(String) as string,
        redirectUri: `http://localhost:3000/sso/${prepared.providerId}`,
        postLogoutRedirectUri: 'http://localhost:3000/',
      },
    });
    expect(response.body).not.toContain(idp.clientSecret);
    const [row] = await db().select().from(identityProviders).where(eq(identityProviders.id, prepared.providerId));
    expect(row?.clientSecretEncrypted).toMatch(/^v1\./);
    expect(row?.clientSecretEncrypted).not.toContain(idp.clientSecret);
  });

  it('keeps the stored secret when a change omits it, and SSO still works', async () => {
    const response = await call(test.app, setIdentityProvider, {
      token: adminToken,
      body: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        emailDomain: 'riverside.example',
        defaultView: 'Coder',
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await complete(await signInAtRiverside(newTestAccount()))).statusCode).toBe(200);
  });

  it('refuses an issuer that does not answer discovery, naming the field', async () => {
    const response = await call(test.app, setIdentityProvider, {
      token: adminToken,
      body: {
        issuer: 'http://127.0.0.1:9/nothing-here',
        clientId: 'x',
        clientSecret: 'y',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { details: { issues: [{ field: 'issuer' }] } } });
  });

  it('is for administrators only: FORBIDDEN to a user without the admin flag, even with admin_tool', async () => {
    const user = await createUser(db(), { organisationId: riverside.id, permissions: ['admin_tool'] });
    const { token } = await signIn(test.app, user);
    const calls = [
      call(test.app, getIdentityProvider, { token }),
      call(test.app, setIdentityProvider, { token, body: { issuer: idp.issuer, clientId: 'x', clientSecret: 'y' } }),
      call(test.app, deleteIdentityProvider, { token }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    }
    expect((await call(test.app, getIdentityProvider)).statusCode).toBe(401);
  });

  it("keeps another organisation's provider invisible to an admin of a different organisation", async () => {
    const hillside = await createOrganisation(db(), 'Hillside Clinic');
    const hillsideAdmin = (await signInAsNewUser(test.app, { organisationId: hillside.id, isAdmin: true })).token;
    const read = await call(test.app, getIdentityProvider, { token: hillsideAdmin });
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain(idp.issuer);
    expect((await call(test.app, deleteIdentityProvider, { token: hillsideAdmin })).statusCode).toBe(404);
    expect((await call(test.app, getIdentityProvider, { token: adminToken })).statusCode).toBe(200);

    const claimed = await call(test.app, setIdentityProvider, {
      token: hillsideAdmin,
      body: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        emailDomain: 'riverside.example',
      },
    });
    expect(claimed.statusCode).toBe(409);
  });

  it('deletes the provider: SSO for the organisation then stops', async () => {
    const laketown = await createOrganisation(db(), 'Laketown Health');
    const laketownAdmin = (await signInAsNewUser(test.app, { organisationId: laketown.id, isAdmin: true })).token;
    const set = await call(test.app, setIdentityProvider, {
      token: laketownAdmin,
      body: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
      },
    });
    expect(set.statusCode).toBe(200);
    expect((await start({ organisation: laketown.slug })).response.statusCode).toBe(200);
    expect((await start({})).response.statusCode).toBe(404);
    expect((await call(test.app, deleteIdentityProvider, { token: laketownAdmin })).json()).toEqual({ result: true });
    expect((await start({ organisation: laketown.slug })).response.statusCode).toBe(404);
    const audit = await db().select().from(auditLog).where(eq(auditLog.organisationId, laketown.id));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['sso.identity_provider_created', 'sso.identity_provider_deleted']),
    );
    expect(JSON.stringify(audit)).not.toContain(idp.clientSecret);
  });
});

describe('in production', () => {
  it('refuses a plain-http identity provider, even one on this machine', async () => {
    const production = await buildTestApp({
      env: { CAIRN_ENV: 'production', CAIRN_API_URL: 'https://cairn.example/api' },
    });
    try {
      const organisation = await createOrganisation(production.app.database.db);
      const { token } = await tokenFor(production.app, { organisationId: organisation.id, isAdmin: true });
      const response = await call(production.app, setIdentityProvider, {
        token,
        body: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: { details: { issues: [{ field: 'issuer' }] } } });
    } finally {
      await production.app.close();
    }
  });
});
