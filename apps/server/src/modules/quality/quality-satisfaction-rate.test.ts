import type { CareGap } from '@cairn/clinical';
import {
  getQualitySatisfactionRate,
  setQualityTarget,
  type EndpointInput,
  type QualityMeasureRates,
} from '@cairn/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { call, callForResult, callWithAnyBody, tokenFor, type SignedInUser } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { aCareGap, anEvidence, storeCareGaps } from '../../testing/care-gap-factories';
import { createCareTeam, createPatient, linkUserToProvider, type CareTeam } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { qualityLead, setOrganisationQuality } from './quality-test-support';

let test: TestApp;
const db = () => test.app.database.db;
let organisationId: string;
let riverside: CareTeam;
let hillcrest: CareTeam;
let lead: SignedInUser;

/** A gap of the 2025 measurement period (a past period: every month is shown whatever today is). */
const of2025 = (overrides: Partial<CareGap>): CareGap =>
  aCareGap({ measurementPeriod: { start: '2025-01-01', end: '2025-12-31' }, dueDate: '2025-12-31', ...overrides });
const closedOn = (date: string, overrides: Partial<CareGap> = {}) =>
  of2025({ status: 'closed', evidence: [anEvidence({ date })], ...overrides });
const open = of2025({});
const excluded = of2025({ status: 'not-applicable', notApplicableReason: 'excluded' });
const excepted = of2025({ status: 'not-applicable', notApplicableReason: 'excepted' });
const hba1c = { measureId: 'CMS122', measureVersion: 'CMS122v13', title: 'Diabetes: Glycemic Status > 9%' } as const;

/**
 * CMS130 in 2025: Riverside's provider has five patients (open; closed in March; closed by a colonoscopy
 * of 2019; excluded; closed with no dated evidence), Hillcrest's three (closed in July; excepted; open),
 * and one patient has no primary provider (open). CMS122, inverse: met (HbA1c at most 9 %) in February
 * for one Riverside patient, not for another.
 */
beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(db())).id;
  await setOrganisationQuality(db(), organisationId, true);
  riverside = await createCareTeam(db(), { organisationId, providerLastName: 'Rivera' });
  hillcrest = await createCareTeam(db(), { organisationId, providerLastName: 'Okafor', clinicName: 'Hillcrest' });
  const patient = async (team: CareTeam | undefined, gaps: CareGap[]) => {
    const { id } = await createPatient(db(), { organisationId, primaryProviderId: team?.provider.id ?? null });
    await storeCareGaps(db(), { organisationId, patientId: id, gaps, asOf: '2025-12-31' });
    return id;
  };
  await patient(riverside, [open, closedOn('2025-02-10', hba1c)]);
  await patient(riverside, [closedOn('2025-03-02')]);
  await patient(riverside, [closedOn('2019-05-01')]);
  await patient(riverside, [excluded, of2025(hba1c)]);
  await patient(riverside, [of2025({ status: 'closed', evidence: [] })]);
  await patient(hillcrest, [closedOn('2025-07-10')]);
  await patient(hillcrest, [excepted]);
  const waiting = await patient(hillcrest, [open]);
  await patient(undefined, [open]);
  // A state the rate does not count (due at the next qualifying visit) is outside the denominator.
  await db().execute(sql`insert into care_gaps (organisation_id, patient_id, measure_id, measure_version, title,
    status, period_start, period_end, reason, as_of)
    values (${organisationId}, ${waiting}, 'CMS2', 'CMS2v15', 'Depression screening', 'prospective', '2025-01-01',
      '2025-12-31', 'Due at the next visit', '2025-12-31')`);
  lead = await qualityLead(test.app, organisationId);
});
afterAll(async () => {
  await test.app.close();
});

const ratesFor = (user: SignedInUser, body: EndpointInput<typeof getQualitySatisfactionRate> = {}) =>
  callForResult(test.app, getQualitySatisfactionRate, { token: user.token, body });
const measureOf = (measures: QualityMeasureRates[], measureId: string) =>
  measures.find((measure) => measure.measureId === measureId);
const rowsOf = (measure: QualityMeasureRates | undefined) =>
  (measure?.rows ?? []).map((row) => [
    row.label,
    row.denominator,
    row.exclusions,
    row.exceptions,
    row.numerator,
    row.rate,
  ]);

describe('the performance rate by month', () => {
  it('counts a gap as met from its closing evidence, year to date, against the denominator as it stands', async () => {
    const result = await ratesFor(lead);
    expect(result).toMatchObject({ year: 2025, years: [2025], grouping: 'month', fromMonth: 1, toMonth: 12 });
    expect(result.measures.map((measure) => measure.measureId)).toEqual(['CMS122', 'CMS130']);
    const rows = rowsOf(measureOf(result.measures, 'CMS130'));
    expect(rows).toHaveLength(12);
    // Nine in the denominator, one excluded, one excepted: seven counted.
    expect(rows[0]).toEqual(['January 2025', 9, 1, 1, 1, 14.3]);
    expect(rows[2]).toEqual(['March 2025', 9, 1, 1, 2, 28.6]);
    expect(rows[6]).toEqual(['July 2025', 9, 1, 1, 3, 42.9]);
    // Closed with no dated evidence: from when an analysis showed it closed, at the latest the period's end.
    expect(rows[11]).toEqual(['December 2025', 9, 1, 1, 4, 57.1]);
    expect(measureOf(result.measures, 'CMS130')?.rows[11]).toMatchObject({ key: '2025-12', asOf: '2025-12-31' });
  });

  it('counts the patients not met as the numerator of an inverse measure (CMS122), lower being better', async () => {
    const cms122 = measureOf((await ratesFor(lead)).measures, 'CMS122');
    expect(cms122).toMatchObject({ inverse: true, target: { percent: 20, isDefault: true } });
    const rows = rowsOf(cms122);
    expect(rows[0]).toEqual(['January 2025', 2, 0, 0, 2, 100]);
    expect(rows[1]).toEqual(['February 2025', 2, 0, 0, 1, 50]);
    expect(cms122?.rows[1]?.isTargetMet).toBe(false);
  });

  it('shows the months of the range only', async () => {
    const result = await ratesFor(lead, { filters: { fromMonth: 3, toMonth: 6, measureIds: ['CMS130'] } });
    expect(result.measures.map((measure) => measure.measureId)).toEqual(['CMS130']);
    expect(result.measures[0]?.rows.map((row) => row.key)).toEqual(['2025-03', '2025-04', '2025-05', '2025-06']);
  });

  it('has no measures for a period without gaps', async () => {
    expect(await ratesFor(lead, { filters: { year: 2024 } })).toMatchObject({ year: 2024, measures: [] });
  });
});

describe('the performance rate by provider and by clinic', () => {
  it("groups by the patient's primary care provider, the patients without one last", async () => {
    const result = await ratesFor(lead, { grouping: 'provider', filters: { measureIds: ['CMS130'] } });
    expect(rowsOf(result.measures[0])).toEqual([
      ['Maya Okafor', 3, 0, 1, 1, 50],
      ['Maya Rivera', 5, 1, 0, 3, 75],
      ['No primary provider', 1, 0, 0, 0, 0],
    ]);
    expect(result.measures[0]?.rows.map((row) => row.key)).toEqual([
      hillcrest.provider.id,
      riverside.provider.id,
      null,
    ]);
  });

  it("groups by the provider's clinic, counted at the end of the range", async () => {
    const result = await ratesFor(lead, { grouping: 'clinic', filters: { measureIds: ['CMS130'], toMonth: 6 } });
    expect(rowsOf(result.measures[0])).toEqual([
      ['Hillcrest', 3, 0, 1, 0, 0],
      ['Riverside Clinic', 5, 1, 0, 2, 50],
      ['No clinic', 1, 0, 0, 0, 0],
    ]);
    expect(result.measures[0]?.rows[0]?.asOf).toBe('2025-06-30');
  });

  it('narrows to the chosen providers and clinics', async () => {
    const byProvider = await ratesFor(lead, {
      filters: { providerIds: [hillcrest.provider.id], measureIds: ['CMS130'] },
    });
    expect(byProvider.measures[0]?.rows[11]).toMatchObject({ denominator: 3, numerator: 1 });
    const byClinic = await ratesFor(lead, { filters: { clinicIds: [riverside.clinic.id] } });
    expect(rowsOf(measureOf(byClinic.measures, 'CMS130')).at(-1)).toEqual(['December 2025', 5, 1, 0, 3, 75]);
  });
});

describe('who sees which rates', () => {
  it("shows a provider linked to providers only their own patients' gaps, and no targets to set", async () => {
    const provider = await tokenFor(test.app, { organisationId, view: 'Provider', permissions: ['quality_tool'] });
    await linkUserToProvider(db(), provider.user.id, hillcrest.provider.id);
    const result = await ratesFor(provider, { grouping: 'provider' });
    expect(result.canSetTargets).toBe(false);
    expect(result.measures.map((measure) => [measure.measureId, measure.rows.map((row) => row.label)])).toEqual([
      ['CMS130', ['Maya Okafor']],
    ]);
    const refused = await call(test.app, setQualityTarget, {
      token: provider.token,
      body: { measureId: 'CMS130', targetPercent: 10 },
    });
    expect(refused.statusCode).toBe(403);
  });

  it("never counts another organisation's gaps", async () => {
    const { id: otherOrganisation } = await createOrganisation(db());
    await setOrganisationQuality(db(), otherOrganisation, true);
    const stranger = await qualityLead(test.app, otherOrganisation);
    expect(await ratesFor(stranger)).toMatchObject({ year: null, years: [], measures: [] });
    expect(await ratesFor(stranger, { filters: { year: 2025 } })).toMatchObject({ measures: [] });
  });

  it('refuses a user without quality_tool, and everyone while OrganizationQuality is off (admins excepted)', async () => {
    const coder = await tokenFor(test.app, { organisationId, view: 'Coder', permissions: [] });
    expect((await call(test.app, getQualitySatisfactionRate, { token: coder.token })).statusCode).toBe(403);
    const body = { measureId: 'CMS130', targetPercent: 50 };
    expect((await call(test.app, setQualityTarget, { token: coder.token, body })).statusCode).toBe(403);
    const { id: quietOrganisation } = await createOrganisation(db());
    const quietLead = await qualityLead(test.app, quietOrganisation);
    expect((await call(test.app, getQualitySatisfactionRate, { token: quietLead.token })).statusCode).toBe(403);
    expect((await call(test.app, setQualityTarget, { token: quietLead.token, body })).statusCode).toBe(403);
    const admin = await tokenFor(test.app, { organisationId: quietOrganisation, isAdmin: true, permissions: [] });
    const asAdmin = await callForResult(test.app, getQualitySatisfactionRate, { token: admin.token });
    expect(asAdmin.canSetTargets).toBe(true);
  });

  it('answers on the /api/v2 twin too', async () => {
    const response = await call(test.app, getQualitySatisfactionRate, { token: lead.token, isV2: true });
    expect(response.statusCode).toBe(200);
  });
});

describe("the organisation's targets", () => {
  it('are set by a quality lead, audited as an organisation change, and drawn against the rates', async () => {
    const set = await callForResult(test.app, setQualityTarget, {
      token: lead.token,
      body: { measureId: 'CMS130', targetPercent: 50.04 },
    });
    expect(set).toEqual({ measureId: 'CMS130', percent: 50, isDefault: false });
    const cms130 = measureOf((await ratesFor(lead)).measures, 'CMS130');
    expect(cms130?.target).toEqual(set);
    expect([cms130?.rows[6]?.isTargetMet, cms130?.rows[11]?.isTargetMet]).toEqual([false, true]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, lead.user.id), eq(auditLog.action, 'organisation.settings.update')));
    expect(audit?.details).toEqual({ setting: 'qualityTargets', measureId: 'CMS130', targetPercent: 50 });
  });

  it("return to Cairn's default when cleared, leaving the other measures' targets", async () => {
    await callForResult(test.app, setQualityTarget, {
      token: lead.token,
      body: { measureId: 'CMS122', targetPercent: 15 },
    });
    const cleared = await callForResult(test.app, setQualityTarget, {
      token: lead.token,
      body: { measureId: 'CMS130', targetPercent: null },
    });
    expect(cleared).toEqual({ measureId: 'CMS130', percent: 80, isDefault: true });
    const cms122 = measureOf((await ratesFor(lead)).measures, 'CMS122');
    expect(cms122?.target).toEqual({ measureId: 'CMS122', percent: 15, isDefault: false });
  });
});

describe('bad input', () => {
  it('answers 422 naming the field', async () => {
    const refused = async (endpoint: typeof getQualitySatisfactionRate | typeof setQualityTarget, body: unknown) => {
      const response = await callWithAnyBody(test.app, endpoint, { token: lead.token, body });
      const { error } = response.json<{ error: { code: string; details: { issues: { field: string }[] } } }>();
      return [response.statusCode, error.code, error.details.issues.map((issue) => issue.field)];
    };
    const failed = (field: string) => [422, 'VALIDATION_FAILED', [field]];
    expect(await refused(getQualitySatisfactionRate, { filters: { measureIds: ['HbA1c'] } })).toEqual(
      failed('filters.measureIds.0'),
    );
    expect(await refused(getQualitySatisfactionRate, { filters: { fromMonth: 13 } })).toEqual(
      failed('filters.fromMonth'),
    );
    expect(await refused(getQualitySatisfactionRate, { filters: { fromMonth: 6, toMonth: 3 } })).toEqual(
      failed('filters.toMonth'),
    );
    expect(await refused(getQualitySatisfactionRate, { filters: { year: 'last' } })).toEqual(failed('filters.year'));
    expect(await refused(getQualitySatisfactionRate, { filters: { clinicIds: ['riverside'] } })).toEqual(
      failed('filters.clinicIds.0'),
    );
    expect(await refused(getQualitySatisfactionRate, { grouping: 'week' })).toEqual(failed('grouping'));
    expect(await refused(setQualityTarget, { measureId: 'CMS130', targetPercent: 101 })).toEqual(
      failed('targetPercent'),
    );
    expect(await refused(setQualityTarget, { measureId: 'CMS130', targetPercent: -1 })).toEqual(
      failed('targetPercent'),
    );
    expect(await refused(setQualityTarget, { measureId: 'colonoscopy', targetPercent: 50 })).toEqual(
      failed('measureId'),
    );
  });
});
