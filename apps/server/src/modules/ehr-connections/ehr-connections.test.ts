import { createSandboxRepository, ehrSandbox } from '@cairn/ehr-sandbox';
import {
  createEhrConnection,
  listEhrConnections,
  startEhrLaunch,
  testEhrConnection,
  updateEhrConnection,
  type EndpointInput,
} from '@cairn/contracts';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ehrConnections } from '../../db/clinical-schema';
import { auditLog } from '../../db/schema';
import { call, callForResult, callWithAnyBody, tokenFor, type SignedInUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { freePort } from '../../testing/sandbox-ehr';

const CAIRN = 'https://cairn.clinic.test';
let test: TestApp;
let sandbox: FastifyInstance;
let fhirBaseUrl: string;
let organisationId: string;
let admin: SignedInUser;
let counter = 0;

beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${String(port)}/sandbox`;
  fhirBaseUrl = `${publicUrl}/fhir`;
  sandbox = Fastify({ forceCloseConnections: true });
  await sandbox.register(ehrSandbox, {
    prefix: '/sandbox',
    publicUrl,
    clients: [{ clientId: 'cairn', clientSecret: 'secret', redirectUris: [`${CAIRN}/epic/login`] }],
    repository: createSandboxRepository(),
    fhirUser: 'Practitioner/pr1',
  });
  await sandbox.listen({ port, host: '127.0.0.1' });
  test = await buildTestApp({ env: { CAIRN_API_URL: `${CAIRN}/api` } });
  organisationId = (await createOrganisation(db())).id;
  admin = await tokenFor(test.app, { organisationId, isAdmin: true });
});
afterAll(async () => {
  await test.app.close();
  await sandbox.close();
});

const db = () => test.app.database.db;

function aConnection(overrides: Partial<EndpointInput<typeof createEhrConnection>> = {}) {
  counter += 1;
  return {
    name: `acme-ehr-${String(counter)}`,
    fhirBaseUrl: `https://ehr${String(counter)}.example.test/fhir/r4`,
    clientId: 'cairn-client',
    clientAuth: 'public' as const,
    ...overrides,
  };
}

const create = (body: EndpointInput<typeof createEhrConnection>) =>
  callForResult(test.app, createEhrConnection, { token: admin.token, body });

describe('registering an EHR connection', () => {
  it('registers a public SMART client of any name with its aliases, and says what to register at the EHR', async () => {
    const connection = await create(
      aConnection({
        name: 'smart-launcher',
        issuerAliases: ['https://launcher.test/v/r4/fhir/', 'https://launcher.test/v/r4/fhir'],
      }),
    );
    expect(connection).toMatchObject({
      name: 'smart-launcher',
      clientAuth: 'public',
      hasClientSecret: false,
      isEnabled: true,
      issuerAliases: ['https://launcher.test/v/r4/fhir'],
      launchUrl: `${CAIRN}/epic/login`,
      redirectUris: [`${CAIRN}/epic/login`, `${CAIRN}/overlay/epic/login`],
      lastLaunch: null,
      lastSync: null,
      lastWrite: null,
    });
    expect(connection.scopes).toContain('offline_access');
    const { connections } = await callForResult(test.app, listEhrConnections, { token: admin.token });
    expect(connections.map((item) => item.name)).toContain('smart-launcher');
    // A launch from the alias finds it (its SMART configuration is then read: that EHR is not there).
    const launch = await call(test.app, startEhrLaunch, {
      body: {
        iss: 'https://launcher.test/v/r4/fhir',
        launch: 'x',
        redirectUri: `${CAIRN}/epic/login`,
        browserBinding: 'binding-of-this-browser-tab-0123',
      },
    });
    expect(launch.json()).toMatchObject({ error: { details: { reason: 'well_known_unavailable' } } });
    const [row] = await db().select().from(ehrConnections).where(eq(ehrConnections.id, connection.id));
    expect(row?.lastLaunchError).toContain('cannot get token endpoint');
  });

  it('keeps a secret sealed and never answers it; an edit without one keeps it', async () => {
    const missing = await call(test.app, createEhrConnection, {
      token: admin.token,
      body: aConnection({ clientAuth: 'client_secret' }),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ error: { details: { issues: [{ field: 'clientSecret' }] } } });
    const created = await create(aConnection({ clientAuth: 'client_secret', clientSecret: 'very-secret-value' }));
    expect(created.hasClientSecret).toBe(true);
    expect(JSON.stringify(created)).not.toContain('very-secret-value');
    const [row] = await db().select().from(ehrConnections).where(eq(ehrConnections.id, created.id));
    expect(row?.clientSecretEncrypted).not.toContain('very-secret-value');
    const edited = await callForResult(test.app, updateEhrConnection, {
      token: admin.token,
      body: {
        ...aConnection(),
        connectionId: created.id,
        name: created.name,
        fhirBaseUrl: created.fhirBaseUrl,
        clientAuth: 'client_secret',
      },
    });
    expect(edited.hasClientSecret).toBe(true);
    const [after] = await db().select().from(ehrConnections).where(eq(ehrConnections.id, created.id));
    expect(after?.clientSecretEncrypted).toBe(row?.clientSecretEncrypted);
  });

  it('makes a key pair for private_key_jwt and publishes its public half at the JWKS URL', async () => {
    const created = await create(aConnection({ clientAuth: 'private_key_jwt' }));
    expect(created.jwksUrl).toBe(`${CAIRN}/api/ehr/connections/${created.id}/jwks.json`);
    const response = await test.app.inject({ method: 'GET', url: new URL(created.jwksUrl ?? '').pathname });
    expect(response.statusCode).toBe(200);
    const { keys } = response.json<{ keys: Record<string, string>[] }>();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS384', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
    const other = await create(aConnection());
    const none = await test.app.inject({ method: 'GET', url: `/api/ehr/connections/${other.id}/jwks.json` });
    expect(none.statusCode).toBe(404);
  });

  it('answers 409 naming a taken name or FHIR base, and 422 naming a bad field', async () => {
    const first = await create(aConnection());
    const sameName = await call(test.app, createEhrConnection, {
      token: admin.token,
      body: aConnection({ name: first.name.toUpperCase() }),
    });
    expect(sameName.json()).toMatchObject({ error: { code: 'CONFLICT', details: { field: 'name' } } });
    const sameBase = await call(test.app, createEhrConnection, {
      token: admin.token,
      body: aConnection({ fhirBaseUrl: `${first.fhirBaseUrl}/` }),
    });
    expect(sameBase.json()).toMatchObject({ error: { code: 'CONFLICT', details: { field: 'fhirBaseUrl' } } });
    const bad = await callWithAnyBody(test.app, createEhrConnection, {
      token: admin.token,
      body: { ...aConnection(), fhirBaseUrl: 'ftp://ehr.test', scopes: 'launch  openid' },
    });
    expect(bad.statusCode).toBe(422);
    const fields = bad.json<{ error: { details: { issues: { field: string }[] } } }>().error.details.issues;
    expect(fields.map((issue) => issue.field)).toEqual(expect.arrayContaining(['fhirBaseUrl', 'scopes']));
  });

  it("refuses a user without admin_tool, and never shows another organisation's connections", async () => {
    const provider = await tokenFor(test.app, { organisationId });
    expect((await call(test.app, listEhrConnections, { token: provider.token })).statusCode).toBe(403);
    const otherAdmin = await tokenFor(test.app, {
      organisationId: (await createOrganisation(db(), 'Hillside Health')).id,
      isAdmin: true,
    });
    const mine = await create(aConnection());
    expect(
      (await call(test.app, testEhrConnection, { token: otherAdmin.token, body: { connectionId: mine.id } }))
        .statusCode,
    ).toBe(404);
    const theirs = await callForResult(test.app, listEhrConnections, { token: otherAdmin.token });
    expect(theirs.connections).toEqual([]);
  });

  it('audits every change, and a disabled connection says so', async () => {
    const created = await create(aConnection());
    const disabled = await callForResult(test.app, updateEhrConnection, {
      token: admin.token,
      body: {
        ...aConnection(),
        connectionId: created.id,
        name: created.name,
        fhirBaseUrl: created.fhirBaseUrl,
        isEnabled: false,
      },
    });
    expect(disabled.isEnabled).toBe(false);
    const rows = await db().select().from(auditLog).where(eq(auditLog.userId, admin.user.id));
    const actions = rows.filter((row) => row.details?.connectionId === created.id).map((row) => row.action);
    expect(actions).toEqual(['admin.ehr_connection_created', 'admin.ehr_connection_disabled']);
  });
});

describe('Test connection', () => {
  it("reads a SMART EHR's metadata and configuration and finds it ready for a confidential client", async () => {
    const connection = await create(aConnection({ fhirBaseUrl, clientAuth: 'client_secret', clientSecret: 'secret' }));
    const result = await callForResult(test.app, testEhrConnection, {
      token: admin.token,
      body: { connectionId: connection.id },
    });
    expect(result.checks.filter((check) => !check.isOk)).toEqual([]);
    expect(result.isReady).toBe(true);
    expect(result.checks.map((check) => check.name)).toEqual([
      'FHIR version',
      'Resources Cairn reads',
      'Writing diagnoses',
      'Authorization and token endpoints',
      'EHR launch',
      'Client authentication',
      'PKCE',
      'Scopes',
    ]);
  });

  it('says in words what the EHR lacks: here a key-pair client the EHR does not accept, or no server at all', async () => {
    // Another organisation's admin registers the same EHR as a key-pair client.
    const otherAdmin = await tokenFor(test.app, {
      organisationId: (await createOrganisation(db(), 'Lakeside')).id,
      isAdmin: true,
    });
    const asymmetric = await callForResult(test.app, createEhrConnection, {
      token: otherAdmin.token,
      body: aConnection({ fhirBaseUrl, clientAuth: 'private_key_jwt' }),
    });
    const result = await callForResult(test.app, testEhrConnection, {
      token: otherAdmin.token,
      body: { connectionId: asymmetric.id },
    });
    expect(result.isReady).toBe(false);
    expect(result.checks.find((check) => check.name === 'Client authentication')).toMatchObject({
      isOk: false,
      message: expect.stringContaining("does not declare 'client-confidential-asymmetric'"),
    });
    const nowhere = await create(aConnection({ fhirBaseUrl: 'http://127.0.0.1:9/fhir' }));
    const unreachable = await callForResult(test.app, testEhrConnection, {
      token: admin.token,
      body: { connectionId: nowhere.id },
    });
    expect(unreachable.checks[0]).toMatchObject({
      name: 'FHIR server',
      isOk: false,
      message: expect.stringContaining('could not be reached'),
    });
  });
});
