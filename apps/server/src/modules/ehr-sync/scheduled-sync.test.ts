import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { ehrConnections, ehrPatientSyncs, patients } from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { createFhirClient } from '../../integrations/fhir/fhir-client';
import { startTestFhirServer, type TestFhirServer } from '../../integrations/fhir/fhir-test-server';
import { openTestDatabase } from '../../testing/build-test-app';
import { createAppointment, createCareTeam, createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { syncScheduledPatients } from './scheduled-sync';

let database: Database;
let ehr: TestFhirServer;

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
  ehr = await startTestFhirServer();
});
afterAll(async () => {
  await ehr.close();
  await database.close();
});

describe('syncScheduledPatients', () => {
  it("reads the day's patients of the given providers from the EHR, skips fresh ones and goes on after a failure", async () => {
    const db = database.db;
    const organisationId = (await createOrganisation(db)).id;
    const providerId = (await createCareTeam(db, { organisationId })).provider.id;
    const otherProviderId = (await createCareTeam(db, { organisationId, providerLastName: 'Novak' })).provider.id;
    const [connection] = await db
      .insert(ehrConnections)
      .values({ organisationId, name: 'cairn-fhir-connection', fhirBaseUrl: ehr.baseUrl, clientId: 'cairn' })
      .returning();
    const connectionId = connection?.id ?? '';
    const scheduled = [];
    for (const family of ['Ames', 'Bell', 'Cole', 'Dunn']) {
      const resource = await ehr.repo.createResource({
        resourceType: 'Patient',
        name: [{ family }],
        birthDate: '1950-01-01',
        gender: 'female',
      });
      const patient = await createPatient(db, { organisationId, sourceId: resource.id, lastName: `${family} (old)` });
      scheduled.push(patient);
    }
    const [ames, bell, cole, dunn] = scheduled;
    if (!ames || !bell || !cole || !dunn) throw new Error('patients missing');
    for (const patient of [ames, bell, cole]) {
      await createAppointment(db, { organisationId, patientId: patient.id, providerId, at: '2026-11-21T09:00' });
    }
    // Another provider's patient, and a patient read a minute ago, are left alone.
    await createAppointment(db, {
      organisationId,
      patientId: dunn.id,
      providerId: otherProviderId,
      at: '2026-11-21T10:00',
    });
    await db.insert(ehrPatientSyncs).values({
      patientId: cole.id,
      organisationId,
      connectionId,
      lastSyncedAt: new Date(Date.now() - 60_000),
      lastAttemptAt: new Date(Date.now() - 60_000),
    });
    // Bell's record fails in the EHR.
    ehr.intercept = (request) => (request.url.includes(bell.sourceId) ? { status: 500 } : undefined);

    const client = createFhirClient({ baseUrl: ehr.baseUrl, getAccessToken: () => Promise.resolve('token') });
    const result = await syncScheduledPatients(db, {
      organisationId,
      connectionId,
      client,
      providerIds: [providerId],
      date: '2026-11-21',
      freshForMs: 60 * 60_000,
    });
    ehr.intercept = undefined;

    expect(result).toEqual({ synced: 1, failed: 1 });
    const names = await db.select({ id: patients.id, lastName: patients.lastName }).from(patients);
    const nameOf = (id: string) => names.find((row) => row.id === id)?.lastName;
    expect(nameOf(ames.id)).toBe('Ames');
    expect(nameOf(bell.id)).toBe('Bell (old)');
    expect(nameOf(cole.id)).toBe('Cole (old)');
    expect(nameOf(dunn.id)).toBe('Dunn (old)');
    const [bellSync] = await db.select().from(ehrPatientSyncs).where(eq(ehrPatientSyncs.patientId, bell.id));
    expect(bellSync?.lastError).toContain('EHR');
    expect(bellSync?.lastSyncedAt).toBeNull();
  });
});
