import {
  exportCostPatients,
  getAdmissionsSummary,
  getCostPatients,
  getCostSummary,
  getPopulationStays,
  getTransitionalCare,
} from '@cairn/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  claims,
  clinics,
  conditions,
  coverages,
  departments,
  encounters,
  patients,
  providers,
  userProviders,
} from '../../db/clinical-schema';
import { auditLog } from '../../db/schema';
import { localToday } from '../../lib/local-today';
import { call, callForResult, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { rebuildPopulation } from './population-refresh';
import { rowsOf } from './population-scope';
import { populationWindow } from './population-window';

let test: TestApp;
let organisationId: string;
let director: string;
const today = localToday();
const ids: Record<string, string> = {};

/** A day relative to today. */
function day(offset: number): string {
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

let sequence = 0;
const source = () => ({ source: 'EHR', sourceId: `s-${String((sequence += 1))}` });

async function seed(): Promise<void> {
  const db = test.app.database.db;
  for (const name of ['North', 'South']) {
    const [clinic] = await db
      .insert(clinics)
      .values({ organisationId, name: `${name} Clinic`, ...source() })
      .returning();
    const [department] = await db
      .insert(departments)
      .values({ organisationId, clinicId: clinic!.id, name: `${name} Family Medicine`, ...source() })
      .returning();
    const [provider] = await db
      .insert(providers)
      .values({ organisationId, departmentId: department!.id, firstName: name, lastName: 'Doctor', ...source() })
      .returning();
    ids[`clinic${name}`] = clinic!.id;
    ids[`department${name}`] = department!.id;
    ids[`provider${name}`] = provider!.id;
  }
  const attributed: [string, string | null][] = [
    ['p1', ids.providerNorth!],
    ['p2', ids.providerNorth!],
    ['p3', ids.providerNorth!],
    ['p4', ids.providerSouth!],
    ['p5', ids.providerSouth!],
    ['p6', null],
  ];
  for (const [name, providerId] of attributed) {
    const [row] = await db
      .insert(patients)
      .values({
        organisationId,
        firstName: name,
        lastName: 'Test',
        birthDate: '1950-05-05',
        primaryProviderId: providerId,
        ...source(),
      })
      .returning();
    ids[name] = row!.id;
  }
  await db
    .insert(coverages)
    .values({ organisationId, patientId: ids.p1!, payer: 'Medicare', periodStart: day(-800), ...source() });
  const encounter = async (patient: string, classCode: string, start: number, end: number, key?: string) => {
    const [row] = await db
      .insert(encounters)
      .values({
        organisationId,
        patientId: ids[patient]!,
        classCode,
        startDate: day(start),
        endDate: day(end),
        ...source(),
      })
      .returning();
    if (key) ids[key] = row!.id;
    return row!.id;
  };
  await encounter('p1', 'AMB', -700, -700);
  await encounter('p1', 'IMP', -100, -95, 'stay1');
  await encounter('p1', 'IMP', -80, -78, 'stay2');
  await encounter('p1', 'EMER', -200, -200);
  await encounter('p2', 'AMB', -300, -300);
  await encounter('p2', 'OBSENC', -5, -4, 'obs');
  await encounter('p3', 'IMP', -12, -8, 'stay3');
  await encounter('p3', 'AMB', -3, -3);
  await encounter('p4', 'IMP', -10, -6, 'stay4');
  await encounter('p5', 'AMB', -90, -90);
  await encounter('p5', 'EMER', -40, -40);
  await db.insert(conditions).values({
    organisationId,
    patientId: ids.p1!,
    encounterId: ids.stay1!,
    icdCode: 'I5023',
    display: 'Acute on chronic systolic heart failure',
    category: 'encounter-diagnosis',
    ...source(),
  });
  // p3's stay has no claim yet: of its encounter diagnoses, the one not on the problem list is the discharge's.
  const diagnosis = (icdCode: string, category: string, display: string) => ({
    organisationId,
    patientId: ids.p3!,
    icdCode,
    display,
    category,
    recordedDate: day(-12),
    ...(category === 'encounter-diagnosis' ? { encounterId: ids.stay3 } : {}),
    ...source(),
  });
  await db
    .insert(conditions)
    .values([
      diagnosis('E785', 'problem-list-item', 'Hyperlipidemia, unspecified'),
      diagnosis('E785', 'encounter-diagnosis', 'Hyperlipidemia, unspecified'),
      diagnosis('I214', 'encounter-diagnosis', 'Non-ST elevation (NSTEMI) myocardial infarction'),
    ]);
  await db.insert(appointments).values({
    organisationId,
    patientId: ids.p4!,
    providerId: ids.providerSouth!,
    startAt: new Date(`${day(3)}T15:00:00Z`),
    serviceDate: day(3),
    ...source(),
  });
  const claim = (patient: string, values: Partial<typeof claims.$inferInsert>) =>
    db.insert(claims).values({
      organisationId,
      patientId: ids[patient]!,
      resourceType: 'ExplanationOfBenefit',
      claimType: 'institutional',
      serviceCategory: 'professional',
      serviceStart: day(-30),
      ...values,
      ...source(),
    });
  await claim('p1', {
    encounterId: ids.stay1,
    serviceCategory: 'inpatient',
    serviceStart: day(-100),
    serviceEnd: day(-95),
    principalIcd: 'I5023',
    billed: 40_000,
    allowed: 22_000,
    paid: 18_000,
  });
  await claim('p1', {
    serviceCategory: 'pharmacy',
    claimType: 'pharmacy',
    serviceStart: day(-20),
    billed: 500,
    allowed: 400,
    paid: 350,
  });
  await claim('p2', {
    serviceCategory: 'outpatient',
    serviceStart: day(-5),
    principalIcd: 'R079',
    billed: 6_000,
    allowed: 4_000,
    paid: 3_000,
    claimSourceId: 'claim-p2',
  });
  // The Claim that the ExplanationOfBenefit above adjudicates: not counted again.
  await db.insert(claims).values({
    organisationId,
    patientId: ids.p2!,
    resourceType: 'Claim',
    claimType: 'institutional',
    serviceCategory: 'outpatient',
    serviceStart: day(-5),
    billed: 6_000,
    source: 'EHR',
    sourceId: 'claim-p2',
  });
  // A Claim with no adjudication: its billed amount stands for its cost.
  await db.insert(claims).values({
    organisationId,
    patientId: ids.p5!,
    resourceType: 'Claim',
    claimType: 'professional',
    serviceCategory: 'professional',
    serviceStart: day(-90),
    billed: 180,
    ...source(),
  });
  await claim('p4', {
    serviceCategory: 'professional',
    serviceStart: day(-200),
    principalIcd: 'E1122',
    billed: 200,
    allowed: 120,
    paid: 96,
  });
  // An admission known from a claim alone, and an old claim outside the trailing twelve months.
  await claim('p6', {
    serviceCategory: 'inpatient',
    serviceStart: day(-150),
    serviceEnd: day(-146),
    principalIcd: 'J189',
    billed: 30_000,
    allowed: 15_000,
    paid: 12_000,
  });
  await claim('p6', {
    serviceCategory: 'inpatient',
    serviceStart: day(-500),
    serviceEnd: day(-497),
    principalIcd: 'J189',
    billed: 30_000,
    allowed: 14_000,
    paid: 11_000,
  });
}

beforeAll(async () => {
  test = await buildTestApp();
  organisationId = (await createOrganisation(test.app.database.db)).id;
  await seed();
  await rebuildPopulation(test.app.database.db, { organisationId, today });
  director = (await tokenFor(test.app, { organisationId, view: 'Coder', permissions: ['hcc_dashboard'] })).token;
});
afterAll(async () => {
  await test.app.close();
});

const L12 = () => populationWindow(today).periods[0]!;

async function directCount(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number | string | null }>(test.app.database.db, query);
  return Number(row?.n ?? 0);
}

describe('admissions and emergency visits', () => {
  it('counts what a direct count of the encounters and claims finds', async () => {
    const summary = await callForResult(test.app, getAdmissionsSummary, { token: director, body: {} });
    const { from, to } = L12();
    const inpatientEncounters = await directCount(sql`select count(*) as n from encounters
      where organisation_id = ${organisationId} and class_code = 'IMP' and start_date between ${from}::date and ${to}::date`);
    const claimOnly = await directCount(sql`select count(*) as n from claims where organisation_id = ${organisationId}
      and service_category = 'inpatient' and encounter_id is null and service_start between ${from}::date and ${to}::date`);
    expect(summary.totals.admissions).toBe(inpatientEncounters + claimOnly);
    expect(summary.totals.admissions).toBe(5);
    expect(summary.totals.emergencyVisits).toBe(2);
    expect(summary.totals.observationStays).toBe(1);
    // p1's first stay was followed by a second 15 days after its discharge.
    expect(summary.totals.readmissions).toEqual({ numerator: 1, denominator: 5, rate: 0.2 });
    expect(summary.totals.averageLengthOfStay).toBe((5 + 2 + 4 + 4 + 4) / 5);
    expect(summary.transitionalCare).toBe(2);
    expect(summary.freshness.asOf).toBe(today);
    const north = summary.byClinic.find((row) => row.clinic?.id === ids.clinicNorth);
    expect(north).toMatchObject({ admissions: 3, observationStays: 1, emergencyVisits: 1 });
    expect(summary.byClinic.find((row) => row.clinic === null)).toMatchObject({ admissions: 1 });
    expect(summary.topDiagnoses[0]).toMatchObject({ admissions: expect.any(Number) });
    expect(summary.topDiagnoses.map((row) => row.category)).toContain('CIR019');
    const monthly = summary.months.reduce((sum, row) => sum + row.admissions, 0);
    expect(monthly).toBe(summary.totals.admissions);
  });

  it("sums the rebuild's aggregates to what a direct count of the stays finds, by month, provider and diagnosis", async () => {
    for (const filters of [{}, { clinicIds: [ids.clinicNorth!] }, { providerIds: [ids.providerSouth!] }]) {
      const summary = await callForResult(test.app, getAdmissionsSummary, { token: director, body: { filters } });
      const { from, to } = L12();
      const chosen =
        'clinicIds' in filters
          ? sql`and clinic_id = ${ids.clinicNorth}`
          : 'providerIds' in filters
            ? sql`and provider_id = ${ids.providerSouth}`
            : sql``;
      const stays = await rowsOf<{ kind: string; month: string; provider_id: string; ccsr_category: string }>(
        test.app.database.db,
        sql`select kind, to_char(admit_date, 'YYYY-MM') as month, provider_id, ccsr_category from pop_stays
          where organisation_id = ${organisationId} and admit_date between ${from}::date and ${to}::date ${chosen}`,
      );
      const discharges =
        await directCount(sql`select count(*) as n from pop_stays where organisation_id = ${organisationId}
        and kind = 'inpatient' and discharge_date between ${from}::date and ${to}::date ${chosen}`);
      expect(summary.totals.readmissions.denominator).toBe(discharges);
      const admitted = (rows: typeof stays) => rows.filter((row) => row.kind === 'inpatient').length;
      expect(summary.totals.admissions).toBe(admitted(stays));
      for (const month of summary.months)
        expect(month.admissions).toBe(admitted(stays.filter((row) => row.month === month.month)));
      for (const row of summary.byProvider)
        expect(row.emergencyVisits).toBe(
          stays.filter((stay) => stay.provider_id === row.provider?.id && stay.kind === 'emergency').length,
        );
      for (const row of summary.topDiagnoses)
        expect(row.admissions + row.observationStays + row.emergencyVisits).toBe(
          stays.filter((stay) => stay.ccsr_category === row.category).length,
        );
    }
  });

  it('lists the stays behind a provider number, and audits each patient shown', async () => {
    const summary = await callForResult(test.app, getAdmissionsSummary, { token: director, body: {} });
    const number = summary.byProvider.find((row) => row.provider?.id === ids.providerNorth)!.admissions;
    const page = await callForResult(test.app, getPopulationStays, {
      token: director,
      body: { drill: { providerId: ids.providerNorth!, kinds: ['inpatient'] } },
    });
    expect(page.total).toBe(number);
    expect(page.rows.map((row) => row.patient.firstName).sort()).toEqual(['p1', 'p1', 'p3']);
    expect(page.rows.find((row) => row.id === ids.stay3)).toMatchObject({
      diagnosisCode: 'I214',
      ccsrCategory: 'CIR009',
    });
    const readmitted = await callForResult(test.app, getPopulationStays, {
      token: director,
      body: { drill: { isReadmitted: true } },
    });
    expect(readmitted.rows.map((row) => row.id)).toEqual([ids.stay1]);
    const audits = await test.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisationId), eq(auditLog.action, 'patient.read')));
    expect(audits.filter((row) => row.patientId === ids.p3).length).toBeGreaterThan(0);
  });

  it('lists the patients discharged in the last 14 days without a visit since, with their next booked visit', async () => {
    const page = await callForResult(test.app, getTransitionalCare, { token: director, body: {} });
    expect(page.rows.map((row) => row.patient.firstName)).toEqual(['p4', 'p2']);
    expect(page.rows[0]).toMatchObject({
      daysSinceDischarge: 6,
      kind: 'inpatient',
      nextVisit: { sid: expect.any(String) },
    });
    expect(page.rows[1]).toMatchObject({ daysSinceDischarge: 4, kind: 'observation', nextVisit: null });
    // The summary counts the same patients (its own query: each patient's latest discharge day alone).
    for (const filters of [{}, { clinicIds: [ids.clinicNorth!] }, { providerIds: [ids.providerSouth!] }]) {
      const summary = await callForResult(test.app, getAdmissionsSummary, { token: director, body: { filters } });
      const list = await callForResult(test.app, getTransitionalCare, { token: director, body: { filters } });
      expect(summary.transitionalCare).toBe(list.total);
    }
  });

  it("keeps a provider-view user's numbers to their own patients", async () => {
    const { user, token } = await tokenFor(test.app, {
      organisationId,
      view: 'Provider',
      permissions: ['hcc_dashboard'],
    });
    await test.app.database.db.insert(userProviders).values({ userId: user.id, providerId: ids.providerSouth! });
    const summary = await callForResult(test.app, getAdmissionsSummary, { token, body: {} });
    expect(summary.totals).toMatchObject({ admissions: 1, emergencyVisits: 1, observationStays: 0 });
    const page = await callForResult(test.app, getTransitionalCare, { token, body: {} });
    expect(page.rows.map((row) => row.patient.firstName)).toEqual(['p4']);
    expect(summary.transitionalCare).toBe(1);
  });

  it('narrows to the patients of a chosen department, clinic or provider', async () => {
    const count = async (filters: Record<string, unknown>) =>
      (await callForResult(test.app, getAdmissionsSummary, { token: director, body: { filters } })).totals.admissions;
    expect(await count({ departmentIds: [ids.departmentNorth] })).toBe(3);
    expect(await count({ clinicIds: [ids.clinicSouth] })).toBe(1);
    expect(await count({ providerIds: [ids.providerSouth], departmentIds: [ids.departmentNorth] })).toBe(4);
  });

  it('refuses a user without hcc_dashboard, and a period it does not hold naming the field', async () => {
    const { token } = await tokenFor(test.app, { organisationId, view: 'Coder', permissions: ['quality_tool'] });
    expect((await call(test.app, getAdmissionsSummary, { token, body: {} })).statusCode).toBe(403);
    const old = await call(test.app, getAdmissionsSummary, { token: director, body: { filters: { period: '1999' } } });
    expect(old.statusCode).toBe(422);
    expect(old.json().error.details.issues[0].field).toBe('filters.period');
    const junk = await call(test.app, getAdmissionsSummary, { token: director, body: { filters: { period: 'last' } } });
    expect(junk.statusCode).toBe(422);
  });
});

describe('cost', () => {
  it('adds up the allowed amounts a direct sum finds, each service once', async () => {
    const summary = await callForResult(test.app, getCostSummary, { token: director, body: {} });
    const { from, to } = L12();
    const direct = await directCount(sql`select sum(coalesce(allowed, billed)) as n from claims c
      where organisation_id = ${organisationId} and service_start between ${from}::date and ${to}::date
        and (resource_type = 'ExplanationOfBenefit' or not exists (select 1 from claims e
          where e.organisation_id = c.organisation_id and e.claim_source_id = c.source_id))`);
    expect(summary.totals.total).toBe(direct);
    expect(summary.totals.total).toBe(22_000 + 400 + 4_000 + 180 + 120 + 15_000);
    expect(summary.byCategory.find((row) => row.category === 'inpatient')?.total).toBe(37_000);
    const monthly = summary.months.reduce((sum, row) => sum + row.total, 0);
    expect(monthly).toBeCloseTo(summary.totals.total, 2);
    expect(summary.totals.pmpm).toBe(Math.round((summary.totals.total / summary.totals.memberMonths) * 100) / 100);
    expect(summary.topPatients[0]?.patient.firstName).toBe('p1');
    expect(summary.topPatients[0]?.byCategory.inpatient).toBe(22_000);
    // Heart failure (I50.23, CIR019) and chest pain (R07.9, CIR012) are both of the circulatory system.
    expect(summary.byBodySystem.find((row) => row.code === 'CIR')?.total).toBe(22_000 + 4_000);
    expect(summary.byBodySystem.find((row) => row.code === 'PHA')).toMatchObject({
      total: 400,
      name: expect.stringMatching(/^Pharmacy/),
    });
    // The body systems' aggregate (by period) holds the same claims as the months' (by month).
    expect(summary.byBodySystem.reduce((sum, row) => sum + row.total, 0)).toBeCloseTo(summary.totals.total, 2);
    expect(summary.byBodySystem.reduce((sum, row) => sum + row.claims, 0)).toBe(summary.totals.claims);
  });

  it('lists the patients behind a category of a clinic, their amounts adding up to the number', async () => {
    const body = { drill: { clinicId: ids.clinicNorth!, serviceCategory: 'inpatient' as const } };
    const page = await callForResult(test.app, getCostPatients, { token: director, body });
    expect(page.rows.map((row) => [row.patient.firstName, row.total])).toEqual([['p1', 22_000]]);
    const exported = await callForResult(test.app, exportCostPatients, { token: director, body: {} });
    const summary = await callForResult(test.app, getCostSummary, { token: director, body: {} });
    expect(exported.rows.reduce((sum, row) => sum + row.total, 0)).toBeCloseTo(summary.totals.total, 2);
    expect(exported.isTruncated).toBe(false);
  });

  it("opens each month of the trend to its patients, their amounts in it adding up to the month's", async () => {
    const summary = await callForResult(test.app, getCostSummary, { token: director, body: {} });
    const months = summary.months.filter((row) => row.claims > 0);
    expect(months.length).toBeGreaterThan(1);
    for (const month of months) {
      const drill = { month: month.month };
      const exported = await callForResult(test.app, exportCostPatients, { token: director, body: { drill } });
      expect(exported.rows.reduce((sum, row) => sum + row.total, 0)).toBeCloseTo(month.total, 2);
      const inpatient = await callForResult(test.app, exportCostPatients, {
        token: director,
        body: { drill: { ...drill, serviceCategory: 'inpatient' } },
      });
      expect(inpatient.rows.reduce((sum, row) => sum + row.total, 0)).toBeCloseTo(month.byCategory.inpatient, 2);
    }
    // A month outside the period has no patients in it; a month is not opened by body system.
    const before = await callForResult(test.app, getCostPatients, {
      token: director,
      body: { drill: { month: '2001-01' } },
    });
    expect(before.total).toBe(0);
    const refused = await call(test.app, getCostPatients, {
      token: director,
      body: { drill: { month: months[0]!.month, bodySystem: 'CIR' } },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.details.issues).toEqual([expect.objectContaining({ field: 'drill.bodySystem' })]);
  });

  it("lists as outliers the patients whose PMPM is over three times their risk band's, as many as the bands count", async () => {
    // The band's PMPM by a correlated subquery: how the drill computed it before it took too long on 100,000.
    const summary = await callForResult(test.app, getCostSummary, { token: director, body: {} });
    const page = await callForResult(test.app, getCostPatients, {
      token: director,
      body: { drill: { isOutlier: true } },
    });
    const direct = await directCount(sql`select count(*) as n from pop_patient_periods pp
      where pp.organisation_id = ${organisationId} and pp.period = 'L12' and pp.member_months > 0
        and pp.allowed / pp.member_months > 3 * (select sum(b.allowed) / nullif(sum(b.member_months), 0)
          from pop_patient_periods b
          where b.organisation_id = pp.organisation_id and b.period = pp.period and b.raf_band = pp.raf_band)`);
    expect(page.total).toBe(direct);
    expect(summary.riskBands.reduce((sum, band) => sum + band.outliers, 0)).toBe(direct);
    // Counted with the bands, from the same rows.
    const withCost = await directCount(sql`select count(*) as n from pop_patient_periods
      where organisation_id = ${organisationId} and period = 'L12' and allowed > 0`);
    expect(withCost).toBeGreaterThan(0);
    expect(summary.totals.patientsWithCost).toBe(withCost);
  });

  it("measures a filtered view's outliers against the organisation's band, the same patients in its drill-down", async () => {
    const filters = { clinicIds: [ids.clinicNorth!] };
    const summary = await callForResult(test.app, getCostSummary, { token: director, body: { filters } });
    const page = await callForResult(test.app, getCostPatients, {
      token: director,
      body: { filters, drill: { isOutlier: true } },
    });
    const direct = await directCount(sql`select count(*) as n from pop_patient_periods pp
      where pp.organisation_id = ${organisationId} and pp.period = 'L12' and pp.clinic_id = ${ids.clinicNorth}
        and pp.member_months > 0
        and pp.allowed / pp.member_months > 3 * (select sum(b.allowed) / nullif(sum(b.member_months), 0)
          from pop_patient_periods b
          where b.organisation_id = pp.organisation_id and b.period = pp.period and b.raf_band = pp.raf_band)`);
    expect(page.total).toBe(direct);
    expect(summary.riskBands.reduce((sum, band) => sum + band.outliers, 0)).toBe(direct);
    const patients = await directCount(sql`select count(*) as n from pop_patient_periods
      where organisation_id = ${organisationId} and period = 'L12' and clinic_id = ${ids.clinicNorth}`);
    expect(summary.riskBands.reduce((sum, band) => sum + band.patients, 0)).toBe(patients);
  });

  it("opens each risk band and clinic to as many patients as its number, the category's patients whatever the amount", async () => {
    const summary = await callForResult(test.app, getCostSummary, { token: director, body: {} });
    for (const band of summary.riskBands) {
      const page = await callForResult(test.app, getCostPatients, {
        token: director,
        body: { drill: { riskBand: band.band } },
      });
      expect(page.total).toBe(band.patients);
      const direct = await directCount(sql`select count(*) as n from pop_patient_periods
        where organisation_id = ${organisationId} and period = 'L12' and raf_band = ${band.band}`);
      expect(page.total).toBe(direct);
    }
    const north = await callForResult(test.app, getCostPatients, {
      token: director,
      body: { drill: { clinicId: ids.clinicNorth! } },
    });
    expect(north.total).toBe(
      await directCount(sql`select count(*) as n from pop_patient_periods
        where organisation_id = ${organisationId} and period = 'L12' and clinic_id = ${ids.clinicNorth}`),
    );
    const byAmount = async (amount: 'allowed' | 'paid') =>
      (
        await callForResult(test.app, getCostPatients, {
          token: director,
          body: { filters: { amount }, drill: { serviceCategory: 'pharmacy' } },
        })
      ).rows
        .map((row) => row.patient.cairnPatientId)
        .sort();
    expect(await byAmount('paid')).toEqual(await byAmount('allowed'));
  });

  it('opens a body system to its patients, as many as a direct count finds, their amounts adding up to the number', async () => {
    const summary = await callForResult(test.app, getCostSummary, { token: director, body: {} });
    for (const system of summary.byBodySystem) {
      const page = await callForResult(test.app, getCostPatients, {
        token: director,
        body: { drill: { bodySystem: system.code } },
      });
      const direct = await directCount(sql`select count(*) as n from pop_patient_periods
        where organisation_id = ${organisationId} and period = 'L12'
          and coalesce((by_body_system ->> ${system.code})::numeric, 0) > 0`);
      expect(page.total).toBe(direct);
      expect(page.rows.reduce((sum, row) => sum + row.total, 0)).toBeCloseTo(system.total, 2);
    }
  });

  it('answers paid amounts when asked', async () => {
    const summary = await callForResult(test.app, getCostSummary, {
      token: director,
      body: { filters: { amount: 'paid' } },
    });
    expect(summary.totals.total).toBe(18_000 + 350 + 3_000 + 96 + 12_000);
  });

  it("opens the paid amount's numbers to the same patients, by their paid totals", async () => {
    const filters = { amount: 'paid' as const };
    const summary = await callForResult(test.app, getCostSummary, { token: director, body: { filters } });
    const everyone = await callForResult(test.app, exportCostPatients, { token: director, body: { filters } });
    expect(everyone.rows.reduce((sum, row) => sum + row.total, 0)).toBeCloseTo(summary.totals.total, 2);
    const totals = everyone.rows.map((row) => row.total);
    expect(totals).toEqual([...totals].sort((left, right) => right - left));
    expect(summary.topPatients.map((row) => row.total)).toEqual(totals.slice(0, summary.topPatients.length));
    const outliers = await callForResult(test.app, getCostPatients, {
      token: director,
      body: { filters, drill: { isOutlier: true } },
    });
    expect(outliers.total).toBe(summary.riskBands.reduce((sum, band) => sum + band.outliers, 0));
    expect(outliers.total).toBe(
      await directCount(sql`select count(*) as n from pop_patient_periods
        where organisation_id = ${organisationId} and period = 'L12' and is_outlier_paid`),
    );
  });
});
