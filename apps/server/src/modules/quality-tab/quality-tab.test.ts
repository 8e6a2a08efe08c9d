import {
  getQualityInsights,
  markCareGapAddressed,
  type QualityInsights,
  unmarkCareGapAddressed,
} from '@cairn/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { careGapMarks, patients } from '../../db/clinical-schema';
import { auditLog } from '../../db/schema';
import type { VisitEventInput } from '../realtime';
import { call, callForResult, callWithAnyBody, tokenFor, type SignedInUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createAppointment, createCareTeam, createPatient, linkUserToProvider } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { openBloodPressureGap, storeCareGapAnalysis } from './quality-tab-test-support';

let test: TestApp;
let organisationId: string;
let patientId: string;
let providerId: string;
let sid: string;
let provider: SignedInUser;
let events: VisitEventInput[];

const db = () => test.app.database.db;

const closedColonGap = openBloodPressureGap({
  measureId: 'CMS130',
  measureVersion: 'CMS130v14',
  title: 'Colorectal Cancer Screening',
  status: 'closed',
  numeratorMet: true,
  dueDate: '2026-12-31',
  reason: 'Colonoscopy on 2017-04-02 counts for ten years.',
  evidence: [
    {
      role: 'numerator',
      resourceType: 'Procedure',
      resourceId: 'procedure-1',
      date: '2017-04-02',
      code: '45378',
      description: 'Colonoscopy (CPT 45378)',
    },
  ],
});
const excludedBreastGap = openBloodPressureGap({
  measureId: 'CMS125',
  measureVersion: 'CMS125v14',
  title: 'Breast Cancer Screening',
  status: 'not-applicable',
  notApplicableReason: 'excluded',
  numeratorMet: undefined,
  dueDate: undefined,
  reason: 'Excluded: bilateral mastectomy.',
  evidence: [],
});
/** The CQL engine's words: a denominator exception is shown as excluded, a blood-pressure panel opens the systolic trend. */
const exceptedDepressionGap = openBloodPressureGap({
  measureId: 'CMS2',
  measureVersion: 'PCSDepressionScreenAndFollowUpFHIR 0.2.000',
  title: 'Preventive Care and Screening: Screening for Depression and Follow-Up Plan',
  status: 'not-applicable',
  notApplicableReason: 'excepted',
  dueDate: undefined,
  reason: 'A denominator exception applies (a medical or patient reason).',
  evidence: [],
});
/** A measure the engine of today does not know: the tab takes any CMS number. */
const statinGap = openBloodPressureGap({
  measureId: 'CMS347' as 'CMS165',
  measureVersion: 'CMS347v8',
  title: 'Statin Therapy for the Prevention and Treatment of Cardiovascular Disease',
  status: 'not-applicable',
  notApplicableReason: 'not-in-population',
  dueDate: undefined,
  evidence: [],
});

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(db())).id;
  providerId = (await createCareTeam(db(), { organisationId })).provider.id;
  patientId = (await createPatient(db(), { organisationId, primaryProviderId: providerId })).id;
  sid = (await createAppointment(db(), { organisationId, patientId, providerId, at: '2026-06-15T09:00' })).id;
  provider = await tokenFor(test.app, { organisationId, view: 'Provider', firstName: 'Maya', lastName: 'Rivera' });
  await linkUserToProvider(db(), provider.user.id, providerId);
  await storeCareGapAnalysis(db(), {
    organisationId,
    patientId,
    careGaps: [statinGap, excludedBreastGap, exceptedDepressionGap, closedColonGap, openBloodPressureGap()],
  });
  events = [];
  const publish = test.app.realtime.publish.bind(test.app.realtime);
  test.app.realtime.publish = async (input) => {
    events.push(input);
    await publish(input);
  };
});
afterAll(async () => {
  await test.app.close();
});
beforeEach(async () => {
  await db().delete(careGapMarks);
  events.length = 0;
});

const insightsOf = (user: SignedInUser, body: { cairnPatientId: string; sid?: string }) =>
  callForResult(test.app, getQualityInsights, { token: user.token, body });
const mark = (user: SignedInUser, measureId: string, note?: string) =>
  call(test.app, markCareGapAddressed, { token: user.token, body: { sid, measureId, ...(note ? { note } : {}) } });

describe('getQualityInsights', () => {
  it("answers a visit's gaps open first, each with why, what closes it and by when", async () => {
    const insights = await insightsOf(provider, { cairnPatientId: patientId, sid });
    expect(insights).toMatchObject({ patientId, sid, isAnalysed: true, asOf: '2026-06-15', canMark: true });
    expect(insights.gaps.map((gap) => [gap.measureId, gap.status])).toEqual([
      ['CMS165', 'open'],
      ['CMS130', 'closed'],
      ['CMS2', 'excluded'],
      ['CMS125', 'excluded'],
      ['CMS347', 'not-applicable'],
    ]);
    const [bloodPressure] = insights.gaps;
    expect(bloodPressure).toMatchObject({
      title: 'Controlling High Blood Pressure',
      measureVersion: 'CMS165v14',
      dueDate: '2026-12-31',
      closesWhen: expect.stringContaining('below 140/90') as string,
      reason: expect.stringContaining('152/94') as string,
      mark: null,
    });
    // The diagnosis that put the patient in the measure first; a reading opens its trend, a diagnosis nothing.
    expect(bloodPressure?.evidence).toEqual([
      expect.objectContaining({ role: 'population', resourceType: 'Condition', link: { kind: 'none' } }),
      expect.objectContaining({
        role: 'numerator',
        description: 'Systolic 152 mmHg',
        value: 152,
        link: { kind: 'lab', code: '8480-6', system: 'http://loinc.org' },
      }),
    ]);
    expect(insights.gaps.find((gap) => gap.measureId === 'CMS347')?.closesWhen).toBe(
      'A statin in use or prescribed this year.',
    );
  });

  it("opens a blood-pressure panel's evidence (the CQL engine's) at the systolic trend", async () => {
    const other = (await createPatient(db(), { organisationId, primaryProviderId: providerId })).id;
    const panel = {
      role: 'numerator' as const,
      resourceType: 'Observation' as const,
      resourceId: 'observations/obs-1',
      date: '2026-05-02',
      code: '85354-9',
      value: '152/94',
      description: 'Blood pressure panel 152/94 mm[Hg]',
    };
    await storeCareGapAnalysis(db(), {
      organisationId,
      patientId: other,
      careGaps: [openBloodPressureGap({ evidence: [panel] })],
    });
    const insights = await insightsOf(provider, { cairnPatientId: other });
    expect(insights.gaps[0]?.evidence[0]?.link).toEqual({ kind: 'lab', code: '8480-6', system: 'http://loinc.org' });
  });

  it('audits the read of the patient', async () => {
    await insightsOf(provider, { cairnPatientId: patientId, sid });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, provider.user.id), eq(auditLog.action, 'patient.read')))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({ patientId, details: { what: 'quality-insights', sid } });
  });

  it('answers the patient alone, with nothing to mark, when no visit is named', async () => {
    const insights = await insightsOf(provider, { cairnPatientId: patientId });
    expect(insights).toMatchObject({ sid: null, canMark: false });
    expect(insights.gaps).toHaveLength(5);
  });

  it('shows nothing while the patient is being analysed (their data changed since)', async () => {
    const other = (await createPatient(db(), { organisationId, primaryProviderId: providerId })).id;
    await storeCareGapAnalysis(db(), { organisationId, patientId: other, careGaps: [openBloodPressureGap()] });
    await db()
      .update(patients)
      .set({ dataVersion: sql`${patients.dataVersion} + 1` })
      .where(eq(patients.id, other));
    const insights = await insightsOf(provider, { cairnPatientId: other });
    expect(insights).toMatchObject({ isAnalysed: false, asOf: null, gaps: [] });
  });

  it("is 404 for another organisation's patient, a visit of another patient, or a patient out of scope", async () => {
    const elsewhere = await tokenFor(test.app, { organisationId: (await createOrganisation(db())).id });
    const asOther = await call(test.app, getQualityInsights, {
      token: elsewhere.token,
      body: { cairnPatientId: patientId, sid },
    });
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });

    const otherPatient = (await createPatient(db(), { organisationId, primaryProviderId: providerId })).id;
    const wrongVisit = await call(test.app, getQualityInsights, {
      token: provider.token,
      body: { cairnPatientId: otherPatient, sid },
    });
    expect(wrongVisit.statusCode).toBe(404);

    // A provider linked to another provider sees only their own patients.
    const colleague = await tokenFor(test.app, { organisationId, view: 'Provider' });
    const otherProvider = (await createCareTeam(db(), { organisationId, providerLastName: 'Other' })).provider.id;
    await linkUserToProvider(db(), colleague.user.id, otherProvider);
    const outOfScope = await call(test.app, getQualityInsights, {
      token: colleague.token,
      body: { cairnPatientId: patientId },
    });
    expect(outOfScope.statusCode).toBe(404);
  });

  it('refuses a malformed patient id with 422 naming the field, and a caller without a session with 401', async () => {
    const response = await callWithAnyBody(test.app, getQualityInsights, {
      token: provider.token,
      body: { cairnPatientId: 'not-an-id' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', details: { issues: [{ field: 'cairnPatientId' }] } },
    });
    const anonymous = await call(test.app, getQualityInsights, { body: { cairnPatientId: patientId } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('markCareGapAddressed and unmarkCareGapAddressed', () => {
  it('marks an open gap at the visit, with who, when and the note, and the tab shows it', async () => {
    const response = await mark(provider, 'CMS165', 'Rechecked 148/92, amlodipine started');
    expect(response.statusCode).toBe(200);
    const { marks } = response.json<{ result: { marks: unknown[] } }>().result;
    expect(marks).toEqual([
      {
        measureId: 'CMS165',
        markedBy: { userId: provider.user.id, name: 'Maya Rivera' },
        markedAt: expect.any(String) as string,
        note: 'Rechecked 148/92, amlodipine started',
        send: { status: 'pending' },
      },
    ]);
    const insights: QualityInsights = await insightsOf(provider, { cairnPatientId: patientId, sid });
    expect(insights.gaps[0]?.mark).toMatchObject({ measureId: 'CMS165', send: { status: 'pending' } });
    // Another visit of the patient has marks of its own.
    expect((await insightsOf(provider, { cairnPatientId: patientId })).gaps[0]?.mark).toBeNull();
  });

  it('keeps the first mark when the gap is marked twice', async () => {
    await mark(provider, 'CMS165', 'first');
    const again = await mark(provider, 'CMS165', 'second');
    expect(again.json<{ result: { marks: { note: string }[] } }>().result.marks.map((row) => row.note)).toEqual([
      'first',
    ]);
  });

  it('writes a patient.write audit entry and tells everyone looking at the visit', async () => {
    await mark(provider, 'CMS165');
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, provider.user.id), eq(auditLog.action, 'patient.write')))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({ patientId, details: { what: 'care-gap-mark', sid, measureId: 'CMS165' } });
    expect(events).toEqual([
      {
        organisationId,
        appointmentId: sid,
        event: { kind: 'care-gap.changed', measureIds: ['CMS165'], by: { name: 'Maya Rivera', role: 'provider' } },
      },
    ]);
  });

  it('refuses, with 422 naming measureId, a measure that is not an open gap or not a measure', async () => {
    for (const measureId of ['CMS130', 'CMS125', 'CMS999']) {
      const response = await mark(provider, measureId);
      expect(response.statusCode, measureId).toBe(422);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', details: { issues: [{ field: 'measureId' }] } },
      });
    }
    const malformed = await mark(provider, 'blood pressure');
    expect(malformed.json()).toMatchObject({ error: { details: { issues: [{ field: 'measureId' }] } } });
    const tooLong = await mark(provider, 'CMS165', 'x'.repeat(501));
    expect(tooLong.json()).toMatchObject({ error: { details: { issues: [{ field: 'note' }] } } });
    expect(await db().select().from(careGapMarks)).toEqual([]);
  });

  it('refuses a view-only user with 403 and marks nothing', async () => {
    const viewer = await tokenFor(test.app, { organisationId, permissions: ['view_only'] });
    expect((await mark(viewer, 'CMS165')).statusCode).toBe(403);
    const unmarking = await call(test.app, unmarkCareGapAddressed, {
      token: viewer.token,
      body: { sid, measureId: 'CMS165' },
    });
    expect(unmarking.statusCode).toBe(403);
    expect((await insightsOf(viewer, { cairnPatientId: patientId, sid })).canMark).toBe(false);
  });

  it("is 404 on another organisation's visit", async () => {
    const elsewhere = await tokenFor(test.app, { organisationId: (await createOrganisation(db())).id });
    const response = await mark(elsewhere, 'CMS165');
    expect(response.statusCode).toBe(404);
    expect(await db().select().from(careGapMarks)).toEqual([]);
  });

  it('unmarks a gap not yet sent, and unmarking one not marked changes nothing', async () => {
    await mark(provider, 'CMS165');
    const response = await call(test.app, unmarkCareGapAddressed, {
      token: provider.token,
      body: { sid, measureId: 'CMS165' },
    });
    expect(response.json()).toEqual({ result: { marks: [] } });
    const again = await call(test.app, unmarkCareGapAddressed, {
      token: provider.token,
      body: { sid, measureId: 'CMS165' },
    });
    expect(again.statusCode).toBe(200);
    expect(events.map((event) => event.event.kind)).toEqual(['care-gap.changed', 'care-gap.changed']);
  });

  it('refuses to unmark a gap already written to the EHR (409) and shows it as sent', async () => {
    await mark(provider, 'CMS165');
    await db()
      .update(careGapMarks)
      .set({ sentAt: new Date('2026-06-15T10:00:00Z'), sendStatus: 'written' });
    const response = await call(test.app, unmarkCareGapAddressed, {
      token: provider.token,
      body: { sid, measureId: 'CMS165' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: { code: 'CONFLICT' } });
    const insights = await insightsOf(provider, { cairnPatientId: patientId, sid });
    expect(insights.gaps[0]?.mark?.send).toEqual({ status: 'written', at: '2026-06-15T10:00:00.000Z' });
  });

  it('answers 409 while the patient is being analysed: the gaps are not known then', async () => {
    const other = (await createPatient(db(), { organisationId, primaryProviderId: providerId })).id;
    const visit = (
      await createAppointment(db(), { organisationId, patientId: other, providerId, at: '2026-06-15T10:00' })
    ).id;
    const response = await call(test.app, markCareGapAddressed, {
      token: provider.token,
      body: { sid: visit, measureId: 'CMS165' },
    });
    expect(response.statusCode).toBe(409);
  });
});
