import { randomBytes } from 'node:crypto';
import {
  completeSso,
  getIdentityProvider,
  listScimGroups,
  setIdentityProvider,
  setScimGroupMapping,
  startSso,
  testIdentityProvider,
  type IdentityProvider,
  type ScimGroupSummary,
} from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, identityProviders, users } from '../../db/schema';
import {
  signInAtSamlIdp,
  startTestSamlIdp,
  testIdpKeys,
  type PostedSamlForm,
  type TestSamlAnswer,
  type TestSamlIdp,
  type TestSamlUser,
} from '../../integrations/saml/test-saml-idp';
import { call, signInAsNewUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { findIdentityProvider } from './identity-provider.repository';
import { currentIdpMetadata } from './saml-sign-in';

let test: TestApp;
let idp: TestSamlIdp;
let riverside: { id: string; slug: string };
let adminToken: string;
/** Riverside's SAML provider. */
let providerId: string;
const db = () => test.app.database.db;

const grace = (attributes: Record<string, string | string[]> = {}): TestSamlUser => ({
  nameId: 'grace.hopper@rfm.example',
  attributes: { email: 'grace.hopper@rfm.example', firstName: 'Grace', lastName: 'Hopper', ...attributes },
});

beforeAll(async () => {
  test = await buildTestApp();
  idp = await startTestSamlIdp();
  riverside = await createOrganisation(db(), 'Riverside SAML Medicine');
  adminToken = (await signInAsNewUser(test.app, { organisationId: riverside.id, isAdmin: true })).token;
  const set = await setSamlProvider({ metadataUrl: idp.metadataUrl, displayName: 'Riverside Entra' });
  expect(set.statusCode).toBe(200);
  providerId = set.json<{ result: IdentityProvider }>().result.id;
  // The IdP's administrator registers Cairn from Cairn's published SP metadata.
  idp.trust((await test.app.inject({ method: 'GET', url: spMetadataPath(providerId) })).body);
});
afterAll(async () => {
  await test.app.close();
  await idp.close();
});

function spMetadataPath(id: string): string {
  return `/api/sso/saml/providers/${id}/metadata`;
}

function acsPath(id: string): string {
  return `/api/sso/saml/providers/${id}/acs`;
}

function setSamlProvider(body: Record<string, unknown>, token = adminToken) {
  return call(test.app, setIdentityProvider, { token, body: { protocol: 'saml', ...body } });
}

function postToAcs(form: Partial<PostedSamlForm>, url = acsPath(providerId)) {
  const payload = new URLSearchParams(
    Object.entries({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState }).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, value]],
    ),
  ).toString();
  return test.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  });
}

/** Starts a sign-in at Riverside (or a Test sign-in) and follows it to the IdP: the form its page posts. */
async function startAtIdp(user: TestSamlUser, answer: TestSamlAnswer = {}, options: { isTest?: boolean } = {}) {
  const browserBinding = randomBytes(24).toString('base64url');
  const started = options.isTest
    ? await call(test.app, testIdentityProvider, { token: adminToken, body: { browserBinding } })
    : await call(test.app, startSso, { body: { organisation: riverside.slug, browserBinding } });
  expect(started.statusCode).toBe(200);
  const { authorizationUrl } = started.json<{ result: { authorizationUrl: string } }>().result;
  idp.signInAs(user, answer);
  return { browserBinding, form: await signInAtSamlIdp(authorizationUrl) };
}

/** Posts the IdP's form to the ACS and completes at Cairn's /sso page: the completion's answer. */
async function finish(
  started: { browserBinding: string; form: PostedSamlForm },
  browserBinding = started.browserBinding,
) {
  const acs = await postToAcs(started.form);
  expect(acs.statusCode).toBe(303);
  const page = new URL(acs.headers.location as string);
  // The provider's own redirect URI; an answer for no sign-in in flight goes to the plain /sso page.
  expect(['/sso', `/sso/${providerId}`]).toContain(page.pathname);
  return call(test.app, completeSso, {
    body: {
      state: page.searchParams.get('state') ?? '',
      ...(page.searchParams.has('code') ? { code: page.searchParams.get('code') ?? '' } : {}),
      ...(page.searchParams.has('error') ? { error: page.searchParams.get('error') ?? '' } : {}),
      browserBinding,
    },
  });
}

async function signIn(user: TestSamlUser, answer: TestSamlAnswer = {}) {
  return finish(await startAtIdp(user, answer));
}

function refusal(response: { statusCode: number; json: () => unknown }) {
  return {
    status: response.statusCode,
    reason: (response.json() as { error?: { details?: { reason?: string } } }).error?.details?.reason,
  };
}

function decode(form: PostedSamlForm): string {
  return Buffer.from(form.SAMLResponse, 'base64').toString('utf8');
}

function encode(xml: string): string {
  return Buffer.from(xml, 'utf8').toString('base64');
}

describe('an administrator sets a SAML identity provider', () => {
  it("reads the IdP's metadata from its URL and shows what to register, with the certificate", async () => {
    const answer = await call(test.app, getIdentityProvider, { token: adminToken, body: {} });
    expect(answer.statusCode).toBe(200);
    const provider = answer.json<{ result: IdentityProvider }>().result;
    expect(provider).toMatchObject({
      protocol: 'saml',
      issuer: idp.entityId,
      signInName: 'Riverside Entra',
      saml: {
        metadataUrl: idp.metadataUrl,
        ssoUrl: idp.ssoUrl,
        serviceProvider: {
          entityId: `http://localhost:3000${spMetadataPath(providerId)}`,
          acsUrl: `http://localhost:3000${acsPath(providerId)}`,
          metadataUrl: `http://localhost:3000${spMetadataPath(providerId)}`,
        },
      },
    });
    const [certificate] = provider.saml?.certificates ?? [];
    expect(certificate?.subject).toContain('Cairn test SAML IdP (idp)');
    expect(certificate?.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(Date.parse(certificate?.notAfter ?? '')).toBeGreaterThan(Date.now());
    expect(JSON.stringify(provider)).not.toContain('PRIVATE');
  });

  it('publishes Cairn as a service provider that wants signed assertions at its ACS', async () => {
    const metadata = await test.app.inject({ method: 'GET', url: spMetadataPath(providerId) });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['content-type']).toContain('application/samlmetadata+xml');
    expect(metadata.body).toContain(`entityID="http://localhost:3000${spMetadataPath(providerId)}"`);
    expect(metadata.body).toContain('WantAssertionsSigned="true"');
    expect(metadata.body).toContain(`Location="http://localhost:3000${acsPath(providerId)}"`);
    expect((await test.app.inject({ method: 'GET', url: spMetadataPath('not-an-id') })).statusCode).toBe(404);
  });

  it('takes the metadata as XML, and keeps it when a later change gives none', async () => {
    const other = await createOrganisation(db(), 'Lakeside SAML Clinic');
    const lakesideAdmin = (await signInAsNewUser(test.app, { organisationId: other.id, isAdmin: true })).token;
    const fromXml = await setSamlProvider({ metadataXml: idp.metadataXml }, lakesideAdmin);
    expect(fromXml.statusCode).toBe(200);
    expect(fromXml.json<{ result: IdentityProvider }>().result.saml?.metadataUrl).toBeUndefined();
    const renamed = await setSamlProvider({ displayName: 'Lakeside Okta' }, lakesideAdmin);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<{ result: IdentityProvider }>().result).toMatchObject({
      issuer: idp.entityId,
      signInName: 'Lakeside Okta',
    });
  });

  it('refuses metadata it cannot use with 422 naming the field, and keeps the provider already set', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ metadataUrl: 'http://127.0.0.1:9/metadata' }, 'metadataUrl', /does not answer/],
      [{ metadataUrl: `${idp.metadataUrl}/missing` }, 'metadataUrl', /HTTP 404/],
      [{ metadataXml: '<EntityDescriptor' }, 'metadataXml', /not well-formed/],
      [
        { metadataXml: idp.metadataXml.replace(/<(\w+:)?KeyDescriptor[\s\S]*<\/(\w+:)?KeyDescriptor>/, '') },
        'metadataXml',
        /no signing certificate/,
      ],
      [{ metadataXml: idp.metadataXml.replaceAll('HTTP-Redirect', 'HTTP-Artifact') }, 'metadataXml', /HTTP-Redirect/],
      [{ metadataUrl: idp.metadataUrl, metadataXml: idp.metadataXml }, 'metadataXml', /not both/],
    ];
    for (const [body, field, message] of cases) {
      const answer = await setSamlProvider(body);
      expect(answer.statusCode, field).toBe(422);
      const issues = answer.json<{ error: { details: { issues: { field: string; message: string }[] } } }>().error
        .details.issues;
      expect(issues[0]?.field).toBe(field);
      expect(issues[0]?.message).toMatch(message);
    }
    const kept = await findIdentityProvider(db(), riverside.id, providerId);
    expect(kept).toMatchObject({ protocol: 'saml', samlMetadataUrl: idp.metadataUrl, displayName: 'Riverside Entra' });
  });

  it('is refused to a user who is not an administrator', async () => {
    const clinician = (await signInAsNewUser(test.app, { organisationId: riverside.id, permissions: ['admin_tool'] }))
      .token;
    expect((await setSamlProvider({ metadataUrl: idp.metadataUrl }, clinician)).statusCode).toBe(403);
  });
});

describe('signing in through the SAML identity provider', () => {
  it('creates the user from the signed assertion at the first sign-in, and finds them at the next', async () => {
    const first = await signIn(grace());
    expect(first.statusCode).toBe(200);
    const token = first.json<{ result: { jwtToken: string } }>().result.jwtToken;
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims.isSaml).toBe(true);
    const created = await db()
      .select()
      .from(users)
      .where(and(eq(users.organisationId, riverside.id), eq(users.oidcSubject, 'grace.hopper@rfm.example')));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      username: 'grace.hopper@rfm.example',
      email: 'grace.hopper@rfm.example',
      firstName: 'Grace',
      lastName: 'Hopper',
      identitySource: 'oidc',
      passwordHash: null,
    });
    expect((await signIn(grace())).statusCode).toBe(200);
    const signIns = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, created[0]?.id ?? ''), eq(auditLog.action, 'auth.sign_in')));
    expect(signIns.map((entry) => entry.details)).toEqual([
      { method: 'saml', providerId },
      { method: 'saml', providerId },
    ]);
  });

  it("reads Entra ID's claim URIs by default, and the attributes the mapping names", async () => {
    const entra = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';
    const defaults = await signIn({
      nameId: 'a1b2c3-opaque',
      nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      attributes: {
        [`${entra}/emailaddress`]: 'ada@rfm.example',
        [`${entra}/givenname`]: 'Ada',
        [`${entra}/surname`]: 'Lovelace',
      },
    });
    expect(defaults.statusCode).toBe(200);
    const [ada] = await db().select().from(users).where(eq(users.oidcSubject, 'a1b2c3-opaque'));
    expect(ada).toMatchObject({ email: 'ada@rfm.example', firstName: 'Ada', lastName: 'Lovelace' });

    expect(
      (await setSamlProvider({ displayName: 'Riverside Entra', claimMapping: { email: 'upn', username: 'upn' } }))
        .statusCode,
    ).toBe(200);
    try {
      expect((await signIn({ nameId: 'e5f6-opaque', attributes: { upn: 'edith@rfm.example' } })).statusCode).toBe(200);
      const [edith] = await db().select().from(users).where(eq(users.oidcSubject, 'e5f6-opaque'));
      expect(edith).toMatchObject({ username: 'edith@rfm.example', email: 'edith@rfm.example' });
    } finally {
      await setSamlProvider({ displayName: 'Riverside Entra' });
    }
  });

  it('refuses an assertion for another audience or recipient, an expired one, or one answering another request', async () => {
    const cases: [string, TestSamlAnswer][] = [
      ['audience', { audience: 'https://other-app.example/saml' }],
      ['recipient', { recipient: 'https://other-app.example/acs' }],
      ['expired', { validForSeconds: -600 }],
      ['in response to another request', { inResponseTo: '_0123456789abcdef' }],
      ['issued by another entity', { issuer: 'https://idp.attacker.example' }],
    ];
    for (const [name, answer] of cases) {
      expect(refusal(await signIn(grace(), answer)), name).toEqual({ status: 401, reason: 'provider_error' });
    }
  });

  it('refuses an unsigned assertion, a tampered one, and one signed with a key the metadata does not hold', async () => {
    const unsigned = await startAtIdp(grace());
    const stripped = decode(unsigned.form).replace(/<ds:Signature[\s\S]*?<\/ds:Signature>/g, '');
    expect(stripped).not.toContain('Signature');
    unsigned.form.SAMLResponse = encode(stripped);
    expect(refusal(await finish(unsigned))).toEqual({ status: 401, reason: 'provider_error' });

    const tampered = await startAtIdp(grace());
    tampered.form.SAMLResponse = encode(
      decode(tampered.form).replace(
        'grace.hopper@rfm.example</saml:AttributeValue>',
        'chief@rfm.example</saml:AttributeValue>',
      ),
    );
    expect(refusal(await finish(tampered))).toEqual({ status: 401, reason: 'provider_error' });

    const impostor = await startTestSamlIdp({ keys: 'other-idp' });
    try {
      expect(testIdpKeys('other-idp').certificate).not.toBe(testIdpKeys('idp').certificate);
      impostor.trust((await test.app.inject({ method: 'GET', url: spMetadataPath(providerId) })).body);
      const browserBinding = randomBytes(24).toString('base64url');
      const started = await call(test.app, startSso, { body: { organisation: riverside.slug, browserBinding } });
      const request = new URL(started.json<{ result: { authorizationUrl: string } }>().result.authorizationUrl);
      // The impostor answers Cairn's very request, in the real IdP's name, signed with its own key.
      impostor.signInAs(grace(), { issuer: idp.entityId });
      const forged = await signInAtSamlIdp(`${impostor.ssoUrl}${request.search}`);
      expect(refusal(await finish({ browserBinding, form: forged }))).toEqual({
        status: 401,
        reason: 'provider_error',
      });
    } finally {
      await impostor.close();
    }
  });

  it('uses a response once: a replay is refused, for that sign-in and for a new one', async () => {
    const started = await startAtIdp(grace());
    expect((await finish(started)).statusCode).toBe(200);
    expect(refusal(await finish(started))).toEqual({ status: 401, reason: 'unknown_state' });
    const next = await startAtIdp(grace());
    const replayed = await finish({ ...next, form: { ...started.form, RelayState: next.form.RelayState } });
    expect(refusal(replayed)).toEqual({ status: 401, reason: 'provider_error' });
  });

  it('completes only in the browser that started the sign-in', async () => {
    const started = await startAtIdp(grace());
    const elsewhere = await finish(started, randomBytes(24).toString('base64url'));
    expect(refusal(elsewhere)).toEqual({ status: 401, reason: 'unknown_state' });
  });

  it('refuses an unsolicited response, audited, and sends the browser to the sign-in page that says so', async () => {
    const started = await startAtIdp(grace());
    const acs = await postToAcs({ SAMLResponse: started.form.SAMLResponse });
    expect(acs.statusCode).toBe(303);
    const page = new URL(acs.headers.location as string);
    expect(Object.fromEntries(page.searchParams)).toEqual({ state: 'unsolicited', error: 'unsolicited_response' });
    const audited = await db().select().from(auditLog).where(eq(auditLog.action, 'auth.sso_failed'));
    expect(audited.some((entry) => JSON.stringify(entry.details).includes('a SAML response for no sign-in'))).toBe(
      true,
    );
  });

  it('answers 422 naming the field for a post without a SAMLResponse, or one that is not base64', async () => {
    for (const [form, field] of [
      [{ RelayState: 'x' }, 'SAMLResponse'],
      [{ SAMLResponse: '<xml/>', RelayState: 'x' }, 'SAMLResponse'],
      [{ SAMLResponse: 'PHhtbC8+', RelayState: 'r'.repeat(201) }, 'RelayState'],
    ] as const) {
      const answer = await postToAcs(form);
      expect(answer.statusCode).toBe(422);
      expect(answer.body).toContain(field);
    }
  });

  it("refuses a transient NameID, and an email outside the provider's allowed domains", async () => {
    const transient = await signIn({ ...grace(), nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient' });
    expect(refusal(transient)).toEqual({ status: 401, reason: 'provider_error' });
    expect(
      (await setSamlProvider({ displayName: 'Riverside Entra', allowedEmailDomains: ['rfm.example'] })).statusCode,
    ).toBe(200);
    try {
      const outsider = await signIn({
        nameId: 'mallory@elsewhere.example',
        attributes: { email: 'mallory@elsewhere.example' },
      });
      expect(refusal(outsider)).toEqual({ status: 401, reason: 'email_domain_not_allowed' });
    } finally {
      await setSamlProvider({ displayName: 'Riverside Entra' });
    }
  });

  it("reports a Test sign-in's NameID and attributes without signing anyone in", async () => {
    const before = await db().select().from(users).where(eq(users.organisationId, riverside.id));
    const answer = await finish(
      await startAtIdp(
        { nameId: 'tess@rfm.example', attributes: { email: 'tess@rfm.example', groups: ['Coders', 'Nurses'] } },
        {},
        { isTest: true },
      ),
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      result: {
        test: {
          provider: { id: providerId, name: 'Riverside Entra', protocol: 'saml' },
          claims: {
            nameID: 'tess@rfm.example',
            nameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
            email: 'tess@rfm.example',
            groups: ['Coders', 'Nurses'],
          },
          mapped: { username: 'tess@rfm.example', email: 'tess@rfm.example', groups: ['Coders', 'Nurses'] },
          isEmailDomainAllowed: true,
        },
      },
    });
    expect(await db().select().from(users).where(eq(users.organisationId, riverside.id))).toHaveLength(before.length);
  });
});

describe("the groups an identity provider's sign-in names", () => {
  it("become the user's groups, whose view and permissions an administrator maps, and leave with the claim", async () => {
    const linus = (groups: string[]): TestSamlUser => ({
      nameId: 'linus@rfm.example',
      attributes: { email: 'linus@rfm.example', groups },
    });
    expect((await signIn(linus(['Coding team']))).statusCode).toBe(200);
    const listed = await call(test.app, listScimGroups, { token: adminToken, body: {} });
    const group = listed
      .json<{ result: { groups: ScimGroupSummary[] } }>()
      .result.groups.find((candidate) => candidate.displayName === 'Coding team');
    expect(group).toMatchObject({ source: 'sso', memberCount: 1, view: null, permissions: [] });
    const mapped = await call(test.app, setScimGroupMapping, {
      token: adminToken,
      body: { groupId: group?.id ?? '', view: 'Coder', permissions: ['quality_tool'] },
    });
    expect(mapped.statusCode).toBe(200);

    const again = await signIn(linus(['coding TEAM', 'Unmapped']));
    const claims = JSON.parse(
      Buffer.from(
        again.json<{ result: { jwtToken: string } }>().result.jwtToken.split('.')[1] ?? '',
        'base64url',
      ).toString(),
    ) as { permissions?: string[] };
    const [member] = await db().select().from(users).where(eq(users.oidcSubject, 'linus@rfm.example'));
    expect(member).toMatchObject({ view: 'Coder', permissions: ['quality_tool'] });
    expect(JSON.stringify(claims)).toContain('quality_tool');

    expect((await signIn(linus(['Unmapped']))).statusCode).toBe(200);
    const [after] = await db().select().from(users).where(eq(users.oidcSubject, 'linus@rfm.example'));
    expect(after?.permissions).toEqual([]);
    const applied = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, member?.id ?? ''), eq(auditLog.action, 'sso.groups_applied')));
    expect(applied.length).toBeGreaterThanOrEqual(2);
  });

  it("leaves the user's groups alone when the assertion carries no groups", async () => {
    await signIn({ nameId: 'marie@rfm.example', attributes: { email: 'marie@rfm.example', groups: 'Coding team' } });
    await signIn({ nameId: 'marie@rfm.example', attributes: { email: 'marie@rfm.example' } });
    const [marie] = await db().select().from(users).where(eq(users.oidcSubject, 'marie@rfm.example'));
    expect(marie).toMatchObject({ view: 'Coder', permissions: ['quality_tool'] });
  });
});

describe("the IdP's metadata over time", () => {
  it('is read again from its URL after a day, and kept as stored when the URL does not answer', async () => {
    const provider = await findIdentityProvider(db(), riverside.id, providerId);
    if (!provider) throw new Error('no provider');
    const later = () => new Date(Date.now() + 2 * 24 * 60 * 60_000);
    const deps = { db: db(), allowLoopbackHttp: true, now: later };
    expect((await currentIdpMetadata(deps, provider)).entityId).toBe(idp.entityId);
    const [reread] = await db().select().from(identityProviders).where(eq(identityProviders.id, providerId));
    expect(reread?.samlMetadataReadAt?.getTime()).toBeGreaterThan(Date.now() + 24 * 60 * 60_000);

    const unreachable = { ...provider, samlMetadataUrl: 'http://127.0.0.1:9/metadata' };
    expect((await currentIdpMetadata(deps, unreachable)).entityId).toBe(idp.entityId);
  });
});
