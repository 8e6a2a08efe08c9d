import { randomBytes } from 'node:crypto';
import {
  completeSso,
  createIdentityProvider,
  getIdentityProvider,
  listSsoProviders,
  prepareIdentityProvider,
  setIdentityProvider,
  startSso,
  testIdentityProvider,
} from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import {
  newTestAccount,
  signInAtProvider,
  startTestOpenIdProvider,
  type TestAccount,
  type TestOpenIdProvider,
} from '../../integrations/oidc/test-openid-provider';
import { call, signInAsNewUser, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';

let test: TestApp;
let idp: TestOpenIdProvider;
const accounts: TestAccount[] = [];
let riverside: { id: string; slug: string };
let adminToken: string;
/** Riverside's provider, created by the first change (with the id its IdP was registered for). */
let providerId: string;
let isCreated = false;
const db = () => test.app.database.db;

const baseProvider = () => ({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret });

beforeAll(async () => {
  test = await buildTestApp();
  riverside = await createOrganisation(db(), 'Riverside Family Medicine');
  adminToken = (await signInAsNewUser(test.app, { organisationId: riverside.id, isAdmin: true })).token;
  const prepared = await call(test.app, prepareIdentityProvider, { token: adminToken });
  const { result } = prepared.json<{ result: { providerId: string; registration: { redirectUri: string } } }>();
  providerId = result.providerId;
  idp = await startTestOpenIdProvider({ redirectUris: [result.registration.redirectUri], accounts });
});
afterAll(async () => {
  await test.app.close();
  await idp.close();
});

/** Creates Riverside's provider the first time, then changes it as its only one (the single-provider call). */
async function setProvider(body: Record<string, unknown>) {
  if (isCreated) {
    return call(test.app, setIdentityProvider, { token: adminToken, body: { ...baseProvider(), ...body } });
  }
  const created = await call(test.app, createIdentityProvider, {
    token: adminToken,
    body: { providerId, ...baseProvider(), ...body },
  });
  isCreated = created.statusCode === 200;
  return created;
}

/** Starts SSO at Riverside, signs in at the provider and completes: the completion's answer. */
async function signInThroughRiverside(account: TestAccount) {
  accounts.push(account);
  const browserBinding = randomBytes(24).toString('base64url');
  const started = await call(test.app, startSso, { body: { organisation: riverside.slug, browserBinding } });
  const { authorizationUrl } = started.json<{ result: { authorizationUrl: string } }>().result;
  const callback = await signInAtProvider(authorizationUrl, account);
  return call(test.app, completeSso, {
    body: {
      state: callback.searchParams.get('state') ?? '',
      code: callback.searchParams.get('code') ?? '',
      iss: callback.searchParams.get('iss') ?? undefined,
      browserBinding,
    },
  });
}

describe("the login card's provider offer", () => {
  it('offers nothing, and starting answers 404, before any provider is set', async () => {
    const offer = await call(test.app, listSsoProviders, { body: {} });
    expect(offer.statusCode).toBe(200);
    expect(offer.json()).toEqual({ result: { providers: [] } });
    expect((await call(test.app, startSso, { body: {} })).statusCode).toBe(404);
  });

  it('offers the only provider by its display name, by slug and by an allowed domain, with no secret', async () => {
    expect(
      (await setProvider({ displayName: 'Riverside Okta', allowedEmailDomains: ['rfm.example'] })).statusCode,
    ).toBe(200);
    const expected = {
      result: { providers: [{ name: 'Riverside Okta', organisation: riverside.slug, provider: providerId }] },
    };
    for (const body of [{}, { organisation: riverside.slug }, { email: 'grace@RFM.example' }]) {
      const offer = await call(test.app, listSsoProviders, { body });
      expect(offer.json()).toEqual(expected);
      expect(offer.body).not.toContain(idp.clientSecret);
    }
    const unknown = await call(test.app, listSsoProviders, { body: { organisation: 'nowhere' } });
    expect(unknown.json()).toEqual({ result: { providers: [] } });
  });

  it("names the provider by the issuer's host when it has no display name", async () => {
    await setProvider({ displayName: '' });
    const offer = await call(test.app, listSsoProviders, { body: {} });
    expect(offer.json()).toEqual({
      result: { providers: [{ name: new URL(idp.issuer).host, organisation: riverside.slug, provider: providerId }] },
    });
  });
});

describe('claim mapping and allowed email domains', () => {
  it('shows and audits the mapping and domains the administrator set', async () => {
    const claimMapping = { username: 'sub', firstName: 'family_name', lastName: 'given_name' };
    const response = await setProvider({
      displayName: 'Okta',
      claimMapping,
      allowedEmailDomains: ['riverside.example'],
    });
    expect(response.statusCode).toBe(200);
    const shown = await call(test.app, getIdentityProvider, { token: adminToken, body: {} });
    expect(shown.json<{ result: unknown }>().result).toMatchObject({
      displayName: 'Okta',
      signInName: 'Okta',
      claimMapping,
      allowedEmailDomains: ['riverside.example'],
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, riverside.id), eq(auditLog.action, 'sso.identity_provider_set')))
      .orderBy(auditLog.id)
      .limit(1)
      .offset(1);
    expect(entry?.details).toMatchObject({ claimMapping, allowedEmailDomains: ['riverside.example'] });
  });

  it('creates a first-time user from the mapped claims', async () => {
    await setProvider({
      claimMapping: { username: 'sub', firstName: 'family_name', lastName: 'given_name' },
      allowedEmailDomains: ['riverside.example'],
    });
    const account = newTestAccount();
    const response = await signInThroughRiverside(account);
    expect(response.statusCode).toBe(200);
    const [user] = await db().select().from(users).where(eq(users.oidcSubject, account.subject));
    expect(user).toMatchObject({
      username: account.subject,
      email: account.email,
      firstName: account.familyName,
      lastName: account.givenName,
    });
  });

  it('refuses, in an audited 401, a user whose email is outside the allowed domains', async () => {
    await setProvider({ allowedEmailDomains: ['elsewhere.example', 'other.example'] });
    const account = newTestAccount();
    const response = await signInThroughRiverside(account);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: { details: { reason: 'email_domain_not_allowed' } } });
    expect(await db().select().from(users).where(eq(users.oidcSubject, account.subject))).toEqual([]);
    const refusals = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, riverside.id), eq(auditLog.action, 'auth.sso_failed')));
    expect(refusals.at(-1)?.details).toMatchObject({ reason: 'email_domain_not_allowed', detail: 'riverside.example' });
  });

  it("refuses a domain another organisation's provider already claims, naming it in a 409", async () => {
    const other = await createOrganisation(db(), 'Lakeside Clinic');
    const otherAdmin = (await signInAsNewUser(test.app, { organisationId: other.id, isAdmin: true })).token;
    const response = await call(test.app, setIdentityProvider, {
      token: otherAdmin,
      body: { ...baseProvider(), allowedEmailDomains: ['lakeside.example', 'other.example'] },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: { details: { field: 'allowedEmailDomains', domain: 'other.example' } },
    });
  });

  it('refuses a malformed domain and an unknown mapping field, naming the field', async () => {
    const badDomain = await setProvider({ allowedEmailDomains: ['not a domain'] });
    expect(badDomain.statusCode).toBe(422);
    expect(badDomain.body).toContain('allowedEmailDomains');
    const badMapping = await setProvider({ claimMapping: { role: 'x' } });
    expect(badMapping.statusCode).toBe(422);
    expect(badMapping.body).toContain('claimMapping');
  });
});

describe('Test sign-in', () => {
  async function testSignIn(account: TestAccount, token = adminToken) {
    accounts.push(account);
    const browserBinding = randomBytes(24).toString('base64url');
    const started = await call(test.app, testIdentityProvider, { token, body: { browserBinding } });
    if (started.statusCode !== 200) return { started, completed: undefined };
    const { authorizationUrl } = started.json<{ result: { authorizationUrl: string } }>().result;
    const callback = await signInAtProvider(authorizationUrl, account);
    const completed = await call(test.app, completeSso, {
      body: {
        state: callback.searchParams.get('state') ?? '',
        code: callback.searchParams.get('code') ?? '',
        iss: callback.searchParams.get('iss') ?? undefined,
        browserBinding,
      },
    });
    return { started, completed };
  }

  it('reports the claims and how they mapped, and creates neither a session nor a user', async () => {
    await setProvider({ claimMapping: { username: 'sub' }, allowedEmailDomains: ['elsewhere.example'] });
    const account = newTestAccount();
    const { completed } = await testSignIn(account);
    expect(completed?.statusCode).toBe(200);
    const answer = completed?.json<{ result: Record<string, unknown> }>().result;
    expect(answer).not.toHaveProperty('jwtToken');
    expect(answer?.test).toMatchObject({
      claims: { sub: account.subject, email: account.email, given_name: account.givenName },
      mapped: { username: account.subject, email: account.email, firstName: account.givenName, groups: [] },
      isEmailDomainAllowed: false,
    });
    expect(await db().select().from(users).where(eq(users.oidcSubject, account.subject))).toEqual([]);
    const actions = await db().select().from(auditLog).where(eq(auditLog.organisationId, riverside.id));
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['sso.test_sign_in_started', 'sso.test_sign_in']),
    );
  });

  it('names the Cairn user the provider would sign in', async () => {
    await setProvider({ claimMapping: {}, allowedEmailDomains: [] });
    const account = newTestAccount();
    expect((await signInThroughRiverside(account)).statusCode).toBe(200);
    const { completed } = await testSignIn(account);
    expect(completed?.json()).toMatchObject({ result: { test: { existingUsername: account.email } } });
  });

  it('is for administrators only, even with admin_tool', async () => {
    const user = await signInAsNewUser(test.app, { organisationId: riverside.id, permissions: ['admin_tool'] });
    const { started } = await testSignIn(newTestAccount(), user.token);
    expect(started.statusCode).toBe(403);
  });

  it('answers 404 where no provider is set, and 422 naming a missing browser binding', async () => {
    const lakeside = await createOrganisation(db(), 'Quiet Clinic');
    const admin = (await tokenFor(test.app, { organisationId: lakeside.id, isAdmin: true })).token;
    const { started } = await testSignIn(newTestAccount(), admin);
    expect(started.statusCode).toBe(404);
    const bad = await call(test.app, testIdentityProvider, { token: adminToken, body: {} as never });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('browserBinding');
  });
});
