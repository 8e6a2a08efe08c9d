import { Operator } from '@medplum/core';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { conditions, ehrConnections, observations, patients } from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { createFhirClient, type FhirClient } from '../../integrations/fhir/fhir-client';
import { startTestFhirServer, type TestFhirServer } from '../../integrations/fhir/fhir-test-server';
import { AppError } from '../../lib/app-error';
import { openTestDatabase } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { findSync } from './ehr-sync.repository';
import { syncPatientFromEhr } from './ehr-sync.service';

let database: Database;
let ehr: TestFhirServer;
let organisationId: string;
let connectionId: string;
let patientFhirId: string;
let client: FhirClient;

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
  ehr = await startTestFhirServer();
  organisationId = (await createOrganisation(database.db)).id;
  const [connection] = await database.db
    .insert(ehrConnections)
    .values({ organisationId, name: 'Sandbox', fhirBaseUrl: ehr.baseUrl, clientId: 'cairn' })
    .returning();
  connectionId = connection?.id ?? '';
  const patient = await ehr.repo.createResource({
    resourceType: 'Patient',
    name: [{ family: 'Sync', given: ['Pat'] }],
    birthDate: '1950-02-03',
    gender: 'female',
  });
  patientFhirId = patient.id;
  const subject = { reference: `Patient/${patientFhirId}` };
  await ehr.repo.createResource({
    resourceType: 'Condition',
    subject,
    code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'E11.9', display: 'Type 2 diabetes' }] },
    recordedDate: '2024-01-05',
  });
  await ehr.repo.createResource({
    resourceType: 'CarePlan',
    status: 'active',
    intent: 'plan',
    subject,
    category: [
      { coding: [{ system: 'http://snomed.info/sct', code: '698360004', display: 'Diabetes self management plan' }] },
    ],
  });
  for (let index = 0; index < 120; index += 1) {
    await ehr.repo.createResource({
      resourceType: 'Observation',
      status: 'final',
      subject,
      code: { coding: [{ system: 'http://loinc.org', code: '4548-4', display: 'Hemoglobin A1c' }] },
      valueQuantity: { value: 6 + index / 100, unit: '%' },
      effectiveDateTime: `2024-01-${String((index % 28) + 1).padStart(2, '0')}`,
    });
  }
});
afterAll(async () => {
  await ehr.close();
  await database.close();
});
beforeEach(() => {
  ehr.intercept = undefined;
  client = createFhirClient({
    baseUrl: ehr.baseUrl,
    getAccessToken: () => Promise.resolve('token'),
    timeoutMs: 2000,
    maxConcurrency: 3,
  });
});

const sync = (fhirClient: FhirClient = client) =>
  syncPatientFromEhr(database.db, { organisationId, connectionId, client: fhirClient, patientFhirId });

async function rowsOf(patientId: string) {
  const [observationCount] = await database.db
    .select({ value: count() })
    .from(observations)
    .where(eq(observations.patientId, patientId));
  const [conditionCount] = await database.db
    .select({ value: count() })
    .from(conditions)
    .where(eq(conditions.patientId, patientId));
  return { observations: observationCount?.value, conditions: conditionCount?.value };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('syncing a patient from the EHR', () => {
  it('imports the patient and every page of their record', async () => {
    const result = await sync();
    expect(result.imported).toMatchObject({ Patient: 1, Condition: 1, Observation: 120, CarePlan: 1 });
    expect(result.rejected).toEqual([]);
    expect(await rowsOf(result.patientId)).toEqual({ observations: 120, conditions: 1 });
    const observationSearches = ehr.requests.filter((request) => request.url.startsWith('/Observation?'));
    expect(observationSearches.length).toBeGreaterThanOrEqual(3);
    expect(ehr.requests.some((request) => request.url.startsWith('/CarePlan?patient='))).toBe(true);
    const record = await findSync(database.db, organisationId, result.patientId);
    expect(record?.lastSyncedAt).toBeInstanceOf(Date);
    expect(record?.lastError).toBeNull();
  });

  it('updates on a second sync without duplicating anything', async () => {
    const first = await sync();
    const [condition] = await ehr.repo.searchResources({
      resourceType: 'Condition',
      filters: [{ code: 'patient', operator: Operator.EQUALS, value: `Patient/${patientFhirId}` }],
    });
    if (!condition) throw new Error('no condition in the EHR');
    await ehr.repo.updateResource({ ...condition, recordedDate: '2024-02-01' });
    const second = await sync();
    expect(second.patientId).toBe(first.patientId);
    expect(await rowsOf(second.patientId)).toEqual({ observations: 120, conditions: 1 });
    const [patientCount] = await database.db
      .select({ value: count() })
      .from(patients)
      .where(and(eq(patients.organisationId, organisationId), eq(patients.sourceId, patientFhirId)));
    expect(patientCount?.value).toBe(1);
    const [stored] = await database.db.select().from(conditions).where(eq(conditions.patientId, second.patientId));
    expect(stored?.recordedDate).toBe('2024-02-01');
  });

  it('keeps what is stored and records the error when the EHR fails', async () => {
    const { patientId } = await sync();
    const before = await database.db.select().from(patients).where(eq(patients.id, patientId));
    const lastGood = (await findSync(database.db, organisationId, patientId))?.lastSyncedAt;
    ehr.intercept = (request) => (request.url.startsWith('/Observation') ? { status: 500 } : undefined);

    const error = await rejection(sync());
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).toBe('The EHR failed the request (500)');
    expect(await rowsOf(patientId)).toEqual({ observations: 120, conditions: 1 });
    expect(await database.db.select().from(patients).where(eq(patients.id, patientId))).toEqual(before);
    const record = await findSync(database.db, organisationId, patientId);
    expect(record?.lastError).toBe('AppError: The EHR failed the request (500)');
    expect(record?.lastSyncedAt).toEqual(lastGood);
    expect(record?.lastAttemptAt.getTime()).toBeGreaterThan(lastGood?.getTime() ?? 0);
  });

  it('says the EHR did not answer in time, without touching stored data', async () => {
    const { patientId } = await sync();
    ehr.intercept = () => ({ stall: 'before', ms: 400 });
    const slowClient = createFhirClient({
      baseUrl: ehr.baseUrl,
      getAccessToken: () => Promise.resolve('t'),
      timeoutMs: 100,
    });
    const error = await rejection(sync(slowClient));
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'The EHR did not answer in time' });
    expect(await rowsOf(patientId)).toEqual({ observations: 120, conditions: 1 });
    expect((await findSync(database.db, organisationId, patientId))?.lastError).toBe(
      'AppError: The EHR did not answer in time',
    );
  });

  it('says the EHR refused the request, with its status and no patient data', async () => {
    ehr.intercept = () => ({ status: 403, text: 'Sync, Pat is not yours' });
    const error = await rejection(sync());
    expect(error.message).toBe('The EHR refused the request (403)');
  });

  it('refuses a connection of another organisation', async () => {
    const other = await createOrganisation(database.db);
    const error = await rejection(
      syncPatientFromEhr(database.db, { organisationId: other.id, connectionId, client, patientFhirId }),
    );
    expect(error.code).toBe('NOT_FOUND');
  });
});
