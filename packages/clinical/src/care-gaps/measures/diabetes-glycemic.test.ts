import { describe, expect, it } from 'vitest';
import type { PatientRecord } from '../../record';
import { aCondition, anEncounter, anObservation, aPatient, gapFor } from '../test-factories';

const HBA1C = '4548-4';

function diabetic(overrides: Partial<PatientRecord> = {}): PatientRecord {
  return aPatient({
    birthDate: '1960-05-01',
    conditions: [aCondition('E119', '2019-03-01')],
    encounters: [anEncounter('2026-02-10')],
    ...overrides,
  });
}

describe('CMS122 Diabetes: Glycemic Status Assessment Greater Than 9% (inverse)', () => {
  it('closes the gap when the most recent HbA1c this year is 9.0 % or less', () => {
    const gap = gapFor(diabetic({ observations: [anObservation(HBA1C, '2026-03-01', 7.4, { unit: '%' })] }), 'CMS122');
    expect(gap).toMatchObject({ status: 'closed', inverse: true, numeratorMet: false, measureVersion: 'CMS122v14' });
    expect(gap.dueDate).toBe('2026-12-31');
    expect(gap.evidence.find((item) => item.role === 'numerator')).toMatchObject({ value: 7.4, date: '2026-03-01' });
  });

  it('treats exactly 9.0 % as controlled, since poor control is above 9 %', () => {
    expect(gapFor(diabetic({ observations: [anObservation(HBA1C, '2026-03-01', 9.0)] }), 'CMS122').status).toBe(
      'closed',
    );
  });

  it('keeps the gap open when the most recent HbA1c is above 9 %', () => {
    const gap = gapFor(diabetic({ observations: [anObservation(HBA1C, '2026-03-01', 9.1)] }), 'CMS122');
    expect(gap).toMatchObject({ status: 'open', numeratorMet: true });
    expect(gap.reason).toContain('above 9.0 %');
  });

  it('counts a missing HbA1c as poor control', () => {
    const gap = gapFor(diabetic(), 'CMS122');
    expect(gap).toMatchObject({ status: 'open', numeratorMet: true });
    expect(gap.reason).toContain('No HbA1c or GMI result');
  });

  it('counts a test without a result as poor control', () => {
    expect(gapFor(diabetic({ observations: [anObservation(HBA1C, '2026-03-01')] }), 'CMS122').status).toBe('open');
  });

  it('uses the most recent reading, not the best one', () => {
    const improving = [anObservation(HBA1C, '2026-01-10', 10.2), anObservation(HBA1C, '2026-04-10', 7.0)];
    const worsening = [anObservation(HBA1C, '2026-01-10', 7.0), anObservation(HBA1C, '2026-04-10', 10.2)];
    expect(gapFor(diabetic({ observations: improving }), 'CMS122').status).toBe('closed');
    expect(gapFor(diabetic({ observations: worsening }), 'CMS122').status).toBe('open');
  });

  it('takes the lowest of several readings on the most recent day', () => {
    const sameDay = [anObservation(HBA1C, '2026-04-10', 9.5), anObservation('17856-6', '2026-04-10', 8.8)];
    expect(gapFor(diabetic({ observations: sameDay }), 'CMS122').status).toBe('closed');
  });

  it('accepts a glucose management indicator (GMI, LOINC 97506-0)', () => {
    expect(gapFor(diabetic({ observations: [anObservation('97506-0', '2026-05-01', 7.9)] }), 'CMS122').status).toBe(
      'closed',
    );
  });

  it('converts IFCC mmol/mol to NGSP % (75 mmol/mol is 9.0 %; 86 mmol/mol is 10.0 %)', () => {
    const high = anObservation(HBA1C, '2026-03-01', 86, { unit: 'mmol/mol' });
    expect(gapFor(diabetic({ observations: [high] }), 'CMS122').status).toBe('open');
  });

  it('ignores last year’s reading and readings dated after the as-of day', () => {
    const observations = [anObservation(HBA1C, '2025-12-31', 6.5), anObservation(HBA1C, '2026-07-01', 6.5)];
    expect(gapFor(diabetic({ observations }), 'CMS122', '2026-06-30').status).toBe('open');
  });

  it('includes ages 18 to 75 at the end of the period and no others', () => {
    expect(gapFor(diabetic({ demographics: { birthDate: '1951-12-31', sex: 'F' } }), 'CMS122').status).toBe('open');
    expect(gapFor(diabetic({ demographics: { birthDate: '1950-12-31', sex: 'F' } }), 'CMS122')).toMatchObject({
      status: 'not-applicable',
      notApplicableReason: 'age',
    });
    expect(gapFor(diabetic({ demographics: { birthDate: '2008-12-31', sex: 'F' } }), 'CMS122').status).toBe('open');
    expect(gapFor(diabetic({ demographics: { birthDate: '2009-01-01', sex: 'F' } }), 'CMS122').status).toBe(
      'not-applicable',
    );
  });

  it('does not apply without a diabetes diagnosis overlapping the period', () => {
    const resolved = aCondition('E119', '2020-01-01', { clinicalStatus: 'resolved', abatementDate: '2025-12-31' });
    expect(gapFor(diabetic({ conditions: [resolved] }), 'CMS122')).toMatchObject({
      status: 'not-applicable',
      notApplicableReason: 'no-qualifying-diagnosis',
    });
  });

  it('is prospective until a qualifying encounter happens this period', () => {
    const gap = gapFor(diabetic({ encounters: [anEncounter('2025-11-01')] }), 'CMS122');
    expect(gap).toMatchObject({ status: 'prospective', dueDate: '2026-12-31' });
  });

  it('excludes patients in hospice or palliative care this period', () => {
    const hospice = diabetic({ encounters: [anEncounter('2026-02-10'), anEncounter('2026-03-01', '305336008')] });
    expect(gapFor(hospice, 'CMS122')).toMatchObject({ status: 'not-applicable', notApplicableReason: 'excluded' });
    const palliative = diabetic({ conditions: [aCondition('E119', '2019-03-01'), aCondition('Z515', '2026-04-01')] });
    expect(gapFor(palliative, 'CMS122').reason).toContain('palliative');
  });

  it('excludes patients 66 and older with both frailty and advanced illness, not either alone', () => {
    const born1960 = { birthDate: '1960-05-01', sex: 'F' as const };
    const walker = anObservation('98181-1', '2026-02-01', undefined, { valueCode: '1255320005' });
    const heartFailure = aCondition('I5022', '2026-02-01');
    const diabetes = aCondition('E119', '2019-03-01');
    const both = diabetic({ demographics: born1960, observations: [walker], conditions: [diabetes, heartFailure] });
    expect(gapFor(both, 'CMS122').reason).toContain('advanced illness and frailty');
    expect(gapFor(diabetic({ demographics: born1960, observations: [walker] }), 'CMS122').status).toBe('open');
    const aged65 = { ...both, demographics: { birthDate: '1961-05-01', sex: 'F' as const } };
    expect(gapFor(aged65, 'CMS122').status).toBe('open');
  });

  it('does not count a frailty symptom coded as a diagnosis (R54 age-related debility) as frailty', () => {
    const conditions = [
      aCondition('E119', '2019-03-01'),
      aCondition('R54', '2026-02-01'),
      aCondition('I5022', '2026-02-01'),
    ];
    expect(gapFor(diabetic({ conditions }), 'CMS122').status).toBe('open');
    const wheelchairDependent = [...conditions, aCondition('Z993', '2026-02-01')];
    expect(gapFor(diabetic({ conditions: wheelchairDependent }), 'CMS122').notApplicableReason).toBe('excluded');
  });

  it('excludes patients 66 and older whose latest housing status is a nursing home', () => {
    const nursingHome = anObservation('71802-3', '2026-01-05', undefined, { valueCode: '160734000' });
    const gap = gapFor(diabetic({ observations: [nursingHome] }), 'CMS122');
    expect(gap.reason).toContain('nursing home');
  });
});
