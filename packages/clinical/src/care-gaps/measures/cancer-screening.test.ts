import { describe, expect, it } from 'vitest';
import type { PatientRecord } from '../../record';
import {
  aCondition,
  anEncounter,
  anObservation,
  aPatient,
  aProcedure,
  frailWithAdvancedIllness,
  gapFor,
  HCPCS,
  ICD10PCS,
} from '../test-factories';

const MAMMOGRAM = '24606-6';

function woman(birthDate: string, overrides: Partial<PatientRecord> = {}): PatientRecord {
  return aPatient({ birthDate, sex: 'F', encounters: [anEncounter('2026-02-10')], ...overrides });
}

describe('CMS125 Breast Cancer Screening', () => {
  it('does not apply to men', () => {
    expect(gapFor(aPatient({ birthDate: '1970-01-01', sex: 'M' }), 'CMS125').notApplicableReason).toBe('sex');
  });

  it('covers women 42 to 74 at the end of 2026 (CMS125v14)', () => {
    expect(gapFor(woman('1984-12-31'), 'CMS125')).toMatchObject({ status: 'open', measureVersion: 'CMS125v14' });
    expect(gapFor(woman('1985-01-01'), 'CMS125').notApplicableReason).toBe('age');
    expect(gapFor(woman('1952-12-31'), 'CMS125').status).toBe('open');
    expect(gapFor(woman('1951-12-31'), 'CMS125').notApplicableReason).toBe('age');
  });

  it('starts at 52 for the 2025 period (CMS125v13)', () => {
    const at51 = woman('1974-06-01', { encounters: [anEncounter('2025-02-10')] });
    expect(gapFor(at51, 'CMS125', '2025-06-15')).toMatchObject({
      notApplicableReason: 'age',
      measureVersion: 'CMS125v13',
    });
  });

  it('counts a mammogram from 1 October two years before the period, not the day before', () => {
    const onTime = woman('1965-01-01', { observations: [anObservation(MAMMOGRAM, '2024-10-01')] });
    const dayEarly = woman('1965-01-01', { observations: [anObservation(MAMMOGRAM, '2024-09-30')] });
    expect(gapFor(onTime, 'CMS125')).toMatchObject({ status: 'closed', dueDate: '2026-12-31' });
    expect(gapFor(dayEarly, 'CMS125').status).toBe('open');
  });

  it('keeps an October-to-December mammogram valid through a second period', () => {
    const november = woman('1965-01-01', { observations: [anObservation('72142-3', '2025-11-01')] });
    const march = woman('1965-01-01', { observations: [anObservation(MAMMOGRAM, '2025-03-01')] });
    expect(gapFor(november, 'CMS125').dueDate).toBe('2027-12-31');
    expect(gapFor(march, 'CMS125').dueDate).toBe('2026-12-31');
  });

  it('excludes a bilateral mastectomy, or a right and a left one, but not one side only', () => {
    const bilateral = woman('1965-01-01', { conditions: [aCondition('Z9013', '2015-01-01')] });
    const rightOnly = woman('1965-01-01', { conditions: [aCondition('Z9011', '2015-01-01')] });
    const bothSides = woman('1965-01-01', {
      conditions: [aCondition('Z9011', '2015-01-01')],
      procedures: [aProcedure('0HTU0ZZ', '2019-01-01', ICD10PCS)],
    });
    expect(gapFor(bilateral, 'CMS125').reason).toContain('bilateral mastectomy');
    expect(gapFor(rightOnly, 'CMS125').status).toBe('open');
    expect(gapFor(bothSides, 'CMS125').notApplicableReason).toBe('excluded');
  });

  it('excludes women 66 and older with frailty and advanced illness', () => {
    expect(gapFor(woman('1958-01-01', frailWithAdvancedIllness()), 'CMS125').notApplicableReason).toBe('excluded');
  });
});

function adult(birthDate: string, overrides: Partial<PatientRecord> = {}): PatientRecord {
  return aPatient({ birthDate, sex: 'M', encounters: [anEncounter('2026-02-10')], ...overrides });
}

describe('CMS130 Colorectal Cancer Screening', () => {
  it('covers ages 46 to 75 at the end of the period', () => {
    expect(gapFor(adult('1980-12-31'), 'CMS130').status).toBe('open');
    expect(gapFor(adult('1981-01-01'), 'CMS130').notApplicableReason).toBe('age');
    expect(gapFor(adult('1951-12-31'), 'CMS130').status).toBe('open');
    expect(gapFor(adult('1950-12-31'), 'CMS130').notApplicableReason).toBe('age');
  });

  it('counts a colonoscopy for 10 years: the period and the nine before it', () => {
    const inside = adult('1960-01-01', { procedures: [aProcedure('45378', '2017-01-01')] });
    const outside = adult('1960-01-01', { procedures: [aProcedure('45378', '2016-12-31')] });
    expect(gapFor(inside, 'CMS130')).toMatchObject({ status: 'closed', dueDate: '2026-12-31' });
    expect(gapFor(outside, 'CMS130').status).toBe('open');
  });

  it('counts a FIT only during the period, and only with a result', () => {
    expect(
      gapFor(adult('1960-01-01', { observations: [anObservation('29771-3', '2026-01-01', 0)] }), 'CMS130').status,
    ).toBe('closed');
    const lastYear = adult('1960-01-01', { observations: [anObservation('29771-3', '2025-12-31', 0)] });
    expect(gapFor(lastYear, 'CMS130').status).toBe('open');
    const noResult = adult('1960-01-01', { observations: [anObservation('29771-3', '2026-03-01')] });
    expect(gapFor(noResult, 'CMS130').status).toBe('open');
  });

  it('counts FIT-DNA for 3 years and CT colonography and flexible sigmoidoscopy for 5', () => {
    const fitDna = (date: string) =>
      adult('1960-01-01', { observations: [anObservation('77354-9', date, undefined, { valueCode: 'negative' })] });
    expect(gapFor(fitDna('2024-01-01'), 'CMS130').status).toBe('closed');
    expect(gapFor(fitDna('2023-12-31'), 'CMS130').status).toBe('open');
    const ct = (date: string) => adult('1960-01-01', { observations: [anObservation('79101-2', date)] });
    expect(gapFor(ct('2022-01-01'), 'CMS130').status).toBe('closed');
    expect(gapFor(ct('2021-12-31'), 'CMS130').status).toBe('open');
    const sigmoidoscopy = (date: string) => adult('1960-01-01', { procedures: [aProcedure('G0104', date, HCPCS)] });
    expect(gapFor(sigmoidoscopy('2022-01-01'), 'CMS130').dueDate).toBe('2026-12-31');
    expect(gapFor(sigmoidoscopy('2021-12-31'), 'CMS130').status).toBe('open');
  });

  it('reports the screening that keeps the gap closed longest', () => {
    const record = adult('1960-01-01', {
      procedures: [aProcedure('45380', '2020-05-01')],
      observations: [anObservation('29771-3', '2026-02-01', 0)],
    });
    const gap = gapFor(record, 'CMS130');
    expect(gap.dueDate).toBe('2029-12-31');
    expect(gap.reason).toContain('Colonoscopy on 2020-05-01');
  });

  it('excludes colorectal cancer and total colectomy', () => {
    expect(gapFor(adult('1960-01-01', { conditions: [aCondition('C187', '2018-01-01')] }), 'CMS130').reason).toContain(
      'colorectal cancer',
    );
    expect(gapFor(adult('1960-01-01', { procedures: [aProcedure('44150', '2010-01-01')] }), 'CMS130').reason).toContain(
      'total colectomy',
    );
  });

  it('is prospective when the patient has not been seen this period', () => {
    const gap = gapFor(adult('1960-01-01', { encounters: [anEncounter('2025-05-01')] }), 'CMS130');
    expect(gap).toMatchObject({ status: 'prospective', numeratorMet: false });
  });
});
