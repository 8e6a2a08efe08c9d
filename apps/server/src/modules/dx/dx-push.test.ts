import { Operator } from '@medplum/core';
import type { Condition } from '@medplum/fhirtypes';
import {
  addSummaryInsightActions,
  type DxCaptureData,
  getDxCaptureData,
  getEpicICDFromSID,
  push2emrApi,
  pushToEmrPmdToPl,
} from '@cairn/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dxVisitStates, ehrConditionWrites, ehrConnections, ehrSessions, encounters } from '../../db/clinical-schema';
import { auditLog } from '../../db/schema';
import { startTestFhirServer, type TestFhirServer } from '../../integrations/fhir/fhir-test-server';
import { openServerSecretBox } from '../../lib/secret-box';
import type { VisitEventInput } from '../realtime';
import { call, tokenFor, type SignedInUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createAppointment, createCareTeam, createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { recordVisitEvents, storeAnalysis, suggestionOf } from './dx-test-support';

/**
 * Add to Encounter through push2emrApi against a real FHIR server (Medplum's engine), with the user's
 * EHR session stored sealed as a launch leaves it.
 */
let test: TestApp;
let ehr: TestFhirServer;
let organisationId: string;
let patientId: string;
let patientFhirId: string;
let providerId: string;
let provider: SignedInUser;
let events: VisitEventInput[];

const db = () => test.app.database.db;

beforeAll(async () => {
  test = await buildTestApp();
  ehr = await startTestFhirServer();
  organisationId = (await createOrganisation(db())).id;
  providerId = (await createCareTeam(db(), { organisationId })).provider.id;
  patientFhirId = (await ehr.repo.createResource({ resourceType: 'Patient', name: [{ family: 'Push' }] })).id;
  patientId = (await createPatient(db(), { organisationId, primaryProviderId: providerId, sourceId: patientFhirId }))
    .id;
  provider = await tokenFor(test.app, { organisationId, view: 'Provider', firstName: 'Maya', lastName: 'Rivera' });
  const [connection] = await db()
    .insert(ehrConnections)
    .values({ organisationId, name: 'cairn-fhir-connection', fhirBaseUrl: ehr.baseUrl, clientId: 'cairn' })
    .returning();
  const box = await openServerSecretBox(db(), undefined);
  await db()
    .insert(ehrSessions)
    .values({
      organisationId,
      connectionId: connection?.id ?? '',
      userId: provider.user.id,
      accessTokenEncrypted: box.seal('sandbox-token', organisationId),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
  await storeAnalysis(db(), { organisationId, patientId, asOf: '2026-11-21', suggestions: [suggestionOf('E1122')] });
  events = recordVisitEvents(test);
});
afterAll(async () => {
  await test.app.close();
  await ehr.close();
});
beforeEach(() => {
  ehr.conditionCreate = true;
  events.length = 0;
});

/** A visit of the patient; its encounter exists in the EHR unless told otherwise. */
async function createVisit(options: { status?: string; hasEncounter?: boolean } = {}) {
  const encounterFhirId = (
    await ehr.repo.createResource({
      resourceType: 'Encounter',
      status: 'in-progress',
      class: { code: 'AMB' },
      subject: { reference: `Patient/${patientFhirId}` },
    })
  ).id;
  const [encounter] =
    options.hasEncounter === false
      ? []
      : await db()
          .insert(encounters)
          .values({
            organisationId,
            patientId,
            status: 'in-progress',
            startDate: '2026-11-21',
            source: 'EHR',
            sourceId: encounterFhirId,
          })
          .returning();
  const visit = await createAppointment(db(), {
    organisationId,
    patientId,
    providerId,
    at: '2026-11-21T09:00',
    status: options.status ?? 'arrived',
    encounterId: encounter?.id,
  });
  return { sid: visit.id, encounterFhirId };
}

const push = (user: SignedInUser, sid: string, icdCodes: string[]) =>
  call(test.app, push2emrApi, { token: user.token, body: { sid, icdCodes } });

/** The provider puts codes in the visit's cart (accepts or adds them): only those may be written. */
async function putInCart(sid: string, icdCodes: string[]): Promise<void> {
  const response = await call(test.app, addSummaryInsightActions, {
    token: provider.token,
    body: {
      sid,
      actions: icdCodes.map((icdCode) => ({ icdCode, action: 'accept' as const, expectedVersion: 0 })),
    },
  });
  expect(response.statusCode).toBe(200);
}

async function captureData(sid: string): Promise<DxCaptureData> {
  return (await call(test.app, getDxCaptureData, { token: provider.token, body: { sid } })).json<{
    result: DxCaptureData;
  }>().result;
}

function conditionsInEhr(encounterFhirId: string): Promise<Condition[]> {
  return ehr.repo.searchResources<Condition>({
    resourceType: 'Condition',
    filters: [{ code: 'encounter', operator: Operator.EQUALS, value: `Encounter/${encounterFhirId}` }],
  });
}

describe('Add to Encounter', () => {
  it('writes the cart, marks the visit pushed once, tells the visit, and never duplicates on a retry', async () => {
    const visit = await createVisit();
    await call(test.app, addSummaryInsightActions, {
      token: provider.token,
      body: {
        sid: visit.sid,
        actions: [{ icdCode: 'E1122', action: 'accept', expectedVersion: 0 }],
      },
    });
    events.length = 0;
    const first = await push(provider, visit.sid, ['E11.22']);
    expect(first.statusCode).toBe(200);
    expect(first.json().result.results).toEqual([
      { icdCode: 'E1122', status: 'written', ehrResourceId: expect.any(String) },
    ]);
    expect(events).toEqual([
      {
        organisationId,
        appointmentId: visit.sid,
        event: {
          kind: 'push.result',
          results: first.json().result.results,
          by: { name: 'Maya Rivera', role: 'provider' },
        },
      },
    ]);
    const [state] = await db().select().from(dxVisitStates).where(eq(dxVisitStates.appointmentId, visit.sid));
    const pushedAt = state?.pushedAt;
    expect(pushedAt).toBeInstanceOf(Date);

    const again = await push(provider, visit.sid, ['E11.22']);
    expect(again.json().result).toEqual(first.json().result);
    expect(await conditionsInEhr(visit.encounterFhirId)).toHaveLength(1);
    const data = await captureData(visit.sid);
    expect(data.pushedAt).toBe(pushedAt?.toISOString());
    expect(data.cart).toEqual([
      expect.objectContaining({ icdCode: 'E1122', push: expect.objectContaining({ status: 'written' }) }),
    ]);
  });

  it('says EncounterIdMissing for a visit without an EHR encounter, and leaves the code in the cart unpushed', async () => {
    const visit = await createVisit({ hasEncounter: false });
    await call(test.app, addSummaryInsightActions, {
      token: provider.token,
      body: {
        sid: visit.sid,
        actions: [{ icdCode: 'E1122', action: 'accept', expectedVersion: 0 }],
      },
    });
    const response = await push(provider, visit.sid, ['E1122']);
    expect(response.json().result.results).toEqual([
      { icdCode: 'E1122', status: 'failed', reason: 'EncounterIdMissing' },
    ]);
    const data = await captureData(visit.sid);
    expect(data.pushedAt).toBeNull();
    expect(data.cart).toEqual([
      expect.objectContaining({
        icdCode: 'E1122',
        push: expect.objectContaining({ status: 'failed', reason: 'EncounterIdMissing' }),
      }),
    ]);
    expect(events.at(-1)?.event).toMatchObject({ kind: 'push.result' });
    // The audit log viewer lists the refused write to the EHR as a failure.
    const [audited] = await db()
      .select({ outcome: auditLog.outcome })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'patient.write'),
          sql`${auditLog.details}->>'sid' = ${visit.sid} and ${auditLog.details} ? 'failed'`,
        ),
      );
    expect(audited?.outcome).toBe('failure');
  });

  it('says NonPushableStatus for a cancelled visit', async () => {
    const visit = await createVisit({ status: 'cancelled' });
    await putInCart(visit.sid, ['E1122']);
    const response = await push(provider, visit.sid, ['E1122']);
    expect(response.json().result.results).toEqual([
      { icdCode: 'E1122', status: 'failed', reason: 'NonPushableStatus' },
    ]);
    expect(await conditionsInEhr(visit.encounterFhirId)).toHaveLength(0);
  });

  it('says MissingEHRLiveData for a user who has no EHR session', async () => {
    const visit = await createVisit();
    await putInCart(visit.sid, ['E1122']);
    const colleague = await tokenFor(test.app, { organisationId, view: 'Provider' });
    const response = await push(colleague, visit.sid, ['E1122']);
    expect(response.json().result.results).toEqual([
      { icdCode: 'E1122', status: 'failed', reason: 'MissingEHRLiveData' },
    ]);
  });

  it('says PredictorNotImplementedForEHR when the EHR does not take Condition creates', async () => {
    ehr.conditionCreate = false;
    const visit = await createVisit();
    await putInCart(visit.sid, ['E1122']);
    const response = await push(provider, visit.sid, ['E1122']);
    expect(response.json().result.results).toEqual([
      { icdCode: 'E1122', status: 'failed', reason: 'PredictorNotImplementedForEHR' },
    ]);
  });

  it('refuses a code that is not in the cart with 409 naming it, and writes nothing of the request', async () => {
    const visit = await createVisit();
    await putInCart(visit.sid, ['E1122']);
    const response = await push(provider, visit.sid, ['E1122', 'I10']);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'CONFLICT',
      details: { field: 'icdCodes', icdCodes: ['I10'] },
    });
    expect(response.json().error.message).toContain('I10');
    expect(await conditionsInEhr(visit.encounterFhirId)).toHaveLength(0);
    const rows = await db().select().from(ehrConditionWrites).where(eq(ehrConditionWrites.appointmentId, visit.sid));
    expect(rows).toHaveLength(0);
  });

  it("takes a coder's accepted code only once the coder has sent the scrub", async () => {
    const visit = await createVisit();
    const coder = await tokenFor(test.app, { organisationId, view: 'Coder' });
    const accept = (shouldScrub: boolean) =>
      call(test.app, addSummaryInsightActions, {
        token: coder.token,
        body: {
          sid: visit.sid,
          actions: shouldScrub ? [] : [{ icdCode: 'E1122', action: 'accept', expectedVersion: 0 }],
          ...(shouldScrub ? { shouldScrub } : {}),
        },
      });
    expect((await accept(false)).statusCode).toBe(200);
    expect((await push(provider, visit.sid, ['E1122'])).statusCode).toBe(409);
    expect((await accept(true)).statusCode).toBe(200);
    const response = await push(provider, visit.sid, ['E1122']);
    expect(response.json().result.results).toEqual([expect.objectContaining({ icdCode: 'E1122', status: 'written' })]);
  });

  it('refuses a view-only user with 403, storing no write', async () => {
    const visit = await createVisit();
    await putInCart(visit.sid, ['E1122']);
    const viewer = await tokenFor(test.app, { organisationId, view: 'Provider', permissions: ['view_only'] });
    for (const endpoint of [push2emrApi, pushToEmrPmdToPl]) {
      const response = await call(test.app, endpoint, {
        token: viewer.token,
        body: { sid: visit.sid, icdCodes: ['E1122'] },
      });
      expect(response.statusCode).toBe(403);
    }
    const rows = await db().select().from(ehrConditionWrites).where(eq(ehrConditionWrites.appointmentId, visit.sid));
    expect(rows).toHaveLength(0);
  });

  it("answers 404 for another organisation's visit", async () => {
    const visit = await createVisit();
    const elsewhere = (await createOrganisation(db(), 'Elsewhere')).id;
    const stranger = await tokenFor(test.app, { organisationId: elsewhere, view: 'Provider' });
    expect((await push(stranger, visit.sid, ['E1122'])).statusCode).toBe(404);
    expect(await conditionsInEhr(visit.encounterFhirId)).toHaveLength(0);
  });
});

describe("the encounter's diagnoses in the EHR", () => {
  it('reads the ICD-10-CM codes on the visit encounter with the user session, and none when the EHR fails', async () => {
    const visit = await createVisit();
    await putInCart(visit.sid, ['I10', 'E1122']);
    await push(provider, visit.sid, ['I10', 'E11.22']);
    const read = await call(test.app, getEpicICDFromSID, { token: provider.token, body: { sid: visit.sid } });
    expect(
      read
        .json<{ result: { icdCode: string }[] }>()
        .result.map((row) => row.icdCode)
        .sort(),
    ).toEqual(['E1122', 'I10']);
    ehr.intercept = (request) => (request.method === 'GET' ? { status: 503 } : undefined);
    try {
      const failed = await call(test.app, getEpicICDFromSID, { token: provider.token, body: { sid: visit.sid } });
      expect(failed.statusCode).toBe(200);
      expect(failed.json().result).toEqual([]);
    } finally {
      ehr.intercept = undefined;
    }
  });
});

describe("the patient's problem list", () => {
  it('writes problem-list Conditions without an encounter, once per patient and code', async () => {
    const visit = await createVisit();
    await putInCart(visit.sid, ['I10']);
    const write = () =>
      call(test.app, pushToEmrPmdToPl, { token: provider.token, body: { sid: visit.sid, icdCodes: ['I10'] } });
    const first = await write();
    expect(first.statusCode).toBe(200);
    const [result] = first.json<{ result: { results: { ehrResourceId: string }[] } }>().result.results;
    expect(result).toMatchObject({ icdCode: 'I10', status: 'written' });
    const later = await createVisit();
    await putInCart(later.sid, ['I10']);
    const again = await call(test.app, pushToEmrPmdToPl, {
      token: provider.token,
      body: { sid: later.sid, icdCodes: ['I10'] },
    });
    expect(again.json().result.results).toEqual(first.json().result.results);
    const written = await ehr.repo.readResource<Condition>('Condition', result?.ehrResourceId ?? '');
    expect(written.category?.[0]?.coding?.[0]?.code).toBe('problem-list-item');
    expect(written.encounter).toBeUndefined();
    expect(written.subject.reference).toBe(`Patient/${patientFhirId}`);
  });
});
