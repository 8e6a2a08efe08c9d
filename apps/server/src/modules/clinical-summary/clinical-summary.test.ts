import { getClinicalSummary, getLabTrend } from '@cairn/contracts';
import type { ClinicalSummary, LabTrend } from '@cairn/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allergies,
  conditions,
  encounters,
  immunizations,
  medications,
  observations,
  procedures,
} from '../../db/clinical-schema';
import { auditLog } from '../../db/schema';
import { createCareTeam, createPatient, linkUserToProvider, type CareTeam } from '../../testing/clinical-factories';
import { call, callWithAnyBody, tokenFor } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';

let test: TestApp;
let organisationId: string;
let team: CareTeam;
let patientId: string;
let providerToken: string;
let providerUserId: string;

let sequence = 0;
const sourceId = () => `test-${String((sequence += 1))}`;

beforeAll(async () => {
  test = await buildTestApp();
  const db = test.app.database.db;
  organisationId = (await createOrganisation(db)).id;
  team = await createCareTeam(db, { organisationId });
  patientId = (await createPatient(db, { organisationId, primaryProviderId: team.provider.id })).id;
  const provider = await tokenFor(test.app, { organisationId });
  await linkUserToProvider(db, provider.user.id, team.provider.id);
  providerToken = provider.token;
  providerUserId = provider.user.id;
  await seedRecord(patientId);
});
afterAll(async () => {
  await test.app.close();
});

async function summaryOf(cairnPatientId: string): Promise<ClinicalSummary> {
  const response = await call(test.app, getClinicalSummary, { token: providerToken, body: { cairnPatientId } });
  expect(response.statusCode).toBe(200);
  return response.json<{ result: ClinicalSummary }>().result;
}

async function seedRecord(patient: string) {
  const db = test.app.database.db;
  const base = { organisationId, patientId: patient, source: 'EHR' };
  await db.insert(conditions).values([
    {
      ...base,
      sourceId: sourceId(),
      display: 'Type 2 diabetes mellitus',
      icdCode: 'E119',
      snomedCode: '44054006',
      icdMapped: true,
      category: 'problem-list-item',
      clinicalStatus: 'active',
      onsetDate: '2019-04-02',
    },
    {
      ...base,
      sourceId: sourceId(),
      display: 'Essential hypertension',
      icdCode: 'I10',
      category: 'problem-list-item',
      clinicalStatus: 'active',
      onsetDate: '2021-06-10',
      source: 'HIE',
    },
    {
      ...base,
      sourceId: sourceId(),
      display: 'Acute viral pharyngitis',
      icdCode: 'J029',
      category: 'encounter-diagnosis',
      clinicalStatus: 'resolved',
      onsetDate: '2018-01-05',
      abatementDate: '2018-01-15',
    },
    {
      ...base,
      sourceId: sourceId(),
      display: 'Acute viral pharyngitis',
      icdCode: 'J029',
      category: 'encounter-diagnosis',
      clinicalStatus: 'resolved',
      onsetDate: '2022-02-05',
      abatementDate: '2022-02-15',
    },
    {
      ...base,
      sourceId: sourceId(),
      display: 'Asthma',
      icdCode: 'J45909',
      category: 'problem-list-item',
      clinicalStatus: 'active',
      onsetDate: '2020-01-01',
      verificationStatus: 'entered-in-error',
    },
  ]);
  await db.insert(medications).values([
    {
      ...base,
      sourceId: sourceId(),
      kind: 'MedicationRequest',
      display: 'Lisinopril 10 MG',
      rxnormCode: '314076',
      status: 'completed',
      startDate: '2023-01-01',
    },
    {
      ...base,
      sourceId: sourceId(),
      kind: 'MedicationRequest',
      display: 'Metformin 500 MG',
      rxnormCode: '860975',
      status: 'active',
      startDate: '2019-04-02',
      dosage: 'twice daily',
    },
    {
      ...base,
      sourceId: sourceId(),
      kind: 'MedicationRequest',
      display: 'Amlodipine 5 MG',
      rxnormCode: '197361',
      status: 'active',
      startDate: '2024-03-01',
    },
  ]);
  await db.insert(allergies).values({
    ...base,
    sourceId: sourceId(),
    display: 'Penicillin',
    category: 'medication',
    recordedDate: '2010-05-05',
    source: 'HIE',
  });
  const observation = (
    loinc: string,
    display: string,
    date: string,
    extra: Partial<typeof observations.$inferInsert>,
  ) => ({
    ...base,
    sourceId: sourceId(),
    loinc,
    display,
    effectiveDate: date,
    ...extra,
  });
  await db.insert(observations).values([
    observation('8480-6', 'Systolic blood pressure', '2024-01-10', {
      category: 'vital-signs',
      value: 150,
      unit: 'mm[Hg]',
    }),
    observation('8480-6', 'Systolic blood pressure', '2025-01-10', {
      category: 'vital-signs',
      value: 128,
      unit: 'mm[Hg]',
    }),
    observation('29463-7', 'Body weight', '2025-01-10', { category: 'vital-signs', value: 82, unit: 'kg' }),
    observation('4548-4', 'Hemoglobin A1c', '2023-05-01', {
      category: 'laboratory',
      value: 7.9,
      unit: '%',
      referenceHigh: 5.7,
    }),
    observation('4548-4', 'Hemoglobin A1c', '2024-05-01', {
      category: 'laboratory',
      value: 7.1,
      valueDecimals: 1,
      unit: '%',
      referenceHigh: 5.7,
    }),
    observation('4548-4', 'Hemoglobin A1c', '2025-05-01', {
      category: 'laboratory',
      value: 6.8,
      valueDecimals: 2,
      unit: '%',
      referenceLow: 4,
      referenceHigh: 5.6,
      interpretation: 'H',
    }),
    observation('2093-3', 'Cholesterol', '2025-05-01', { value: 180, unit: 'mg/dL', referenceHigh: 200 }),
    observation('5778-6', 'Color of Urine', '2025-05-01', { category: 'laboratory', valueText: 'Yellow' }),
    observation('44261-6', 'PHQ-9 total score', '2025-02-01', { category: 'survey', value: 16, unit: '{score}' }),
    observation('72166-2', 'Tobacco smoking status', '2025-02-01', {
      category: 'social-history',
      valueCode: '8517006',
    }),
  ]);
  const [visit] = await db
    .insert(encounters)
    .values([
      {
        ...base,
        sourceId: sourceId(),
        startDate: '2025-05-01',
        classCode: 'AMB',
        providerId: team.provider.id,
        types: [{ code: '185349003', display: 'Encounter for check up' }],
      },
      {
        ...base,
        sourceId: sourceId(),
        startDate: '2020-02-01',
        classCode: 'EMER',
        types: [{ display: 'Emergency room admission' }],
      },
    ])
    .returning();
  await db.insert(procedures).values({
    ...base,
    sourceId: sourceId(),
    encounterId: visit?.id,
    code: '430193006',
    system: 'http://snomed.info/sct',
    display: 'Medication reconciliation',
    performedDate: '2025-05-01',
  });
  await db.insert(immunizations).values([
    { ...base, sourceId: sourceId(), cvxCode: '140', display: 'Influenza, seasonal', occurrenceDate: '2023-10-01' },
    { ...base, sourceId: sourceId(), cvxCode: '140', display: 'Influenza, seasonal', occurrenceDate: '2024-10-01' },
  ]);
}

describe('getClinicalSummary', () => {
  it('answers active and resolved problems, recurring episodes once, mistaken entries left out', async () => {
    const response = await call(test.app, getClinicalSummary, {
      token: providerToken,
      body: { cairnPatientId: patientId },
    });
    expect(response.statusCode).toBe(200);
    const { problems } = response.json<{ result: ClinicalSummary }>().result;
    expect(problems.active.map((problem: { display: string }) => problem.display)).toEqual([
      'Essential hypertension',
      'Type 2 diabetes mellitus',
    ]);
    expect(problems.active[0]).toMatchObject({ source: 'HIE', date: '2021-06-10', icdCode: 'I10' });
    expect(problems.active[1]).toMatchObject({ icdCode: 'E119', icdMapped: true, snomedCode: '44054006' });
    // Each code comes with its ICD-10-CM title, to be shown with the code.
    expect(problems.active[1]?.icdTitle).toBe('Type 2 diabetes mellitus without complications');
    expect(problems.resolved).toEqual([
      expect.objectContaining({
        display: 'Acute viral pharyngitis',
        date: '2022-02-05',
        abatementDate: '2022-02-15',
        occurrences: 2,
      }),
    ]);
  });

  it('lists active medications first, then past ones, newest first within each', async () => {
    const result = await summaryOf(patientId);
    expect(result.medications.total).toBe(3);
    expect(
      result.medications.items.map((item: { display: string; isActive: boolean }) => [item.display, item.isActive]),
    ).toEqual([
      ['Amlodipine 5 MG', true],
      ['Metformin 500 MG', true],
      ['Lisinopril 10 MG', false],
    ]);
    expect(result.allergies).toEqual([
      expect.objectContaining({ display: 'Penicillin', source: 'HIE', date: '2010-05-05' }),
    ]);
  });

  it('answers the latest of each vital sign, in the order of the vitals list', async () => {
    const result = await summaryOf(patientId);
    expect(result.vitals).toEqual([
      expect.objectContaining({
        loinc: '8480-6',
        value: 128,
        unit: 'mm[Hg]',
        date: '2025-01-10',
        count: 2,
        source: 'EHR',
      }),
      expect.objectContaining({ loinc: '29463-7', value: 82, unit: 'kg', count: 1 }),
    ]);
  });

  it('answers the latest result of each lab test with its range, flag and number of results', async () => {
    const result = await summaryOf(patientId);
    expect(result.labs.total).toBe(3);
    expect(result.labs.items.map((lab: { display: string }) => lab.display)).toEqual([
      'Cholesterol',
      'Color of Urine',
      'Hemoglobin A1c',
    ]);
    const a1c = result.labs.items[2];
    expect(a1c).toMatchObject({
      loinc: '4548-4',
      value: 6.8,
      decimals: 2,
      unit: '%',
      date: '2025-05-01',
      referenceRange: { low: 4, high: 5.6 },
      interpretation: 'H',
      flag: 'high',
      count: 3,
    });
    expect(result.labs.items[0]).toMatchObject({
      flag: null,
      referenceRange: { low: null, high: 200 },
      count: 1,
      decimals: null,
    });
    expect(result.labs.items[1]).toMatchObject({ value: null, decimals: null, valueText: 'Yellow' });
    expect(result.screeningScores).toEqual([
      expect.objectContaining({ loinc: '44261-6', value: 16, date: '2025-02-01' }),
    ]);
  });

  it('lists visits, procedures and immunizations newest first with their totals', async () => {
    const result = await summaryOf(patientId);
    expect(result.visits.total).toBe(2);
    expect(result.visits.items[0]).toMatchObject({
      date: '2025-05-01',
      type: 'Encounter for check up',
      classCode: 'AMB',
      provider: 'Maya Rivera, MD',
    });
    expect(result.visits.items[1]).toMatchObject({ classCode: 'EMER', provider: null });
    expect(result.procedures).toEqual({
      total: 1,
      items: [expect.objectContaining({ display: 'Medication reconciliation', date: '2025-05-01' })],
    });
    expect(result.immunizations.items.map((item: { date: string }) => item.date)).toEqual(['2024-10-01', '2023-10-01']);
  });

  it('answers empty lists for a patient with no record', async () => {
    const patient = await createPatient(test.app.database.db, { organisationId, primaryProviderId: team.provider.id });
    const result = await summaryOf(patient.id);
    expect(result).toEqual({
      problems: { active: [], resolved: [] },
      medications: { items: [], total: 0 },
      allergies: [],
      vitals: [],
      labs: { items: [], total: 0 },
      screeningScores: [],
      visits: { items: [], total: 0 },
      procedures: { items: [], total: 0 },
      immunizations: { items: [], total: 0 },
    });
  });

  it('cuts a long history of visits to the newest 50 and says how many there are', async () => {
    const patient = await createPatient(test.app.database.db, { organisationId, primaryProviderId: team.provider.id });
    const days = Array.from({ length: 55 }, (_day, index) => new Date(Date.UTC(2000, 0, 1 + index * 30)));
    await test.app.database.db.insert(encounters).values(
      days.map((day) => ({
        organisationId,
        patientId: patient.id,
        source: 'EHR',
        sourceId: sourceId(),
        startDate: day.toISOString().slice(0, 10),
      })),
    );
    const { visits } = await summaryOf(patient.id);
    expect(visits.total).toBe(55);
    expect(visits.items).toHaveLength(50);
    expect(visits.items[0]?.date).toBe(days.at(-1)?.toISOString().slice(0, 10));
  });

  it('writes the read to the audit log', async () => {
    await call(test.app, getClinicalSummary, { token: providerToken, body: { cairnPatientId: patientId } });
    const entries = await test.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, providerUserId), eq(auditLog.patientId, patientId)));
    expect(entries.map((entry) => entry.details)).toContainEqual({ what: 'clinical-summary' });
    expect(entries.every((entry) => entry.action === 'patient.read')).toBe(true);
  });

  it('answers the same on the v2 path with a Bearer header', async () => {
    const response = await call(test.app, getClinicalSummary, {
      token: providerToken,
      body: { cairnPatientId: patientId },
      isV2: true,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('getLabTrend', () => {
  it('answers the numeric results of one test oldest first, with the latest reference range', async () => {
    const response = await call(test.app, getLabTrend, {
      token: providerToken,
      body: { cairnPatientId: patientId, loinc: '4548-4' },
    });
    expect(response.statusCode).toBe(200);
    const trend = response.json<{ result: LabTrend }>().result;
    expect(trend).toMatchObject({
      loinc: '4548-4',
      display: 'Hemoglobin A1c',
      unit: '%',
      units: 'single',
      referenceRange: { low: 4, high: 5.6 },
    });
    expect(trend.points.map((point: { date: string; value: number }) => [point.date, point.value])).toEqual([
      ['2023-05-01', 7.9],
      ['2024-05-01', 7.1],
      ['2025-05-01', 6.8],
    ]);
    expect(trend.points[2]).toMatchObject({ source: 'EHR', interpretation: 'H', convertedFrom: null });
    // The places each result was reported with (6.80 %), unknown for the oldest.
    expect(trend.points.map((point: { decimals?: number | null }) => point.decimals)).toEqual([null, 1, 2]);
  });

  it('converts a weight reported in pounds by an HIE to the kilograms of the latest result', async () => {
    const patient = await createPatient(test.app.database.db, { organisationId, primaryProviderId: team.provider.id });
    const weight = {
      organisationId,
      patientId: patient.id,
      loinc: '29463-7',
      display: 'Body weight',
      category: 'vital-signs',
    };
    await test.app.database.db.insert(observations).values([
      {
        ...weight,
        source: 'HIE',
        sourceId: sourceId(),
        effectiveDate: '2023-03-01',
        value: 180,
        valueDecimals: 1,
        unit: '[lb_av]',
      },
      { ...weight, source: 'EHR', sourceId: sourceId(), effectiveDate: '2024-03-01', value: 80, unit: 'kg' },
    ]);
    const response = await call(test.app, getLabTrend, {
      token: providerToken,
      body: { cairnPatientId: patient.id, loinc: '29463-7' },
    });
    const trend = response.json<{ result: LabTrend }>().result;
    expect(trend).toMatchObject({ unit: 'kg', units: 'converted' });
    expect(trend.points[0]).toMatchObject({
      source: 'HIE',
      value: 81.65,
      decimals: null,
      unit: 'kg',
      convertedFrom: { value: 180, decimals: 1, unit: '[lb_av]' },
    });
  });

  it('answers no points for a test the patient never had, and for one without numeric values', async () => {
    for (const loinc of ['1234-5', '5778-6']) {
      const { result } = (
        await call(test.app, getLabTrend, { token: providerToken, body: { cairnPatientId: patientId, loinc } })
      ).json<{
        result: LabTrend;
      }>();
      expect(result).toMatchObject({ loinc, points: [], referenceRange: null });
    }
  });

  it('writes the read to the audit log', async () => {
    await call(test.app, getLabTrend, { token: providerToken, body: { cairnPatientId: patientId, loinc: '4548-4' } });
    const entries = await test.app.database.db.select().from(auditLog).where(eq(auditLog.userId, providerUserId));
    expect(entries.map((entry) => entry.details)).toContainEqual({ what: 'lab-trend' });
  });
});

describe('who may read a clinical summary', () => {
  it('refuses a caller who is not signed in', async () => {
    expect((await call(test.app, getClinicalSummary, { body: { cairnPatientId: patientId } })).statusCode).toBe(401);
    expect(
      (await call(test.app, getLabTrend, { body: { cairnPatientId: patientId, loinc: '4548-4' } })).statusCode,
    ).toBe(401);
  });

  it('names the missing field', async () => {
    const summary = await callWithAnyBody(test.app, getClinicalSummary, { token: providerToken, body: {} });
    expect(summary.statusCode).toBe(422);
    expect(JSON.stringify(summary.json().error.details)).toContain('cairnPatientId');
    const trend = await callWithAnyBody(test.app, getLabTrend, {
      token: providerToken,
      body: { cairnPatientId: patientId },
    });
    expect(trend.statusCode).toBe(422);
    expect(JSON.stringify(trend.json().error.details)).toContain('loinc');
  });

  it("does not reveal another organisation's patient", async () => {
    const other = await createOrganisation(test.app.database.db, 'Hillside Clinic');
    const stranger = await tokenFor(test.app, { organisationId: other.id, view: 'Coder' });
    const summary = await call(test.app, getClinicalSummary, {
      token: stranger.token,
      body: { cairnPatientId: patientId },
    });
    expect(summary.statusCode).toBe(404);
    expect(summary.body).not.toContain('Lovelace');
    const trend = await call(test.app, getLabTrend, {
      token: stranger.token,
      body: { cairnPatientId: patientId, loinc: '4548-4' },
    });
    expect(trend.statusCode).toBe(404);
  });

  it('does not show a provider a patient outside their scope, but shows a coder of the organisation', async () => {
    const otherTeam = await createCareTeam(test.app.database.db, { organisationId, providerLastName: 'Okafor' });
    const otherProvider = await tokenFor(test.app, { organisationId });
    await linkUserToProvider(test.app.database.db, otherProvider.user.id, otherTeam.provider.id);
    expect(
      (await call(test.app, getClinicalSummary, { token: otherProvider.token, body: { cairnPatientId: patientId } }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(test.app, getLabTrend, {
          token: otherProvider.token,
          body: { cairnPatientId: patientId, loinc: '4548-4' },
        })
      ).statusCode,
    ).toBe(404);
    const coder = await tokenFor(test.app, { organisationId, view: 'Coder' });
    expect(
      (await call(test.app, getClinicalSummary, { token: coder.token, body: { cairnPatientId: patientId } }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 404 for an id that is not a patient id', async () => {
    expect(
      (await call(test.app, getClinicalSummary, { token: providerToken, body: { cairnPatientId: 'not-a-uuid' } }))
        .statusCode,
    ).toBe(404);
  });
});
