import { Operator } from '@medplum/core';
import type { DocumentReference } from '@medplum/fhirtypes';
import {
  addSummaryInsightActions,
  getQualityInsights,
  markCareGapAddressed,
  push2emrApi,
  unmarkCareGapAddressed,
} from '@cairn/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { careGapMarks, ehrConnections, ehrSessions, encounters } from '../../db/clinical-schema';
import { auditLog } from '../../db/schema';
import { startTestFhirServer, type TestFhirServer } from '../../integrations/fhir/fhir-test-server';
import { openServerSecretBox } from '../../lib/secret-box';
import { call, callForResult, tokenFor, type SignedInUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createAppointment, createCareTeam, createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { openBloodPressureGap, storeCareGapAnalysis } from './quality-tab-test-support';

/**
 * Care gaps marked as addressed go to the EHR with the cart (push2emrApi), as a clinical note on the
 * encounter, against a real FHIR server (Medplum's engine) with the user's EHR session stored sealed.
 */
let test: TestApp;
let ehr: TestFhirServer;
let organisationId: string;
let patientId: string;
let patientFhirId: string;
let providerId: string;
let provider: SignedInUser;

const db = () => test.app.database.db;
const glycemicGap = openBloodPressureGap({
  measureId: 'CMS122',
  measureVersion: 'CMS122v14',
  title: 'Diabetes: Glycemic Status Assessment Greater Than 9%',
  inverse: true,
  evidence: [],
});

beforeAll(async () => {
  test = await buildTestApp();
  ehr = await startTestFhirServer();
  organisationId = (await createOrganisation(db())).id;
  providerId = (await createCareTeam(db(), { organisationId })).provider.id;
  patientFhirId = (await ehr.repo.createResource({ resourceType: 'Patient', name: [{ family: 'Gap' }] })).id;
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
  await storeCareGapAnalysis(db(), { organisationId, patientId, careGaps: [openBloodPressureGap(), glycemicGap] });
});
afterAll(async () => {
  await test.app.close();
  await ehr.close();
});
beforeEach(() => {
  ehr.documentReferenceCreate = true;
});

/** A visit of the patient whose encounter exists in the EHR, with I10 in its cart. */
async function createVisitWithCart(): Promise<{ sid: string; encounterFhirId: string }> {
  const encounterFhirId = (
    await ehr.repo.createResource({
      resourceType: 'Encounter',
      status: 'in-progress',
      class: { code: 'AMB' },
      subject: { reference: `Patient/${patientFhirId}` },
    })
  ).id;
  const [encounter] = await db()
    .insert(encounters)
    .values({
      organisationId,
      patientId,
      status: 'in-progress',
      startDate: '2026-06-15',
      source: 'EHR',
      sourceId: encounterFhirId,
    })
    .returning();
  const sid = (
    await createAppointment(db(), {
      organisationId,
      patientId,
      providerId,
      at: '2026-06-15T09:00',
      status: 'arrived',
      encounterId: encounter?.id,
    })
  ).id;
  const added = await call(test.app, addSummaryInsightActions, {
    token: provider.token,
    body: { sid, actions: [{ icdCode: 'I10', action: 'add', expectedVersion: 0 }] },
  });
  expect(added.statusCode).toBe(200);
  return { sid, encounterFhirId };
}

const markGap = (sid: string, measureId: string, note?: string) =>
  callForResult(test.app, markCareGapAddressed, {
    token: provider.token,
    body: { sid, measureId, ...(note ? { note } : {}) },
  });
const push = (sid: string) => call(test.app, push2emrApi, { token: provider.token, body: { sid, icdCodes: ['I10'] } });

function notesOnEncounter(encounterFhirId: string): Promise<DocumentReference[]> {
  return ehr.repo.searchResources<DocumentReference>({
    resourceType: 'DocumentReference',
    filters: [{ code: 'encounter', operator: Operator.EQUALS, value: `Encounter/${encounterFhirId}` }],
  });
}

const noteText = (note: DocumentReference | undefined): string =>
  Buffer.from(note?.content[0]?.attachment.data ?? '', 'base64').toString('utf8');

describe('care gaps sent with the cart', () => {
  it('writes the gaps marked addressed as one note on the encounter with the cart, once', async () => {
    const visit = await createVisitWithCart();
    await markGap(visit.sid, 'CMS165', 'Rechecked 148/92, amlodipine started');
    const response = await push(visit.sid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      result: {
        results: [{ icdCode: 'I10', status: 'written' }],
        careGaps: { measureIds: ['CMS165'], status: 'written', ehrResourceId: expect.any(String) as string },
      },
    });
    const [note, ...others] = await notesOnEncounter(visit.encounterFhirId);
    expect(others).toEqual([]);
    expect(note).toMatchObject({
      status: 'current',
      type: { coding: [{ system: 'http://loinc.org', code: '11506-3' }] },
      category: [{ coding: [{ code: 'clinical-note' }] }],
      subject: { reference: `Patient/${patientFhirId}` },
    });
    expect(noteText(note)).toContain(
      '- CMS165v14 Controlling High Blood Pressure: addressed at this visit (marked by Maya Rivera on',
    );
    expect(noteText(note)).toContain('Note: Rechecked 148/92, amlodipine started');

    // Shown as sent, and no longer taken back; a second push has nothing more to send.
    const insights = await callForResult(test.app, getQualityInsights, {
      token: provider.token,
      body: { cairnPatientId: patientId, sid: visit.sid },
    });
    expect(insights.gaps.find((gap) => gap.measureId === 'CMS165')?.mark?.send.status).toBe('written');
    const unmark = await call(test.app, unmarkCareGapAddressed, {
      token: provider.token,
      body: { sid: visit.sid, measureId: 'CMS165' },
    });
    expect(unmark.statusCode).toBe(409);
    const again = await push(visit.sid);
    expect(again.json<{ result: object }>().result).not.toHaveProperty('careGaps');
    expect(await notesOnEncounter(visit.encounterFhirId)).toHaveLength(1);
  });

  it('audits the note written to the EHR', async () => {
    const visit = await createVisitWithCart();
    await markGap(visit.sid, 'CMS122');
    await push(visit.sid);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, provider.user.id), eq(auditLog.action, 'patient.write')))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({
      patientId,
      details: { what: 'ehr-care-gap-note', sid: visit.sid, written: 1, failed: 0 },
    });
  });

  it('keeps the gaps for the next push when the EHR takes no notes, then writes them under the same identifier', async () => {
    const visit = await createVisitWithCart();
    await markGap(visit.sid, 'CMS165');
    ehr.documentReferenceCreate = false;
    const failed = await push(visit.sid);
    expect(failed.json()).toMatchObject({
      result: {
        results: [{ icdCode: 'I10', status: 'written' }],
        careGaps: { measureIds: ['CMS165'], status: 'failed', reason: 'PredictorNotImplementedForEHR' },
      },
    });
    const insights = await callForResult(test.app, getQualityInsights, {
      token: provider.token,
      body: { cairnPatientId: patientId, sid: visit.sid },
    });
    expect(insights.gaps.find((gap) => gap.measureId === 'CMS165')?.mark?.send).toMatchObject({
      status: 'failed',
      reason: 'PredictorNotImplementedForEHR',
    });
    const [stored] = await db().select().from(careGapMarks).where(eq(careGapMarks.appointmentId, visit.sid));

    ehr.documentReferenceCreate = true;
    const retried = await push(visit.sid);
    expect(retried.json()).toMatchObject({ result: { careGaps: { measureIds: ['CMS165'], status: 'written' } } });
    const [note] = await notesOnEncounter(visit.encounterFhirId);
    expect(note?.identifier).toEqual([{ system: 'urn:cairn:encounter-note', value: stored?.writeIdentifier }]);
  });
});
