import { describe, expect, it } from 'vitest';
import type { ObservationRecord, PatientRecord } from '../../record';
import { aCondition, anEncounter, anObservation, aPatient, aProcedure, gapFor } from '../test-factories';

function bloodPressure(date: string, systolic: number, diastolic: number, encounterId?: string): ObservationRecord[] {
  const extra = encounterId ? { encounterId } : {};
  return [anObservation('8480-6', date, systolic, extra), anObservation('8462-4', date, diastolic, extra)];
}

function hypertensive(overrides: Partial<PatientRecord> = {}): PatientRecord {
  return aPatient({
    birthDate: '1970-03-15',
    conditions: [aCondition('I10', '2020-06-01')],
    encounters: [anEncounter('2026-02-10')],
    ...overrides,
  });
}

describe('CMS165 Controlling High Blood Pressure', () => {
  it('closes the gap when the most recent blood pressure is below 140/90', () => {
    const gap = gapFor(hypertensive({ observations: bloodPressure('2026-03-01', 128, 78) }), 'CMS165');
    expect(gap).toMatchObject({ status: 'closed', numeratorMet: true, dueDate: '2026-12-31' });
    expect(gap.evidence.filter((item) => item.role === 'numerator').map((item) => item.value)).toEqual([128, 78]);
  });

  it('keeps the gap open at exactly 140 systolic or 90 diastolic', () => {
    expect(gapFor(hypertensive({ observations: bloodPressure('2026-03-01', 140, 80) }), 'CMS165').status).toBe('open');
    expect(gapFor(hypertensive({ observations: bloodPressure('2026-03-01', 130, 90) }), 'CMS165').status).toBe('open');
    expect(gapFor(hypertensive({ observations: bloodPressure('2026-03-01', 139, 89) }), 'CMS165').status).toBe(
      'closed',
    );
  });

  it('keeps the gap open when no blood pressure was taken this period', () => {
    const gap = gapFor(hypertensive({ observations: bloodPressure('2025-12-20', 120, 70) }), 'CMS165');
    expect(gap).toMatchObject({ status: 'open', numeratorMet: false });
    expect(gap.reason).toContain('No blood pressure');
  });

  it('uses only the most recent day with a reading', () => {
    const observations = [...bloodPressure('2026-01-05', 120, 70), ...bloodPressure('2026-04-05', 152, 96)];
    expect(gapFor(hypertensive({ observations }), 'CMS165').status).toBe('open');
  });

  it('takes the lowest systolic and the lowest diastolic of that day, even from different readings', () => {
    const observations = [...bloodPressure('2026-04-05', 150, 85), ...bloodPressure('2026-04-05', 135, 92)];
    const gap = gapFor(hypertensive({ observations }), 'CMS165');
    expect(gap.status).toBe('closed');
    expect(gap.reason).toContain('135/85');
  });

  it('ignores readings taken in an emergency or inpatient encounter', () => {
    const emergency = anEncounter('2026-05-01', '99284', { classCode: 'EMER' });
    const observations = [
      ...bloodPressure('2026-03-01', 128, 78),
      ...bloodPressure('2026-05-01', 170, 100, emergency.id),
    ];
    const gap = gapFor(hypertensive({ observations, encounters: [anEncounter('2026-02-10'), emergency] }), 'CMS165');
    expect(gap.status).toBe('closed');
  });

  it('needs hypertension overlapping the first six months of the period', () => {
    const june30 = hypertensive({ conditions: [aCondition('I10', '2026-06-30')] });
    const july1 = hypertensive({ conditions: [aCondition('I10', '2026-07-01')] });
    expect(gapFor(june30, 'CMS165', '2026-09-01').status).toBe('open');
    expect(gapFor(july1, 'CMS165', '2026-09-01')).toMatchObject({ notApplicableReason: 'no-qualifying-diagnosis' });
  });

  it('covers ages 18 to 85 at the end of the period', () => {
    const at85 = hypertensive({ demographics: { birthDate: '1941-12-31', sex: 'M' } });
    const at86 = hypertensive({ demographics: { birthDate: '1940-12-31', sex: 'M' } });
    expect(gapFor(at85, 'CMS165').status).toBe('open');
    expect(gapFor(at86, 'CMS165').notApplicableReason).toBe('age');
  });

  it('excludes end-stage renal disease, dialysis and pregnancy', () => {
    const esrd = hypertensive({ conditions: [aCondition('I10', '2020-06-01'), aCondition('N186', '2024-01-01')] });
    expect(gapFor(esrd, 'CMS165').notApplicableReason).toBe('excluded');
    expect(gapFor(hypertensive({ procedures: [aProcedure('90935', '2023-05-01')] }), 'CMS165').status).toBe(
      'not-applicable',
    );
    const pregnant = hypertensive({ conditions: [aCondition('I10', '2020-06-01'), aCondition('Z3401', '2026-03-01')] });
    expect(gapFor(pregnant, 'CMS165').reason).toContain('pregnancy');
  });

  it('excludes frailty alone from age 81, but needs advanced illness too from 66 to 80', () => {
    const walker = anObservation('98181-1', '2026-02-01', undefined, { valueCode: '1255320005' });
    const at81 = hypertensive({ demographics: { birthDate: '1945-06-01', sex: 'F' }, observations: [walker] });
    const at80 = hypertensive({ demographics: { birthDate: '1946-06-01', sex: 'F' }, observations: [walker] });
    expect(gapFor(at81, 'CMS165').reason).toContain('81 or older with frailty');
    expect(gapFor(at80, 'CMS165').status).toBe('open');
  });
});
