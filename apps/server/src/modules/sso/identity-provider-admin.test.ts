import {
  createIdentityProvider,
  deleteIdentityProvider,
  getIdentityProvider,
  listIdentityProviders,
  listSsoProviders,
  prepareIdentityProvider,
  setIdentityProvider,
  setIdentityProviderEnabled,
  testIdentityProvider,
  updateIdentityProvider,
  type IdentityProviderSummary,
} from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { call, callWithAnyBody, signInAsNewUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import {
  addOidcProvider,
  addSamlProvider,
  newBrowserBinding,
  startSignIn,
  type OidcProviderUnderTest,
  type SamlProviderUnderTest,
} from '../../testing/sso';

let test: TestApp;
let riverside: { id: string; slug: string };
let hillside: { id: string; slug: string };
let adminToken: string;
let hillsideAdminToken: string;
let okta: OidcProviderUnderTest;
let entra: SamlProviderUnderTest;
/** Hillside's own provider, which Riverside's administrator must never see. */
let hillsideEntra: SamlProviderUnderTest;
const db = () => test.app.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  riverside = await createOrganisation(db(), 'Riverside Family Medicine');
  hillside = await createOrganisation(db(), 'Hillside Clinic');
  adminToken = (await signInAsNewUser(test.app, { organisationId: riverside.id, isAdmin: true })).token;
  hillsideAdminToken = (await signInAsNewUser(test.app, { organisationId: hillside.id, isAdmin: true })).token;
  okta = await addOidcProvider(test.app, adminToken, { displayName: 'Riverside Okta' });
  entra = await addSamlProvider(test.app, adminToken, { displayName: 'Riverside Entra' });
  hillsideEntra = await addSamlProvider(test.app, hillsideAdminToken, {
    displayName: 'Hillside Entra',
    allowedEmailDomains: ['hillside.example'],
  });
});
afterAll(async () => {
  await test.app.close();
  await Promise.all([okta.idp.close(), entra.idp.close(), hillsideEntra.idp.close()]);
});

describe("another organisation's identity provider", () => {
  it('is neither listed nor found by any administration call', async () => {
    const listed = await call(test.app, listIdentityProviders, { token: adminToken });
    const ids = listed.json<{ result: { providers: IdentityProviderSummary[] } }>().result.providers.map((p) => p.id);
    expect(ids).toEqual([okta.providerId, entra.providerId]);
    const providerId = hillsideEntra.providerId;
    const calls = [
      call(test.app, getIdentityProvider, { token: adminToken, body: { providerId } }),
      call(test.app, updateIdentityProvider, { token: adminToken, body: { providerId, protocol: 'saml' } }),
      call(test.app, setIdentityProviderEnabled, { token: adminToken, body: { providerId, isEnabled: false } }),
      call(test.app, testIdentityProvider, {
        token: adminToken,
        body: { providerId, browserBinding: newBrowserBinding() },
      }),
      call(test.app, deleteIdentityProvider, { token: adminToken, body: { providerId } }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Hillside');
    }
    const hillsideOwn = await call(test.app, getIdentityProvider, { token: hillsideAdminToken, body: { providerId } });
    expect(hillsideOwn.json()).toMatchObject({ result: { isEnabled: true, displayName: 'Hillside Entra' } });
  });

  it("is never offered with this organisation's, nor started in its name", async () => {
    const offers = await call(test.app, listSsoProviders, { body: { organisation: riverside.slug } });
    expect(offers.body).not.toContain(hillsideEntra.providerId);
    const crossed = await startSignIn(test.app, {
      body: { organisation: riverside.slug, provider: hillsideEntra.providerId },
    });
    expect(crossed.response.statusCode).toBe(404);
    // Two organisations have providers: with neither slug nor email, none is offered.
    expect((await call(test.app, listSsoProviders, { body: {} })).json()).toEqual({ result: { providers: [] } });
  });

  it('keeps its email domains: claiming one is a 409 that names no provider of that organisation', async () => {
    const answer = await call(test.app, updateIdentityProvider, {
      token: adminToken,
      body: { providerId: entra.providerId, protocol: 'saml', allowedEmailDomains: ['hillside.example'] },
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      error: { details: { field: 'allowedEmailDomains', domain: 'hillside.example' } },
    });
    expect(answer.body).not.toContain('Hillside Entra');
    expect(answer.body).not.toContain(hillsideEntra.providerId);
  });
});

describe('the calls of the single-provider administration, with several providers', () => {
  it('answer 422 naming providerId when it is left out, and act on the provider named', async () => {
    const binding = newBrowserBinding();
    const unnamed = [
      call(test.app, getIdentityProvider, { token: adminToken }),
      call(test.app, setIdentityProvider, { token: adminToken, body: { protocol: 'saml' } }),
      call(test.app, deleteIdentityProvider, { token: adminToken }),
      call(test.app, testIdentityProvider, { token: adminToken, body: { browserBinding: binding } }),
    ];
    for (const response of await Promise.all(unnamed)) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ error: { details: { issues: [{ field: 'providerId' }] } } });
    }
    const renamed = await call(test.app, setIdentityProvider, {
      token: adminToken,
      body: { providerId: entra.providerId, protocol: 'saml', displayName: 'Entra ID' },
    });
    expect(renamed.json()).toMatchObject({ result: { id: entra.providerId, signInName: 'Entra ID' } });
  });
});

describe('bad input and callers', () => {
  it('answers 422 naming the field', async () => {
    const cases: [Parameters<typeof callWithAnyBody>[1], unknown, string][] = [
      [getIdentityProvider, { providerId: 'not-an-id' }, 'providerId'],
      [setIdentityProviderEnabled, { providerId: okta.providerId }, 'isEnabled'],
      [setIdentityProviderEnabled, { providerId: okta.providerId, isEnabled: 'yes' }, 'isEnabled'],
      [createIdentityProvider, { protocol: 'oidc', clientId: 'x', clientSecret: 'y' }, 'issuer'],
      [createIdentityProvider, { providerId: 'x', protocol: 'saml', metadataXml: '<x/>' }, 'providerId'],
      [updateIdentityProvider, { protocol: 'saml' }, 'providerId'],
      [updateIdentityProvider, { providerId: entra.providerId, protocol: 'ldap' }, 'protocol'],
    ];
    for (const [endpoint, body, field] of cases) {
      const response = await callWithAnyBody(test.app, endpoint, { token: adminToken, body });
      expect(response.statusCode, `${endpoint.path} ${field}`).toBe(422);
      // A missing field is the spec's MISSING_PAYLOAD_PARAMETER, a wrong one VALIDATION_FAILED: both 422 naming it.
      expect(response.json()).toMatchObject({ error: { details: { issues: [{ field }] } } });
    }
  });

  it('refuses an id that is taken with a 409 naming providerId', async () => {
    const answer = await call(test.app, createIdentityProvider, {
      token: adminToken,
      body: { providerId: hillsideEntra.providerId, protocol: 'saml', metadataUrl: hillsideEntra.idp.metadataUrl },
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ error: { details: { field: 'providerId' } } });
  });

  it('is for administrators only, even with admin_tool', async () => {
    const { token } = await signInAsNewUser(test.app, { organisationId: riverside.id, permissions: ['admin_tool'] });
    const calls = [
      call(test.app, listIdentityProviders, { token }),
      call(test.app, prepareIdentityProvider, { token }),
      call(test.app, createIdentityProvider, { token, body: { protocol: 'saml', metadataXml: '<x/>' } }),
      call(test.app, updateIdentityProvider, { token, body: { providerId: okta.providerId, protocol: 'saml' } }),
      call(test.app, setIdentityProviderEnabled, { token, body: { providerId: okta.providerId, isEnabled: false } }),
      call(test.app, deleteIdentityProvider, { token, body: { providerId: okta.providerId } }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(403);
    expect((await call(test.app, listIdentityProviders)).statusCode).toBe(401);
  });

  it('prepares a new provider without storing anything, each time with an id of its own', async () => {
    const first = await call(test.app, prepareIdentityProvider, { token: adminToken });
    const second = await call(test.app, prepareIdentityProvider, { token: adminToken });
    const { providerId, registration } = first.json<{
      result: { providerId: string; registration: Record<string, unknown> };
    }>().result;
    expect(second.body).not.toContain(providerId);
    expect(registration).toEqual({
      redirectUri: `http://localhost:3000/sso/${providerId}`,
      postLogoutRedirectUri: 'http://localhost:3000/',
      serviceProvider: {
        entityId: `http://localhost:3000/api/sso/saml/providers/${providerId}/metadata`,
        acsUrl: `http://localhost:3000/api/sso/saml/providers/${providerId}/acs`,
        metadataUrl: `http://localhost:3000/api/sso/saml/providers/${providerId}/metadata`,
      },
    });
    const listed = await call(test.app, listIdentityProviders, { token: adminToken });
    expect(listed.body).not.toContain(providerId);
  });

  it('audits a creation with the provider, never its secret', async () => {
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, riverside.id), eq(auditLog.action, 'sso.identity_provider_created')));
    expect(entry?.details).toMatchObject({ providerId: okta.providerId, protocol: 'oidc', secretChanged: true });
    expect(JSON.stringify(entry)).not.toContain(okta.idp.clientSecret);
  });
});
