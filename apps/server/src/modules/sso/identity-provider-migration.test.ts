import { randomUUID } from 'node:crypto';
import { getIdentityProvider, listIdentityProviders, type IdentityProvider } from '@cairn/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { ssoStates, users } from '../../db/schema';
import {
  newTestAccount,
  startTestOpenIdProvider,
  type TestAccount,
  type TestOpenIdProvider,
} from '../../integrations/oidc/test-openid-provider';
import { startTestSamlIdp, type TestSamlIdp } from '../../integrations/saml/test-saml-idp';
import { openServerSecretBox } from '../../lib/secret-box';
import { call, tokenFor } from '../../testing/api';
import { migrationBefore, openEmptyTestDatabase, runMigrationsUpTo } from '../../testing/migrations';
import { completeOidcSignIn, completeSamlSignIn, signInAtSaml, startSignIn } from '../../testing/sso';

/**
 * Migration 0025 made the one identity provider an organisation had the first of a list. An IdP
 * registered with Cairn before it keeps working: its rows are written here in the schema before 0025,
 * then the server starts (and migrates) and they sign people in at the URLs they always had.
 */
let database: Database;
let app: FastifyInstance;
let oidcIdp: TestOpenIdProvider;
let samlIdp: TestSamlIdp;
const accounts: TestAccount[] = [];
const riverside = { id: randomUUID(), slug: `riverside-${randomUUID().slice(0, 6)}` };
const lakeside = { id: randomUUID(), slug: `lakeside-${randomUUID().slice(0, 6)}` };
const graceId = randomUUID();
const graceLastSignIn = new Date('2026-10-01T08:00:00Z');

beforeAll(async () => {
  database = await openEmptyTestDatabase();
  await runMigrationsUpTo(database, await migrationBefore('0025_identity_provider_list'));
  const db = database.db;
  oidcIdp = await startTestOpenIdProvider({
    redirectUris: ['http://localhost:3000/sso'],
    postLogoutRedirectUris: ['http://localhost:3000/'],
    accounts,
  });
  samlIdp = await startTestSamlIdp();
  const sealed = (await openServerSecretBox(db, undefined)).seal(oidcIdp.clientSecret, riverside.id);
  await db.execute(sql`
    insert into organisations (id, slug, name) values
      (${riverside.id}, ${riverside.slug}, 'Riverside'), (${lakeside.id}, ${lakeside.slug}, 'Lakeside')`);
  await db.execute(sql`
    insert into identity_providers (organisation_id, issuer, client_id, client_secret_encrypted, display_name)
    values (${riverside.id}, ${oidcIdp.issuer}, ${oidcIdp.clientId}, ${sealed}, 'Riverside Okta')`);
  await db.execute(sql`
    insert into identity_providers (organisation_id, protocol, issuer, saml_metadata_xml, saml_metadata_read_at, display_name)
    values (${lakeside.id}, 'saml', ${samlIdp.entityId}, ${samlIdp.metadataXml}, now(), 'Lakeside Entra')`);
  // Grace signed in through Lakeside's IdP before; a sign-in at Riverside was in flight.
  await db.execute(sql`
    insert into users (id, organisation_id, username, email, view, identity_source, oidc_subject, last_login_at)
    values (${graceId}, ${lakeside.id}, 'grace@lakeside.example', 'grace@lakeside.example', 'Provider', 'oidc',
            'grace@lakeside.example', ${graceLastSignIn.toISOString()})`);
  await db.execute(sql`
    insert into sso_states (state, organisation_id, code_verifier, nonce, redirect_uri, expires_at)
    values ('in-flight', ${riverside.id}, 'verifier', 'nonce', 'http://localhost:3000/sso', now() + interval '5 minutes')`);

  app = await buildApp(loadConfig({ CAIRN_ENV: 'test', CAIRN_DATA_DIR: '/nonexistent' }), { logger: false, database });
  // Lakeside's IdP was registered with Cairn's SP metadata at the organisation's URL, long ago.
  samlIdp.trust((await app.inject({ method: 'GET', url: `/api/sso/saml/${lakeside.id}/metadata` })).body);
});
afterAll(async () => {
  await app.close();
  await Promise.all([oidcIdp.close(), samlIdp.close()]);
});

async function providerOf(organisationId: string): Promise<IdentityProvider> {
  const { token } = await tokenFor(app, { organisationId, isAdmin: true });
  const answer = await call(app, getIdentityProvider, { token });
  return answer.json<{ result: IdentityProvider }>().result;
}

describe('an identity provider set before an organisation could have several', () => {
  it("becomes the first of the organisation's list, keeping the organisation's URLs and its last sign-in", async () => {
    const okta = await providerOf(riverside.id);
    expect(okta).toMatchObject({
      signInName: 'Riverside Okta',
      isEnabled: true,
      redirectUri: 'http://localhost:3000/sso',
    });
    const entra = await providerOf(lakeside.id);
    expect(entra.saml?.serviceProvider).toEqual({
      entityId: `http://localhost:3000/api/sso/saml/${lakeside.id}/metadata`,
      acsUrl: 'http://localhost:3000/api/sso/saml/acs',
      metadataUrl: `http://localhost:3000/api/sso/saml/${lakeside.id}/metadata`,
    });
    expect(entra.lastSignInAt).toBe(graceLastSignIn.toISOString());
    const { token } = await tokenFor(app, { organisationId: lakeside.id, isAdmin: true });
    const listed = await call(app, listIdentityProviders, { token });
    expect(listed.json()).toMatchObject({ result: { providers: [{ id: entra.id }] } });
  });

  it('keeps its sign-in in flight and its users, linked to it', async () => {
    const [state] = await database.db.select().from(ssoStates).where(eq(ssoStates.state, 'in-flight'));
    expect(state?.providerId).toBe((await providerOf(riverside.id)).id);
    const [grace] = await database.db.select().from(users).where(eq(users.id, graceId));
    expect(grace?.identityProviderId).toBe((await providerOf(lakeside.id)).id);
  });

  it('signs people in through an OpenID provider at the redirect URI it was registered with', async () => {
    const account = newTestAccount();
    accounts.push(account);
    const started = await startSignIn(app, { body: { organisation: riverside.slug } });
    expect(new URL(started.authorizationUrl ?? '').searchParams.get('redirect_uri')).toBe('http://localhost:3000/sso');
    expect((await completeOidcSignIn(app, started, account)).statusCode).toBe(200);
  });

  it("signs a SAML user in at the organisation's ACS as the user they were", async () => {
    const started = await startSignIn(app, { body: { organisation: lakeside.slug } });
    const form = await signInAtSaml(samlIdp, started, {
      nameId: 'grace@lakeside.example',
      attributes: { email: 'grace@lakeside.example' },
    });
    expect(new URL(form.action).pathname).toBe('/api/sso/saml/acs');
    const { completed } = await completeSamlSignIn(app, form, started.browserBinding);
    expect(completed.statusCode).toBe(200);
    const token = completed.json<{ result: { jwtToken: string } }>().result.jwtToken;
    expect((await app.accessTokens.verify(token))?.userId).toBe(graceId);
    const ssoUsers = await database.db
      .select()
      .from(users)
      .where(and(eq(users.organisationId, lakeside.id), eq(users.identitySource, 'oidc')));
    expect(ssoUsers.map((user) => user.id)).toEqual([graceId]);
  });
});
