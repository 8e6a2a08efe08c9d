import { createSandboxRepository, ehrSandbox, loadSandboxData } from '@cairn/ehr-sandbox';
import { getEpicTokenAndAppContext, startEhrLaunch, syncEhrPatient } from '@cairn/contracts';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ehrConnections, ehrPatientSyncs, realtimeEvents } from '../../db/clinical-schema';
import { openServerSecretBox } from '../../lib/secret-box';
import { call, type EndpointResult } from '../../testing/api';
import { buildTestApp } from '../../testing/build-test-app';
import { createOrganisation, createUser } from '../../testing/factories';
import { freePort } from '../../testing/sandbox-ehr';

/**
 * Issue 16: a SMART launch answers with what Cairn has, and the patient's record is read from the EHR
 * only when the browser asks, once its portrait shows. The sandbox EHR holds every search of the record
 * until the test lets it go, so an answer that waited for the read could not come.
 */
const CAIRN = 'http://cairn.test';
const REDIRECT_URI = `${CAIRN}/epic/login`;
const CLIENT = { clientId: 'cairn-fhir-connection', clientSecret: 'sandbox-secret', redirectUris: [REDIRECT_URI] };
const TODAY = new Date().toISOString().slice(0, 10);
const BINDING = 'binding-of-this-browser-tab-0123';

let app: FastifyInstance;
let sandbox: FastifyInstance;
let fhirBaseUrl: string;
/** Searches of the record wait on this while it is set. */
let searchesHeld: Promise<void> | undefined;

beforeAll(async () => {
  const repository = createSandboxRepository();
  await loadSandboxData(repository, {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      { resource: { resourceType: 'Practitioner', id: 'pr1', name: [{ family: 'Rivera', given: ['Maya'] }] } },
      { resource: { resourceType: 'Patient', id: 'p1', name: [{ family: 'Ada' }], birthDate: '1950-01-01' } },
      {
        resource: {
          resourceType: 'Encounter',
          id: 'e1',
          status: 'in-progress',
          class: { code: 'AMB' },
          subject: { reference: 'Patient/p1' },
          period: { start: `${TODAY}T09:00:00Z` },
        },
      },
    ],
  });
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${String(port)}/sandbox`;
  fhirBaseUrl = `${publicUrl}/fhir`;
  sandbox = Fastify({ forceCloseConnections: true });
  // A search of the record (`?patient=`), not the reads of the Patient and the Encounter.
  sandbox.addHook('onRequest', async (request) => {
    if (searchesHeld && request.url.includes('patient=')) await searchesHeld;
  });
  await sandbox.register(ehrSandbox, {
    prefix: '/sandbox',
    publicUrl,
    clients: [CLIENT],
    repository,
    fhirUser: 'Practitioner/pr1',
  });
  await sandbox.listen({ port, host: '127.0.0.1' });

  ({ app } = await buildTestApp({ env: { CAIRN_API_URL: `${CAIRN}/api` } }));
  const db = app.database.db;
  const organisationId = (await createOrganisation(db)).id;
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

/** The EHR's launch of p1 in e1, through Cairn's start and the EHR's authorization, to Cairn's answer. */
async function launch() {
  const launched = await sandbox.inject({
    method: 'POST',
    url: '/sandbox/auth/launch',
    payload: { patient: 'p1', encounter: 'e1' },
  });
  const start = await call(app, startEhrLaunch, {
    body: {
      iss: fhirBaseUrl,
      launch: launched.json<{ launch: string }>().launch,
      redirectUri: REDIRECT_URI,
      browserBinding: BINDING,
    },
  });
  const started = start.json<{ result: EndpointResult<typeof startEhrLaunch> }>().result;
  const authorized = await fetch(started.authorizationUrl, { redirect: 'manual' });
  const answer = new URL(authorized.headers.get('location') ?? '');
  return call(app, getEpicTokenAndAppContext, {
    body: {
      code: answer.searchParams.get('code') ?? '',
      state: answer.searchParams.get('state') ?? '',
      connectionName: started.connectionName,
      dataSourceId: started.dataSourceId,
      redirectUri: REDIRECT_URI,
      tokenUrl: started.smartConfig.tokenEndpoint,
      browserBinding: BINDING,
    },
  });
}

describe('a SMART launch and the read of the patient from the EHR', () => {
  it('answers before the record is read, reads it when the portrait asks, and tells the visit', async () => {
    let release = (): void => undefined;
    searchesHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    const db = app.database.db;
    const readOf = async (patientId: string) =>
      (await db.select().from(ehrPatientSyncs).where(eq(ehrPatientSyncs.patientId, patientId)))[0];
    try {
      const response = await launch();
      expect(response.statusCode).toBe(200);
      const { jwtToken, patientId, summaryId, ehrSync } = response.json<{
        result: { jwtToken: string; patientId: string; summaryId: string; ehrSync: { status: string } };
      }>().result;
      expect(ehrSync.status).toBe('pending');
      // Answered while the EHR holds every search of the record, and nothing read in the background.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await readOf(patientId)).toBeUndefined();

      release();
      const read = await call(app, syncEhrPatient, { token: jwtToken, isV2: true, body: { sid: summaryId } });
      expect(read.statusCode).toBe(200);
      expect((await readOf(patientId))?.lastSyncedAt).toBeInstanceOf(Date);
      const events = await db
        .select({ event: realtimeEvents.event })
        .from(realtimeEvents)
        .where(eq(realtimeEvents.appointmentId, summaryId));
      expect(events.map((row) => row.event)).toContainEqual({ kind: 'ehr.synced', status: 'synced' });
    } finally {
      release();
      searchesHeld = undefined;
    }
  });
});
