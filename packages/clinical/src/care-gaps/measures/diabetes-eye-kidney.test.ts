import { describe, expect, it } from 'vitest';
import type { PatientRecord } from '../../record';
import { aCondition, anEncounter, anObservation, aPatient, aProcedure, gapFor, SNOMED } from '../test-factories';

const RETINAL_EXAM = '722161008';

function diabetic(overrides: Partial<PatientRecord> = {}): PatientRecord {
  return aPatient({
    birthDate: '1965-04-01',
    conditions: [aCondition('E119', '2018-01-01')],
    encounters: [anEncounter('2026-02-10')],
    ...overrides,
  });
}

describe('CMS131 Diabetes: Eye Exam', () => {
  it('counts last year’s exam when there is no retinopathy, until the end of this period', () => {
    const gap = gapFor(diabetic({ procedures: [aProcedure(RETINAL_EXAM, '2025-01-01', SNOMED)] }), 'CMS131');
    expect(gap).toMatchObject({ status: 'closed', dueDate: '2026-12-31' });
    expect(gapFor(diabetic({ procedures: [aProcedure(RETINAL_EXAM, '2024-12-31', SNOMED)] }), 'CMS131').status).toBe(
      'open',
    );
  });

  it('keeps this year’s exam valid through next year when there is no retinopathy', () => {
    expect(gapFor(diabetic({ procedures: [aProcedure(RETINAL_EXAM, '2026-03-01', SNOMED)] }), 'CMS131').dueDate).toBe(
      '2027-12-31',
    );
  });

  it('needs an exam this period when retinopathy is on record', () => {
    const conditions = [aCondition('E119', '2018-01-01'), aCondition('E113293', '2023-05-01')];
    expect(
      gapFor(diabetic({ conditions, procedures: [aProcedure(RETINAL_EXAM, '2025-06-01', SNOMED)] }), 'CMS131').status,
    ).toBe('open');
    const thisYear = gapFor(
      diabetic({ conditions, procedures: [aProcedure(RETINAL_EXAM, '2026-03-01', SNOMED)] }),
      'CMS131',
    );
    expect(thisYear).toMatchObject({ status: 'closed', dueDate: '2026-12-31' });
  });

  it('covers ages 18 to 75 at the end of the period', () => {
    expect(
      gapFor(diabetic({ demographics: { birthDate: '1950-12-31', sex: 'M' } }), 'CMS131').notApplicableReason,
    ).toBe('age');
  });
});

describe('CMS951 Kidney Health Evaluation', () => {
  const egfr = (date = '2026-03-01') => anObservation('98979-8', date, 72);
  const uacr = (date = '2026-03-01') => anObservation('9318-7', date, 18);

  it('closes with both an eGFR and a uACR this period', () => {
    expect(gapFor(diabetic({ observations: [egfr(), uacr()] }), 'CMS951')).toMatchObject({
      status: 'closed',
      measureVersion: 'CMS951v4',
    });
  });

  it('stays open with only one of the two, and says which is missing', () => {
    const gap = gapFor(diabetic({ observations: [egfr()] }), 'CMS951');
    expect(gap.status).toBe('open');
    expect(gap.reason).toContain('urine albumin-creatinine ratio');
    expect(gapFor(diabetic({ observations: [egfr(), uacr('2025-12-31')] }), 'CMS951').status).toBe('open');
  });

  it('does not count a test without a result', () => {
    expect(gapFor(diabetic({ observations: [egfr(), anObservation('9318-7', '2026-03-01')] }), 'CMS951').status).toBe(
      'open',
    );
  });

  it('covers ages 18 to 85 at the start of the period', () => {
    expect(gapFor(diabetic({ demographics: { birthDate: '1940-01-02', sex: 'F' } }), 'CMS951').status).toBe('open');
    expect(
      gapFor(diabetic({ demographics: { birthDate: '1940-01-01', sex: 'F' } }), 'CMS951').notApplicableReason,
    ).toBe('age');
    expect(
      gapFor(diabetic({ demographics: { birthDate: '2008-01-02', sex: 'F' } }), 'CMS951').notApplicableReason,
    ).toBe('age');
  });

  it('needs active diabetes and excludes CKD stage 5 or ESRD', () => {
    const inactive = [aCondition('E119', '2018-01-01', { clinicalStatus: 'inactive' })];
    expect(gapFor(diabetic({ conditions: inactive }), 'CMS951').notApplicableReason).toBe('no-qualifying-diagnosis');
    const esrd = [aCondition('E119', '2018-01-01'), aCondition('N186', '2025-01-01')];
    expect(gapFor(diabetic({ conditions: esrd }), 'CMS951').reason).toContain('end-stage renal disease');
  });
});
