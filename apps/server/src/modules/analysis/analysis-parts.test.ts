import { emptyPatientRecord } from '@cairn/clinical';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { patientAnalyses } from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { openTestDatabase } from '../../testing/build-test-app';
import { createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { codesDocumentedThisYear, computeAnalysis } from './analysis-compute';
import { describeJobError } from './analysis-jobs';
import { demographicsOf } from './analysis-record';
import { storeAnalyses } from './analysis-store';
import { describeAnalysisChange } from './analysis-updates';

const coverage = (payer: string, plan: string | null = null, typeCode: string | null = null) => ({
  payer,
  plan,
  typeCode,
  status: 'active',
});

describe('demographics from the patient and their coverages', () => {
  const patient = { birthDate: '1950-12-10', gender: 'female' };

  it('defaults to old age, not dual, without coverage data', () => {
    expect(demographicsOf(patient, [], '2026-03-01')).toEqual({
      birthDate: '1950-12-10',
      sex: 'F',
      orec: '0',
      medicaid: false,
      dualStatus: 'none',
    });
  });

  it('reads Medicare and Medicaid together as a full dual', () => {
    const result = demographicsOf(patient, [coverage('Medicare'), coverage('State', 'Medicaid')], '2026-03-01');
    expect(result).toMatchObject({ medicaid: true, dualStatus: 'full' });
  });

  it('reads Medicare under 65 as entitlement by disability, and ignores inactive coverage', () => {
    const young = { birthDate: '1980-01-01', gender: 'male' };
    expect(demographicsOf(young, [coverage('CMS', null, 'MCPOL')], '2026-03-01')).toMatchObject({
      sex: 'M',
      orec: '1',
    });
    const inactive = { ...coverage('Medicaid'), status: 'cancelled' };
    expect(demographicsOf(patient, [inactive], '2026-03-01').medicaid).toBe(false);
  });
});

describe('the risk score', () => {
  it('counts only codes documented this year, up to the as-of date, and never refuted ones', () => {
    const record = emptyPatientRecord('p', { birthDate: '1950-12-10', sex: 'F' });
    const condition = { display: '', clinicalStatus: 'active', category: 'problem-list-item', source: 'EHR' } as const;
    record.conditions.push(
      { ...condition, id: 'a', icdCode: 'E1122', date: '2026-02-01' },
      { ...condition, id: 'b', icdCode: 'I5022', date: '2025-12-31' },
      { ...condition, id: 'c', icdCode: 'J449', date: '2026-02-01', verificationStatus: 'refuted' },
      { ...condition, id: 'd', icdCode: 'N1831', date: '2026-04-01' },
    );
    record.claims.push({ id: 'e', icdCode: 'F331', serviceDate: '2026-01-15', source: 'EHR' });
    expect(codesDocumentedThisYear(record, '2026-03-01').sort()).toEqual(['E1122', 'F331']);
  });

  it('is higher with the suggested codes than without', () => {
    const record = emptyPatientRecord('p', { birthDate: '1950-12-10', sex: 'F' });
    record.claims.push({ id: 'c', icdCode: 'I5022', serviceDate: '2025-05-01', source: 'EHR' });
    const analysis = computeAnalysis(record, '2026-03-01');
    expect(analysis.suggestions.map((suggestion) => suggestion.code)).toContain('I5022');
    expect(analysis.riskScore.potential).toBeGreaterThan(analysis.riskScore.current);
  });
});

describe('what a summary is told', () => {
  const gap = (status: string) => ({ measureId: 'CMS130', title: 'Colorectal Cancer Screening', status });

  it('counts new and dropped suggestions and names care gaps that closed or opened', () => {
    expect(
      describeAnalysisChange(
        { suggestionCodes: ['E1122'], careGaps: [gap('open')] },
        { suggestionCodes: ['I5022', 'J449'], careGaps: [gap('closed')] },
      ).map((change) => change.message),
    ).toEqual(['2 new suggestions', '1 suggestion no longer applies', 'Care gap closed: Colorectal Cancer Screening']);
    expect(
      describeAnalysisChange({ suggestionCodes: [], careGaps: [] }, { suggestionCodes: [], careGaps: [gap('open')] }),
    ).toEqual([{ kind: 'new-data', message: 'Care gap opened: Colorectal Cancer Screening' }]);
  });

  it('says nothing when nothing changed', () => {
    const same = { suggestionCodes: ['E1122'], careGaps: [gap('open')] };
    expect(describeAnalysisChange(same, same)).toEqual([]);
  });
});

it('keeps digits (dates, ages, codes) out of a stored job error', () => {
  expect(describeJobError(new TypeError('E11.22 at age 72'))).toBe('TypeError: E##.## at age ##');
});

describe('storing analyses', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await runMigrations(database);
  });
  afterAll(async () => {
    await database.close();
  });

  it('never replaces an analysis of newer data with one of older data', async () => {
    const organisationId = (await createOrganisation(database.db)).id;
    const patient = await createPatient(database.db, { organisationId });
    const record = emptyPatientRecord(patient.id, { birthDate: patient.birthDate, sex: 'F' });
    const computed = computeAnalysis(record, '2026-03-01');
    const store = (dataVersion: number) =>
      storeAnalyses(
        database.db,
        organisationId,
        [{ patientId: patient.id, dataVersion, asOf: '2026-03-01', computed }],
        '2026-03-01',
      );
    expect(await store(3)).toEqual([patient.id]);
    expect(await store(2)).toEqual([]);
    const [stored] = await database.db.select().from(patientAnalyses).where(eq(patientAnalyses.patientId, patient.id));
    expect(stored?.dataVersion).toBe(3);
  });
});
