import { createSandboxRepository, ehrSandbox, loadSandboxData } from '@cairn/ehr-sandbox';
import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { ehrConditionWrites, ehrConnections, ehrSessions, encounters } from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { createFhirClient, type FhirClient } from '../../integrations/fhir/fhir-client';
import { openTestDatabase } from '../../testing/build-test-app';
import { createAppointment } from '../../testing/clinical-factories';
import { freePort, sandboxAccessToken } from '../../testing/sandbox-ehr';
import { createOrganisation, createUser } from '../../testing/factories';
import { syncPatientFromEhr } from '../ehr-sync';
import { writeDiagnosesToEncounter } from './ehr-write.service';

/** The same journey against Cairn's own sandbox EHR (apps/ehr-sandbox), with a token from its SMART launch. */
const CLIENT = { clientId: 'cairn', clientSecret: 'sandbox-secret', redirectUris: ['http://cairn.test/epic/login'] };

let database: Database;
let sandbox: FastifyInstance;
let fhirBaseUrl: string;
let client: FhirClient;

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
  const repository = createSandboxRepository();
  await loadSandboxData(repository, {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      { resource: { resourceType: 'Patient', id: 'p1', name: [{ family: 'Ada' }], birthDate: '1950-01-01' } },
      {
        resource: {
          resourceType: 'Encounter',
          id: 'e1',
          status: 'in-progress',
          class: { code: 'AMB' },
          subject: { reference: 'Patient/p1' },
          period: { start: '2026-11-21T09:00:00Z' },
        },
      },
    ],
  });
  // The sandbox names its own URL in paging links and the token's audience, so its port is chosen first.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${String(port)}/sandbox`;
  fhirBaseUrl = `${publicUrl}/fhir`;
  sandbox = Fastify({ forceCloseConnections: true });
  await sandbox.register(ehrSandbox, { prefix: '/sandbox', publicUrl, clients: [CLIENT], repository });
  await sandbox.listen({ port, host: '127.0.0.1' });
  const token = await sandboxAccessToken(sandbox, {
    prefix: '/sandbox',
    fhirBaseUrl,
    client: CLIENT,
    redirectUri: CLIENT.redirectUris[0] ?? '',
    patient: 'p1',
    encounter: 'e1',
  });
  client = createFhirClient({ baseUrl: fhirBaseUrl, getAccessToken: () => Promise.resolve(token) });
});
afterAll(async () => {
  await sandbox.close();
  await database.close();
});

describe('Cairn and the sandbox EHR', () => {
  it('syncs the launched patient, then writes a diagnosis to the encounter once', async () => {
    const organisationId = (await createOrganisation(database.db)).id;
    const user = await createUser(database.db, { organisationId });
    const [connection] = await database.db
      .insert(ehrConnections)
      .values({ organisationId, name: 'Sandbox', fhirBaseUrl, clientId: CLIENT.clientId })
      .returning();
    const connectionId = connection?.id ?? '';
    await database.db.insert(ehrSessions).values({
      organisationId,
      connectionId,
      userId: user.id,
      accessTokenEncrypted: 'sealed',
      expiresAt: new Date(Date.now() + 3_600_000),
    });

    const synced = await syncPatientFromEhr(database.db, { organisationId, connectionId, client, patientFhirId: 'p1' });
    expect(synced.imported).toMatchObject({ Patient: 1, Encounter: 1 });
    const [encounter] = await database.db
      .select()
      .from(encounters)
      .where(and(eq(encounters.organisationId, organisationId), eq(encounters.sourceId, 'e1')));
    const visit = await createAppointment(database.db, {
      organisationId,
      patientId: synced.patientId,
      at: '2026-11-21T09:00',
      status: 'arrived',
      encounterId: encounter?.id,
    });

    const options = { organisationId, appointmentId: visit.id, icdCodes: ['E11.9'], client };
    const [first] = await writeDiagnosesToEncounter(database.db, options);
    const [second] = await writeDiagnosesToEncounter(database.db, options);
    expect(first?.status).toBe('written');
    expect(second).toEqual(first);
    // As if the answer to the first write had been lost: the EHR is asked again, with the same identifier.
    await database.db.update(ehrConditionWrites).set({ status: 'failed', ehrResourceId: null });
    const [retried] = await writeDiagnosesToEncounter(database.db, options);
    expect(retried).toEqual(first);
    const written = await client.searchAll('Condition', { encounter: 'Encounter/e1' });
    expect(written.map((condition) => condition.id)).toEqual([first?.ehrResourceId]);
  });
});
