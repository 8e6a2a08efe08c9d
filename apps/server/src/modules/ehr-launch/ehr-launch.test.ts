import { createSandboxRepository, ehrSandbox, loadSandboxData } from '@cairn/ehr-sandbox';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  addSummaryInsightActions,
  type EndpointInput,
  getEncounterStatus,
  getEpicTokenAndAppContext,
  push2emrApi,
  startEhrLaunch,
} from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, ehrConnections, ehrSessions, patients } from '../../db/clinical-schema';
import { users } from '../../db/schema';
import { openServerSecretBox } from '../../lib/secret-box';
import { call, type EndpointResult } from '../../testing/api';
import { buildTestApp } from '../../testing/build-test-app';
import { createOrganisation, createUser } from '../../testing/factories';
import { freePort } from '../../testing/sandbox-ehr';

/**
 * The SMART EHR launch against Cairn's sandbox EHR on a real port: Cairn reads its well-known
 * configuration, exchanges the code at its token endpoint and reads the patient over FHIR.
 */
const CAIRN = 'http://cairn.test';
const REDIRECT_URI = `${CAIRN}/epic/login`;
const CLIENT = { clientId: 'cairn-fhir-connection', clientSecret: 'sandbox-secret', redirectUris: [REDIRECT_URI] };
const TODAY = new Date().toISOString().slice(0, 10);
const BINDING = 'binding-of-this-browser-tab-0123';

let app: FastifyInstance;
let sandbox: FastifyInstance;
let fhirBaseUrl: string;
let organisationId: string;
const clock = { offsetMs: 0 };

beforeAll(async () => {
  const repository = createSandboxRepository();
  await loadSandboxData(repository, {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      { resource: { resourceType: 'Practitioner', id: 'pr1', name: [{ family: 'Rivera', given: ['Maya'] }] } },
      {
        resource: {
          resourceType: 'Patient',
          id: 'p1',
          name: [{ family: 'Ada', given: ['Lovelace'] }],
          birthDate: '1950-01-01',
          gender: 'female',
        },
      },
      {
        resource: {
          resourceType: 'Encounter',
          id: 'e1',
          status: 'in-progress',
          class: { code: 'AMB' },
          subject: { reference: 'Patient/p1' },
          participant: [{ individual: { reference: 'Practitioner/pr1' } }],
          period: { start: `${TODAY}T09:00:00Z` },
        },
      },
    ],
  });
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${String(port)}/sandbox`;
  fhirBaseUrl = `${publicUrl}/fhir`;
  sandbox = Fastify({ forceCloseConnections: true });
  await sandbox.register(ehrSandbox, {
    prefix: '/sandbox',
    publicUrl,
    clients: [CLIENT],
    repository,
    fhirUser: 'Practitioner/pr1',
    now: () => Date.now() + clock.offsetMs,
  });
  await sandbox.listen({ port, host: '127.0.0.1' });

  ({ app } = await buildTestApp({ env: { CAIRN_API_URL: `${CAIRN}/api` } }));
  const db = app.database.db;
  organisationId = (await createOrganisation(db)).id;
  await createUser(db, { organisationId, username: 'maya', emrUsername: 'Practitioner/pr1', view: 'Provider' });
  const box = await openServerSecretBox(db, undefined);
  await db.insert(ehrConnections).values({
    organisationId,
    name: 'cairn-fhir-connection',
    fhirBaseUrl,
    clientId: CLIENT.clientId,
    clientSecretEncrypted: box.seal(CLIENT.clientSecret, organisationId),
  });
});
afterAll(async () => {
  await app.close();
  await sandbox.close();
});

type Started = EndpointResult<typeof startEhrLaunch>;

/** The EHR screen's launch, Cairn's start, and the EHR's authorize answer: the code and state. */
async function launchUntilCode(options: { iss?: string; binding?: string } = {}) {
  const launched = await sandbox.inject({
    method: 'POST',
    url: '/sandbox/auth/launch',
    payload: { patient: 'p1', encounter: 'e1' },
  });
  const start = await call(app, startEhrLaunch, {
    body: {
      iss: options.iss ?? fhirBaseUrl,
      launch: launched.json<{ launch: string }>().launch,
      redirectUri: REDIRECT_URI,
      browserBinding: options.binding ?? BINDING,
    },
  });
  if (start.statusCode !== 200) return { start, code: '', state: '', started: undefined };
  const started = start.json<{ result: Started }>().result;
  const authorized = await fetch(started.authorizationUrl, { redirect: 'manual' });
  const answer = new URL(authorized.headers.get('location') ?? '');
  return {
    start,
    started,
    code: answer.searchParams.get('code') ?? '',
    state: answer.searchParams.get('state') ?? '',
  };
}

function complete(
  started: Started,
  answer: { code: string; state: string },
  overrides: Partial<EndpointInput<typeof getEpicTokenAndAppContext>> = {},
) {
  return call(app, getEpicTokenAndAppContext, {
    body: {
      code: answer.code,
      state: answer.state,
      connectionName: started.connectionName,
      dataSourceId: started.dataSourceId,
      redirectUri: REDIRECT_URI,
      tokenUrl: started.smartConfig.tokenEndpoint,
      browserBinding: BINDING,
      ...overrides,
    },
  });
}

describe('SMART EHR launch', () => {
  it('signs the EHR user in, imports the launch patient and answers the launch visit, tokens kept sealed', async () => {
    const { started, code, state } = await launchUntilCode();
    expect(started?.connectionName).toBe('cairn-fhir-connection');
    expect(started?.smartConfig.iss).toBe(fhirBaseUrl);
    expect(new URL(started?.authorizationUrl ?? '').searchParams.get('aud')).toBe(fhirBaseUrl);
    const response = await complete(started as Started, { code, state });
    expect(response.statusCode).toBe(200);
    const result = response.json<{
      result: { jwtToken: string; summaryId: string; patientId: string; ehrSync: { status: string } };
    }>().result;
    expect(result.ehrSync.status).toBe('pending');

    const db = app.database.db;
    const [patient] = await db.select().from(patients).where(eq(patients.id, result.patientId));
    expect(patient).toMatchObject({ source: 'EHR', sourceId: 'p1', lastName: 'Ada' });
    const [visit] = await db.select().from(appointments).where(eq(appointments.id, result.summaryId));
    expect(visit).toMatchObject({ patientId: result.patientId, serviceDate: TODAY });

    const [session] = await db.select().from(ehrSessions).where(eq(ehrSessions.organisationId, organisationId));
    expect(session?.patientFhirId).toBe('p1');
    expect(session?.encounterFhirId).toBe('e1');
    // Sealed at rest, and never in the browser's answer.
    const box = await openServerSecretBox(db, undefined);
    const accessToken = box.open(session?.accessTokenEncrypted ?? '', organisationId);
    expect(session?.accessTokenEncrypted).not.toContain(accessToken);
    expect(response.body).not.toContain(accessToken);

    // The same user, in Cairn, writes a diagnosis to that encounter through their EHR session; a retry
    // answers the same Condition.
    const asEhrUser = { token: result.jwtToken, isV2: true };
    const status = await call(app, getEncounterStatus, { ...asEhrUser, body: { sid: result.summaryId } });
    expect(status.json()).toMatchObject({ result: { encounterId: 'e1', status: 'in-progress', isPushable: true } });
    const added = await call(app, addSummaryInsightActions, {
      ...asEhrUser,
      body: { sid: result.summaryId, actions: [{ icdCode: 'E11.9', action: 'add', expectedVersion: 0 }] },
    });
    expect(added.statusCode).toBe(200);
    const push = () => call(app, push2emrApi, { ...asEhrUser, body: { sid: result.summaryId, icdCodes: ['E11.9'] } });
    const first = (await push()).json<{ result: { results: { status: string; ehrResourceId: string }[] } }>().result;
    const second = (await push()).json<{ result: { results: { status: string; ehrResourceId: string }[] } }>().result;
    expect(first.results[0]?.status).toBe('written');
    expect(second).toEqual(first);
    const found = await fetch(`${fhirBaseUrl}/Condition?encounter=Encounter/e1`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const bundle = (await found.json()) as { entry?: { resource: { id: string } }[] };
    expect(bundle.entry?.map((entry) => entry.resource.id)).toEqual([first.results[0]?.ehrResourceId]);

    // A second launch for the same encounter lands on the same visit.
    const again = await launchUntilCode();
    const secondLaunch = await complete(again.started as Started, again);
    expect(secondLaunch.json<{ result: { summaryId: string } }>().result.summaryId).toBe(result.summaryId);
  });

  it('refuses a wrong state, and a state completed from another browser', async () => {
    const { started, code, state } = await launchUntilCode();
    const wrong = await complete(started as Started, { code, state: `${state}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: { details: { reason: 'unknown_state' } } });

    const other = await launchUntilCode();
    const elsewhere = await complete(other.started as Started, other, {
      browserBinding: 'another-browser-binding-01234',
    });
    expect(elsewhere.json()).toMatchObject({ error: { details: { reason: 'unknown_state' } } });
  });

  it('refuses an iss that is not a configured EHR, without reading it', async () => {
    const { start } = await launchUntilCode({ iss: 'https://evil.example/fhir' });
    expect(start.statusCode).toBe(403);
    expect(start.json()).toMatchObject({ error: { details: { reason: 'unknown_iss' } } });
  });

  it('refuses an expired authorization code, and a token endpoint that is not the EHR', async () => {
    const { started, code, state } = await launchUntilCode();
    clock.offsetMs = 61_000;
    try {
      const expired = await complete(started as Started, { code, state });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ error: { details: { reason: 'token_refused' } } });
    } finally {
      clock.offsetMs = 0;
    }
    const other = await launchUntilCode();
    const mismatch = await complete(other.started as Started, other, { tokenUrl: 'https://evil.example/token' });
    expect(mismatch.json()).toMatchObject({ error: { details: { reason: 'token_endpoint_mismatch' } } });
  });

  it('refuses an EHR user who is not linked to a Cairn user', async () => {
    const db = app.database.db;
    await db.update(users).set({ emrUsername: 'Practitioner/someone-else' }).where(eq(users.username, 'maya'));
    try {
      const { started, code, state } = await launchUntilCode();
      const refused = await complete(started as Started, { code, state });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { details: { reason: 'unknown_user' } } });
    } finally {
      await db.update(users).set({ emrUsername: 'Practitioner/pr1' }).where(eq(users.username, 'maya'));
    }
  });

  it('launches through a connection of any name from an issuer alias, and records the last launch and write', async () => {
    const db = app.database.db;
    const canonical = fhirBaseUrl.replace('127.0.0.1', 'localhost');
    // As an admin registers it: its own name, the address the admin typed, and the EHR's own as an alias.
    await db
      .update(ehrConnections)
      .set({ name: 'acme-ehr', fhirBaseUrl: canonical, issuerAliases: [fhirBaseUrl] })
      .where(eq(ehrConnections.organisationId, organisationId));
    try {
      const { started, code, state } = await launchUntilCode();
      expect(started?.connectionName).toBe('acme-ehr');
      // The launch's audience is the address the EHR launched with.
      expect(new URL(started?.authorizationUrl ?? '').searchParams.get('aud')).toBe(fhirBaseUrl);
      const response = await complete(started as Started, { code, state });
      expect(response.statusCode).toBe(200);
      const [connection] = await db
        .select()
        .from(ehrConnections)
        .where(eq(ehrConnections.organisationId, organisationId));
      expect(connection?.lastLaunchAt).not.toBeNull();
      expect(connection?.lastLaunchError).toBeNull();

      await db
        .update(ehrConnections)
        .set({ isEnabled: false })
        .where(eq(ehrConnections.organisationId, organisationId));
      const refused = await launchUntilCode();
      expect(refused.start.statusCode).toBe(403);
      expect(refused.start.json()).toMatchObject({ error: { details: { reason: 'unknown_iss' } } });
    } finally {
      await db
        .update(ehrConnections)
        .set({ name: 'cairn-fhir-connection', fhirBaseUrl, issuerAliases: [], isEnabled: true })
        .where(eq(ehrConnections.organisationId, organisationId));
    }
  });

  it("records a refused launch's reason on its connection", async () => {
    const { started, state } = await launchUntilCode();
    const response = await complete(started as Started, { code: 'not-a-code', state });
    expect(response.statusCode).toBe(401);
    const [connection] = await app.database.db
      .select()
      .from(ehrConnections)
      .where(eq(ehrConnections.organisationId, organisationId));
    expect(connection?.lastLaunchError).toContain('did not authorize');
  });
});
