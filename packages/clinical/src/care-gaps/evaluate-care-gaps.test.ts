import { describe, expect, it } from 'vitest';
import { CARE_GAP_MEASURES, evaluateCareGaps } from './evaluate-care-gaps';
import { aCondition, anEncounter, anObservation, aPatient, aProcedure, gapFor } from './test-factories';

describe('evaluateCareGaps', () => {
  const record = aPatient({
    birthDate: '1958-09-09',
    sex: 'F',
    conditions: [aCondition('E119', '2015-01-01'), aCondition('I10', '2015-01-01')],
    encounters: [anEncounter('2026-03-03')],
    observations: [anObservation('4548-4', '2026-03-03', 8.1)],
  });

  it('returns one gap per measure, in the published order', () => {
    const gaps = evaluateCareGaps(record, { asOf: '2026-11-21' });
    expect(gaps.map((gap) => gap.measureId)).toEqual(CARE_GAP_MEASURES.map((measure) => measure.id));
    expect(gaps).toHaveLength(9);
    for (const gap of gaps) expect(gap.measurementPeriod).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });

  it('evaluates only the measures asked for', () => {
    const gaps = evaluateCareGaps(record, { asOf: '2026-11-21', measures: ['CMS122', 'CMS951'] });
    expect(gaps.map((gap) => gap.measureId)).toEqual(['CMS122', 'CMS951']);
  });

  it('uses the calendar year of the as-of day, with its published version', () => {
    const [gap] = evaluateCareGaps(record, { asOf: '2025-06-01T10:00:00Z', measures: ['CMS122'] });
    expect(gap).toMatchObject({
      measureVersion: 'CMS122v13',
      measurementPeriod: { start: '2025-01-01', end: '2025-12-31' },
    });
    const [later] = evaluateCareGaps(record, { asOf: '2027-02-01', measures: ['CMS122'] });
    expect(later?.measureVersion).toBe('CMS122v14 (logic applied to 2027)');
  });

  it('gives every open gap the end of the period as its due date and explains every status', () => {
    for (const gap of evaluateCareGaps(record, { asOf: '2026-11-21' })) {
      expect(gap.reason.length).toBeGreaterThan(10);
      if (gap.status === 'open' || gap.status === 'prospective') expect(gap.dueDate).toBe('2026-12-31');
      if (gap.status === 'not-applicable') expect(gap.dueDate).toBeUndefined();
    }
  });

  it('rejects an as-of value that is not a date', () => {
    expect(() => evaluateCareGaps(record, { asOf: 'yesterday' })).toThrow('Not an ISO date');
  });

  it('points every piece of evidence at the record item it came from', () => {
    const [gap] = evaluateCareGaps(record, { asOf: '2026-11-21', measures: ['CMS122'] });
    const ids = new Set([...record.conditions, ...record.encounters, ...record.observations].map((item) => item.id));
    expect(gap?.evidence.length).toBeGreaterThan(0);
    for (const item of gap?.evidence ?? []) expect(ids.has(item.resourceId)).toBe(true);
  });
});

describe('record reading shared by the measures', () => {
  it('accepts a diabetes diagnosis from a claim dated in the period', () => {
    const patient = aPatient({
      birthDate: '1970-01-01',
      claims: [{ id: 'claim-1', icdCode: 'E1165', serviceDate: '2026-02-01', source: 'HIE' }],
      encounters: [anEncounter('2026-02-01')],
    });
    expect(gapFor(patient, 'CMS122').evidence[0]).toMatchObject({ resourceType: 'Claim', resourceId: 'claim-1' });
  });

  it('shows the latest qualifying visit, not every visit, as population evidence', () => {
    const visits = [anEncounter('2026-05-01'), anEncounter('2026-01-15'), anEncounter('2026-03-01')];
    const patient = aPatient({
      birthDate: '1970-01-01',
      conditions: [aCondition('E119', '2020-01-01')],
      encounters: visits,
    });
    const shown = gapFor(patient, 'CMS122').evidence.filter((item) => item.resourceType === 'Encounter');
    expect(shown.map((item) => item.date)).toEqual(['2026-05-01']);
  });

  it('ignores refuted diagnoses', () => {
    const patient = aPatient({
      birthDate: '1970-01-01',
      conditions: [aCondition('E119', '2020-01-01', { verificationStatus: 'refuted' })],
      encounters: [anEncounter('2026-02-01')],
    });
    expect(gapFor(patient, 'CMS122').notApplicableReason).toBe('no-qualifying-diagnosis');
  });

  it('does not exclude on a hospice admission dated after the as-of day', () => {
    const patient = aPatient({
      birthDate: '1970-01-01',
      encounters: [anEncounter('2026-02-01'), anEncounter('2026-09-01', '305336008')],
    });
    expect(gapFor(patient, 'CMS130', '2026-06-30').status).toBe('open');
    expect(gapFor(patient, 'CMS130', '2026-09-01').notApplicableReason).toBe('excluded');
  });

  it('reads imaging reports filed as LOINC-coded procedures', () => {
    const patient = aPatient({
      birthDate: '1965-01-01',
      sex: 'F',
      encounters: [anEncounter('2026-02-01')],
      procedures: [aProcedure('24606-6', '2025-12-01', 'http://loinc.org')],
    });
    expect(gapFor(patient, 'CMS125')).toMatchObject({ status: 'closed', dueDate: '2027-12-31' });
  });
});
