import {
  getSsoLogoutUrl,
  listIdentityProviders,
  listSsoProviders,
  setIdentityProviderEnabled,
  deleteIdentityProvider,
  updateIdentityProvider,
  type IdentityProviderSummary,
} from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ssoStates, users } from '../../db/schema';
import { newTestAccount, type TestAccount } from '../../integrations/oidc/test-openid-provider';
import type { TestSamlUser } from '../../integrations/saml/test-saml-idp';
import { call, signInAsNewUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import {
  addOidcProvider,
  addSamlProvider,
  completeOidcSignIn,
  completeSamlSignIn,
  signInAtSaml,
  startSignIn,
  type OidcProviderUnderTest,
  type SamlProviderUnderTest,
} from '../../testing/sso';

let test: TestApp;
let riverside: { id: string; slug: string };
let adminToken: string;
/** Riverside's two providers: Okta over OpenID Connect, Entra ID over SAML. */
let okta: OidcProviderUnderTest;
let entra: SamlProviderUnderTest;
const db = () => test.app.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  riverside = await createOrganisation(db(), 'Riverside Family Medicine');
  adminToken = (await signInAsNewUser(test.app, { organisationId: riverside.id, isAdmin: true })).token;
  okta = await addOidcProvider(test.app, adminToken, {
    displayName: 'Riverside Okta',
    allowedEmailDomains: ['okta.rfm.example'],
  });
  entra = await addSamlProvider(test.app, adminToken, {
    displayName: 'Riverside Entra',
    allowedEmailDomains: ['entra.rfm.example'],
  });
});
afterAll(async () => {
  await test.app.close();
  await okta.idp.close();
  await entra.idp.close();
});

function oktaAccount(): TestAccount {
  const account = newTestAccount();
  const named = { ...account, email: account.email.replace('riverside.example', 'okta.rfm.example') };
  okta.accounts.push(named);
  return named;
}

const entraUser = (name: string, nameId = `${name}@entra.rfm.example`): TestSamlUser => ({
  nameId,
  attributes: { email: `${name}@entra.rfm.example`, firstName: name },
});

async function signInThroughOkta(account: TestAccount) {
  return completeOidcSignIn(test.app, await startSignIn(test.app, { body: { provider: okta.providerId } }), account);
}

async function signInThroughEntra(user: TestSamlUser) {
  const started = await startSignIn(test.app, { body: { provider: entra.providerId } });
  return completeSamlSignIn(test.app, await signInAtSaml(entra.idp, started, user), started.browserBinding);
}

async function listed(): Promise<IdentityProviderSummary[]> {
  const answer = await call(test.app, listIdentityProviders, { token: adminToken });
  return answer.json<{ result: { providers: IdentityProviderSummary[] } }>().result.providers;
}

async function offers(body: { organisation?: string; email?: string }) {
  return (await call(test.app, listSsoProviders, { body })).json<{ result: { providers: unknown[] } }>().result
    .providers;
}

describe('an organisation with an OpenID Connect and a SAML identity provider', () => {
  it('lists both, oldest first, with name, protocol, state and domains, and no secret', async () => {
    const answer = await call(test.app, listIdentityProviders, { token: adminToken });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ result: { providers: IdentityProviderSummary[] } }>().result.providers).toMatchObject([
      {
        id: okta.providerId,
        protocol: 'oidc',
        signInName: 'Riverside Okta',
        isEnabled: true,
        allowedEmailDomains: ['okta.rfm.example'],
        lastSignInAt: null,
      },
      { id: entra.providerId, protocol: 'saml', signInName: 'Riverside Entra', isEnabled: true },
    ]);
    expect(answer.body).not.toContain(okta.idp.clientSecret);
  });

  it("offers a button for each on the login card by the organisation's slug, and the domain's one by email", async () => {
    expect(await offers({ organisation: riverside.slug })).toEqual([
      { name: 'Riverside Okta', organisation: riverside.slug, provider: okta.providerId },
      { name: 'Riverside Entra', organisation: riverside.slug, provider: entra.providerId },
    ]);
    expect(await offers({ email: 'grace@ENTRA.rfm.example' })).toEqual([
      { name: 'Riverside Entra', organisation: riverside.slug, provider: entra.providerId },
    ]);
    expect(await offers({ organisation: riverside.slug, email: 'ada@okta.rfm.example' })).toEqual([
      { name: 'Riverside Okta', organisation: riverside.slug, provider: okta.providerId },
    ]);
  });

  it('asks which provider when a start names only the organisation, and starts at the one named or the domain owns', async () => {
    const unnamed = await startSignIn(test.app, { body: { organisation: riverside.slug } });
    expect(unnamed.response.statusCode).toBe(422);
    expect(unnamed.response.json()).toMatchObject({ error: { details: { issues: [{ field: 'provider' }] } } });

    const named = await startSignIn(test.app, { body: { organisation: riverside.slug, provider: okta.providerId } });
    const oktaUrl = new URL(named.authorizationUrl ?? '');
    expect(oktaUrl.origin).toBe(okta.idp.issuer);
    expect(oktaUrl.searchParams.get('redirect_uri')).toBe(`http://localhost:3000/sso/${okta.providerId}`);

    const byEmail = await startSignIn(test.app, { body: { email: 'grace@entra.rfm.example' } });
    expect(byEmail.authorizationUrl?.startsWith(entra.idp.ssoUrl)).toBe(true);
  });

  it('signs in the users of each provider, linked to it, and shows when each last signed someone in', async () => {
    const ada = oktaAccount();
    expect((await signInThroughOkta(ada)).statusCode).toBe(200);
    const { acs, completed } = await signInThroughEntra(entraUser('grace'));
    expect(new URL(String(acs.headers.location)).pathname).toBe(`/sso/${entra.providerId}`);
    expect(completed.statusCode).toBe(200);

    const people = await db().select().from(users).where(eq(users.organisationId, riverside.id));
    expect(people.find((user) => user.email === ada.email)).toMatchObject({
      identityProviderId: okta.providerId,
      oidcSubject: ada.subject,
    });
    expect(people.find((user) => user.email === 'grace@entra.rfm.example')).toMatchObject({
      identityProviderId: entra.providerId,
      oidcSubject: 'grace@entra.rfm.example',
      firstName: 'grace',
    });
    for (const provider of await listed()) expect(Date.parse(provider.lastSignInAt ?? '')).toBeGreaterThan(0);
  });

  it("keeps a subject to its provider: the other provider's user with the same subject is another person", async () => {
    const ada = oktaAccount();
    expect((await signInThroughOkta(ada)).statusCode).toBe(200);
    const impostor = await signInThroughEntra(entraUser('mallory', ada.subject));
    expect(impostor.completed.statusCode).toBe(200);
    const withSubject = await db()
      .select()
      .from(users)
      .where(and(eq(users.organisationId, riverside.id), eq(users.oidcSubject, ada.subject)));
    expect(withSubject.map((user) => [user.email, user.identityProviderId]).sort()).toEqual(
      [
        [ada.email, okta.providerId],
        ['mallory@entra.rfm.example', entra.providerId],
      ].sort(),
    );
  });

  it('gives an OpenID user their own provider’s sign-out page, and a SAML user none', async () => {
    const oidcToken = (await signInThroughOkta(oktaAccount())).json<{ result: { jwtToken: string } }>().result.jwtToken;
    const oidcLogout = await call(test.app, getSsoLogoutUrl, { token: oidcToken, isV2: true });
    expect(new URL(oidcLogout.json<{ result: { logoutUrl: string } }>().result.logoutUrl).origin).toBe(okta.idp.issuer);
    const samlToken = (await signInThroughEntra(entraUser('hedy'))).completed.json<{ result: { jwtToken: string } }>()
      .result.jwtToken;
    expect((await call(test.app, getSsoLogoutUrl, { token: samlToken, isV2: true })).json()).toEqual({ result: {} });
  });

  it('refuses a domain the other provider claims, naming it in a 409', async () => {
    const answer = await call(test.app, updateIdentityProvider, {
      token: adminToken,
      body: {
        providerId: entra.providerId,
        protocol: 'saml',
        displayName: 'Riverside Entra',
        allowedEmailDomains: ['entra.rfm.example', 'okta.rfm.example'],
      },
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      error: {
        message: expect.stringContaining('Riverside Okta') as string,
        details: { field: 'allowedEmailDomains', domain: 'okta.rfm.example', providerId: okta.providerId },
      },
    });
  });
});

describe('disabling a provider', () => {
  it('hides it from the login card and refuses its sign-ins, even one in flight, until it is enabled again', async () => {
    const inFlight = await startSignIn(test.app, { body: { provider: entra.providerId } });
    const form = await signInAtSaml(entra.idp, inFlight, entraUser('ida'));
    const disabled = await call(test.app, setIdentityProviderEnabled, {
      token: adminToken,
      body: { providerId: entra.providerId, isEnabled: false },
    });
    expect(disabled.json()).toMatchObject({ result: { id: entra.providerId, isEnabled: false } });

    expect(await offers({ organisation: riverside.slug })).toEqual([
      { name: 'Riverside Okta', organisation: riverside.slug, provider: okta.providerId },
    ]);
    expect(await offers({ email: 'ida@entra.rfm.example' })).toEqual([]);
    expect((await startSignIn(test.app, { body: { provider: entra.providerId } })).response.statusCode).toBe(404);
    // The organisation's one enabled provider now starts without being named.
    expect((await startSignIn(test.app, { body: { organisation: riverside.slug } })).response.statusCode).toBe(200);
    const { completed } = await completeSamlSignIn(test.app, form, inFlight.browserBinding);
    expect(completed.statusCode).toBe(401);
    expect(completed.json()).toMatchObject({ error: { details: { reason: 'provider_disabled' } } });
    // An administrator can still try it before enabling it again.
    const trial = await startSignIn(test.app, { test: { token: adminToken, providerId: entra.providerId } });
    expect(trial.response.statusCode).toBe(200);

    await call(test.app, setIdentityProviderEnabled, {
      token: adminToken,
      body: { providerId: entra.providerId, isEnabled: true },
    });
    expect(await offers({ organisation: riverside.slug })).toHaveLength(2);
    const actions = await db()
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.organisationId, riverside.id));
    expect(actions).toEqual(
      expect.arrayContaining([
        {
          action: 'sso.identity_provider_disabled',
          details: expect.objectContaining({ providerId: entra.providerId }),
        },
        { action: 'sso.identity_provider_enabled', details: expect.objectContaining({ providerId: entra.providerId }) },
      ]),
    );
  });
});

describe('deleting a provider', () => {
  it('removes it and its sign-ins in flight; its users are found by email at the provider that takes their domain', async () => {
    const ada = oktaAccount();
    expect((await signInThroughOkta(ada)).statusCode).toBe(200);
    const [before] = await db().select().from(users).where(eq(users.email, ada.email));
    const inFlight = await startSignIn(test.app, { body: { provider: okta.providerId } });

    const deleted = await call(test.app, deleteIdentityProvider, {
      token: adminToken,
      body: { providerId: okta.providerId },
    });
    expect(deleted.json()).toEqual({ result: true });
    expect((await listed()).map((provider) => provider.id)).toEqual([entra.providerId]);
    expect(await db().select().from(ssoStates).where(eq(ssoStates.providerId, okta.providerId))).toEqual([]);
    expect((await completeOidcSignIn(test.app, inFlight, ada)).statusCode).toBe(401);
    expect((await startSignIn(test.app, { body: { provider: okta.providerId } })).response.statusCode).toBe(404);

    // The organisation moves Okta's domain to Entra ID: Ada keeps her account there.
    const moved = await call(test.app, updateIdentityProvider, {
      token: adminToken,
      body: {
        providerId: entra.providerId,
        protocol: 'saml',
        displayName: 'Riverside Entra',
        allowedEmailDomains: ['entra.rfm.example', 'okta.rfm.example'],
      },
    });
    expect(moved.statusCode).toBe(200);
    const again = await signInThroughEntra({ nameId: `entra-${ada.subject}`, attributes: { email: ada.email } });
    expect(again.completed.statusCode).toBe(200);
    const [after] = await db().select().from(users).where(eq(users.email, ada.email));
    expect(after).toMatchObject({ id: before?.id, identityProviderId: entra.providerId });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, riverside.id), eq(auditLog.action, 'sso.identity_provider_deleted')));
    expect(entry?.details).toMatchObject({ providerId: okta.providerId, issuer: okta.idp.issuer });
  });
});
