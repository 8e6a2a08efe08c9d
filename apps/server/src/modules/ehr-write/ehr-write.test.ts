import { Operator } from '@medplum/core';
import type { Condition } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { appointments, ehrConditionWrites, ehrConnections, ehrSessions, encounters } from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { createFhirClient, type FhirClient } from '../../integrations/fhir/fhir-client';
import { startTestFhirServer, type TestFhirServer } from '../../integrations/fhir/fhir-test-server';
import { AppError } from '../../lib/app-error';
import { openTestDatabase } from '../../testing/build-test-app';
import { createAppointment, createPatient } from '../../testing/clinical-factories';
import { createOrganisation, createUser } from '../../testing/factories';
import { CONDITION_WRITE_SYSTEM } from './ehr-write.repository';
import {
  encounterStatusOf,
  getEncounterStatus,
  writeDiagnosesToEncounter,
  type WriteDiagnosesOptions,
} from './ehr-write.service';

let database: Database;
let ehr: TestFhirServer;
let organisationId: string;
let patientId: string;
let patientFhirId: string;
let client: FhirClient;
const recorder = { reference: 'Practitioner/dr-who' };

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
  ehr = await startTestFhirServer();
  organisationId = (await createOrganisation(database.db)).id;
  const user = await createUser(database.db, { organisationId });
  const [connection] = await database.db
    .insert(ehrConnections)
    .values({ organisationId, name: 'Sandbox', fhirBaseUrl: ehr.baseUrl, clientId: 'cairn' })
    .returning();
  await database.db.insert(ehrSessions).values({
    organisationId,
    connectionId: connection?.id ?? '',
    userId: user.id,
    accessTokenEncrypted: 'sealed',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  patientFhirId = (await ehr.repo.createResource({ resourceType: 'Patient', name: [{ family: 'Write' }] })).id;
  patientId = (await createPatient(database.db, { organisationId, sourceId: patientFhirId })).id;
});
afterAll(async () => {
  await ehr.close();
  await database.close();
});
beforeEach(() => {
  ehr.intercept = undefined;
  ehr.conditionCreate = true;
  client = createFhirClient({ baseUrl: ehr.baseUrl, getAccessToken: () => Promise.resolve('token'), timeoutMs: 2000 });
});

interface VisitOptions {
  appointmentStatus?: string;
  /** Where the visit's encounter comes from; none leaves `appointments.encounter_id` empty. */
  encounter?: 'EHR' | 'HIE' | 'none';
  ehrEncounterStatus?: string;
}

/** A visit of the patient with an encounter that exists in the EHR too. */
async function createVisit(options: VisitOptions = {}): Promise<{ appointmentId: string; encounterFhirId: string }> {
  const encounterFhirId = (
    await ehr.repo.createResource({
      resourceType: 'Encounter',
      status: (options.ehrEncounterStatus ?? 'in-progress') as 'in-progress',
      class: { code: 'AMB' },
      subject: { reference: `Patient/${patientFhirId}` },
    })
  ).id;
  let encounterId: string | undefined;
  if (options.encounter !== 'none') {
    const [row] = await database.db
      .insert(encounters)
      .values({
        organisationId,
        patientId,
        status: 'in-progress',
        startDate: '2026-11-21',
        source: options.encounter ?? 'EHR',
        sourceId: encounterFhirId,
      })
      .returning();
    encounterId = row?.id;
  }
  const appointment = await createAppointment(database.db, {
    organisationId,
    patientId,
    at: '2026-11-21T09:00',
    status: options.appointmentStatus ?? 'arrived',
    encounterId,
  });
  return { appointmentId: appointment.id, encounterFhirId };
}

const write = (appointmentId: string, icdCodes: string[], overrides: Partial<WriteDiagnosesOptions> = {}) =>
  writeDiagnosesToEncounter(database.db, { organisationId, appointmentId, icdCodes, client, recorder, ...overrides });

/** The Conditions of that encounter in the EHR. */
function conditionsInEhr(encounterFhirId: string): Promise<Condition[]> {
  return ehr.repo.searchResources<Condition>({
    resourceType: 'Condition',
    filters: [{ code: 'encounter', operator: Operator.EQUALS, value: `Encounter/${encounterFhirId}` }],
  });
}

describe('writing diagnoses to the EHR encounter', () => {
  it('creates one encounter-diagnosis Condition per code, coded in dotted ICD-10-CM with its title', async () => {
    const visit = await createVisit();
    const results = await write(visit.appointmentId, ['E11.22', 'i10']);
    expect(results.map((result) => [result.icdCode, result.status])).toEqual([
      ['E1122', 'written'],
      ['I10', 'written'],
    ]);
    const written = await ehr.repo.readResource<Condition>('Condition', results[0]?.ehrResourceId ?? '');
    const [row] = await database.db.select().from(ehrConditionWrites).where(eq(ehrConditionWrites.icdCode, 'E1122'));
    expect(written).toMatchObject({
      category: [{ coding: [{ code: 'encounter-diagnosis' }] }],
      code: {
        coding: [
          {
            system: 'http://hl7.org/fhir/sid/icd-10-cm',
            code: 'E11.22',
            display: 'Type 2 diabetes mellitus with diabetic chronic kidney disease',
          },
        ],
      },
      subject: { reference: `Patient/${patientFhirId}` },
      encounter: { reference: `Encounter/${visit.encounterFhirId}` },
      recorder,
      clinicalStatus: { coding: [{ code: 'active' }] },
      verificationStatus: { coding: [{ code: 'confirmed' }] },
      identifier: [{ system: CONDITION_WRITE_SYSTEM, value: row?.identifier }],
    });
    expect(row).toMatchObject({ status: 'written', ehrResourceId: written.id, failureReason: null });
  });

  it('writes nothing twice when the same request comes again', async () => {
    const visit = await createVisit();
    const first = await write(visit.appointmentId, ['I10']);
    const second = await write(visit.appointmentId, ['I10']);
    expect(second).toEqual(first);
    expect(await conditionsInEhr(visit.encounterFhirId)).toHaveLength(1);
  });

  it('keeps a written diagnosis written when the visit is cancelled afterwards', async () => {
    const visit = await createVisit();
    const [written] = await write(visit.appointmentId, ['I10']);
    await database.db.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, visit.appointmentId));
    const [cancelled, added] = await write(visit.appointmentId, ['I10', 'E11.9']);
    expect(cancelled).toEqual(written);
    expect(added).toEqual({ icdCode: 'E119', status: 'failed', reason: 'NonPushableStatus' });
  });

  it('finds the Condition the EHR made before it timed out, when the request is retried', async () => {
    const visit = await createVisit();
    ehr.intercept = (request) => (request.method === 'POST' ? { stall: 'after', ms: 500 } : undefined);
    const impatient = createFhirClient({
      baseUrl: ehr.baseUrl,
      getAccessToken: () => Promise.resolve('t'),
      timeoutMs: 150,
    });
    const [timedOut] = await write(visit.appointmentId, ['I10'], { client: impatient });
    expect(timedOut).toEqual({ icdCode: 'I10', status: 'failed', reason: 'The EHR did not answer in time' });
    // On a busy machine the EHR may still be making it when Cairn gives up.
    await vi.waitFor(async () => {
      expect(await conditionsInEhr(visit.encounterFhirId)).toHaveLength(1);
    });

    ehr.intercept = undefined;
    const [retried] = await write(visit.appointmentId, ['I10']);
    expect(retried?.status).toBe('written');
    expect(await conditionsInEhr(visit.encounterFhirId)).toHaveLength(1);
    expect(retried?.ehrResourceId).toBe((await conditionsInEhr(visit.encounterFhirId))[0]?.id);
  });

  it('says EncounterIdMissing for a visit without an EHR encounter', async () => {
    for (const encounter of ['none', 'HIE'] as const) {
      const visit = await createVisit({ encounter });
      expect(await write(visit.appointmentId, ['I10'])).toEqual([
        { icdCode: 'I10', status: 'failed', reason: 'EncounterIdMissing' },
      ]);
    }
  });

  it('says NonPushableStatus for a cancelled visit or an encounter the EHR has cancelled', async () => {
    const cancelled = await createVisit({ appointmentStatus: 'noshow' });
    expect((await write(cancelled.appointmentId, ['I10']))[0]?.reason).toBe('NonPushableStatus');
    const cancelledInEhr = await createVisit({ ehrEncounterStatus: 'entered-in-error' });
    expect(await getEncounterStatus(client, cancelledInEhr.encounterFhirId)).toBe('entered-in-error');
    expect((await write(cancelledInEhr.appointmentId, ['I10']))[0]?.reason).toBe('NonPushableStatus');
    expect(await conditionsInEhr(cancelledInEhr.encounterFhirId)).toHaveLength(0);
  });

  it('says MissingEHRLiveData without a live EHR session', async () => {
    const visit = await createVisit();
    expect((await write(visit.appointmentId, ['I10'], { client: undefined }))[0]?.reason).toBe('MissingEHRLiveData');
    const elsewhere = createFhirClient({
      baseUrl: 'http://127.0.0.1:9/fhir',
      getAccessToken: () => Promise.resolve('t'),
    });
    expect((await write(visit.appointmentId, ['I10'], { client: elsewhere }))[0]?.reason).toBe('MissingEHRLiveData');
    await database.db.update(ehrSessions).set({ expiresAt: new Date(Date.now() - 1000) });
    try {
      expect((await write(visit.appointmentId, ['I10']))[0]?.reason).toBe('MissingEHRLiveData');
    } finally {
      await database.db.update(ehrSessions).set({ expiresAt: new Date(Date.now() + 3_600_000) });
    }
  });

  it('says PredictorNotImplementedForEHR when the EHR does not take Condition creates', async () => {
    ehr.conditionCreate = false;
    const visit = await createVisit();
    expect((await write(visit.appointmentId, ['I10']))[0]?.reason).toBe('PredictorNotImplementedForEHR');
    const [row] = await database.db
      .select()
      .from(ehrConditionWrites)
      .where(eq(ehrConditionWrites.appointmentId, visit.appointmentId));
    expect(row).toMatchObject({ status: 'failed', failureReason: 'PredictorNotImplementedForEHR' });
  });

  it('reports a failing EHR per code, without patient data', async () => {
    const visit = await createVisit();
    ehr.intercept = (request) =>
      request.method === 'POST' ? { status: 403, text: 'Write, Pat is not yours' } : undefined;
    expect(await write(visit.appointmentId, ['I10'])).toEqual([
      { icdCode: 'I10', status: 'failed', reason: 'The EHR refused the request (403)' },
    ]);
  });

  it('says, before any write, what a visit needs to take diagnoses and the one action that fixes it', async () => {
    const statusOf = (appointmentId: string, session: 'live' | 'none' = 'live') =>
      encounterStatusOf(database.db, {
        organisationId,
        appointmentId,
        client: session === 'live' ? client : undefined,
      });
    const linked = await createVisit();
    expect(await statusOf(linked.appointmentId)).toEqual({
      encounterId: linked.encounterFhirId,
      status: 'in-progress',
      isPushable: true,
    });
    const unlinked = await createVisit({ encounter: 'none' });
    // With the user's EHR session, reading the visit again finds an encounter started since; without
    // it, only a launch from the EHR gives Cairn the encounter and the session.
    expect(await statusOf(unlinked.appointmentId)).toMatchObject({
      encounterId: null,
      isPushable: false,
      reason: 'EncounterIdMissing',
      fix: 'sync-from-ehr',
    });
    expect(await statusOf(unlinked.appointmentId, 'none')).toMatchObject({
      reason: 'EncounterIdMissing',
      fix: 'launch-from-ehr',
    });
    expect(await statusOf(linked.appointmentId, 'none')).toMatchObject({
      reason: 'MissingEHRLiveData',
      fix: 'launch-from-ehr',
    });
    const finished = await createVisit({ ehrEncounterStatus: 'entered-in-error' });
    expect(await statusOf(finished.appointmentId)).toMatchObject({
      reason: 'NonPushableStatus',
      fix: 'reopen-encounter',
    });
    ehr.conditionCreate = false;
    expect(await statusOf(linked.appointmentId)).toMatchObject({
      reason: 'PredictorNotImplementedForEHR',
      fix: 'enter-by-hand',
    });
    ehr.conditionCreate = true;
    ehr.intercept = () => ({ status: 503, text: 'down' });
    expect(await statusOf(linked.appointmentId)).toMatchObject({ isPushable: false, fix: 'check-again' });
  });

  it('refuses an unknown code and another organisation’s visit', async () => {
    const visit = await createVisit();
    await expect(write(visit.appointmentId, ['Q99.999'])).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const other = await createOrganisation(database.db);
    const error = await writeDiagnosesToEncounter(database.db, {
      organisationId: other.id,
      appointmentId: visit.appointmentId,
      icdCodes: ['I10'],
      client,
    }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'NOT_FOUND' });
  });
});
