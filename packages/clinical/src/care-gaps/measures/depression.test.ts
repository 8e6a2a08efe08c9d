import { describe, expect, it } from 'vitest';
import type { PatientRecord } from '../../record';
import {
  aCondition,
  aMedication,
  anEncounter,
  anObservation,
  aPatient,
  aProcedure,
  gapFor,
  SNOMED,
} from '../test-factories';

const ADULT_SCREEN = '73832-8';
const POSITIVE = '428181000124104';
const NEGATIVE = '428171000124102';

function screened(result: string, date: string) {
  return anObservation(ADULT_SCREEN, date, undefined, { valueCode: result });
}

function seenOn(date: string, overrides: Partial<PatientRecord> = {}): PatientRecord {
  return aPatient({ birthDate: '1980-01-01', encounters: [anEncounter(date)], ...overrides });
}

describe('CMS2 Screening for Depression and Follow-Up Plan', () => {
  it('closes with a negative screening on the visit day', () => {
    const gap = gapFor(seenOn('2026-03-10', { observations: [screened(NEGATIVE, '2026-03-10')] }), 'CMS2');
    expect(gap).toMatchObject({ status: 'closed', measureVersion: 'CMS2v15' });
  });

  it('counts a screening 14 days before the visit but not 15', () => {
    expect(gapFor(seenOn('2026-03-15', { observations: [screened(NEGATIVE, '2026-03-01')] }), 'CMS2').status).toBe(
      'closed',
    );
    expect(gapFor(seenOn('2026-03-15', { observations: [screened(NEGATIVE, '2026-02-28')] }), 'CMS2').status).toBe(
      'open',
    );
  });

  it('needs a follow-up plan after a positive screening', () => {
    const positive = [screened(POSITIVE, '2026-03-10')];
    expect(gapFor(seenOn('2026-03-10', { observations: positive }), 'CMS2').status).toBe('open');
    const referral = aProcedure('183524004', '2026-03-10', SNOMED);
    expect(gapFor(seenOn('2026-03-10', { observations: positive, procedures: [referral] }), 'CMS2').status).toBe(
      'closed',
    );
  });

  it('accepts an antidepressant ordered up to two days after the visit, not three', () => {
    const positive = [screened(POSITIVE, '2026-03-10')];
    const twoDays = seenOn('2026-03-10', {
      observations: positive,
      medications: [aMedication('sertraline 50 MG', '2026-03-12')],
    });
    const threeDays = seenOn('2026-03-10', {
      observations: positive,
      medications: [aMedication('sertraline 50 MG', '2026-03-13')],
    });
    expect(gapFor(twoDays, 'CMS2').status).toBe('closed');
    expect(gapFor(threeDays, 'CMS2').status).toBe('open');
  });

  it('accepts an antidepressant already active on the visit day from 2026 (CMS2v15), not in 2025 (CMS2v14)', () => {
    const onSertraline = (year: string) =>
      seenOn(`${year}-03-10`, {
        observations: [screened(POSITIVE, `${year}-03-10`)],
        medications: [aMedication('sertraline 50 MG', `${year}-01-05`)],
      });
    expect(gapFor(onSertraline('2026'), 'CMS2').status).toBe('closed');
    expect(gapFor(onSertraline('2025'), 'CMS2', '2025-06-15')).toMatchObject({
      status: 'open',
      measureVersion: 'CMS2v14',
    });
  });

  it('uses the adolescent medication list for ages 12 to 16', () => {
    const adolescent = (drug: string) =>
      seenOn('2026-03-10', {
        demographics: { birthDate: '2012-01-01', sex: 'M' },
        observations: [anObservation('73831-0', '2026-03-10', undefined, { valueCode: POSITIVE })],
        medications: [aMedication(drug, '2026-03-10')],
      });
    expect(gapFor(adolescent('fluoxetine 10 MG Oral Capsule'), 'CMS2').status).toBe('closed');
    expect(gapFor(adolescent('bupropion hydrochloride 75 MG Oral Tablet'), 'CMS2').status).toBe('open');
  });

  it('reads a PHQ-9 total at its cut-off of 10', () => {
    const phq9 = (score: number) =>
      seenOn('2026-03-10', { observations: [anObservation('44261-6', '2026-03-10', score)] });
    expect(gapFor(phq9(9), 'CMS2').status).toBe('closed');
    const positive = gapFor(phq9(10), 'CMS2');
    expect(positive.status).toBe('open');
    expect(positive.evidence.find((item) => item.role === 'numerator')?.description).toContain('PHQ-9 score 10');
  });

  it('uses the most recent screening', () => {
    const observations = [screened(NEGATIVE, '2026-01-10'), screened(POSITIVE, '2026-05-10')];
    const encounters = [anEncounter('2026-01-10'), anEncounter('2026-05-10')];
    expect(gapFor(aPatient({ birthDate: '1980-01-01', observations, encounters }), 'CMS2').status).toBe('open');
  });

  it('excludes bipolar disorder diagnosed before the visit', () => {
    const gap = gapFor(seenOn('2026-03-10', { conditions: [aCondition('F319', '2022-01-01')] }), 'CMS2');
    expect(gap).toMatchObject({ status: 'not-applicable', notApplicableReason: 'excluded' });
  });

  it('reads bipolar disorder from the problem list only, as the measure does', () => {
    const encounterDiagnosis = aCondition('F319', '2022-01-01', { category: 'encounter-diagnosis' });
    expect(gapFor(seenOn('2026-03-10', { conditions: [encounterDiagnosis] }), 'CMS2').status).toBe('open');
  });

  it('covers patients 12 and older at the start of the period', () => {
    expect(gapFor(seenOn('2026-03-10', { demographics: { birthDate: '2014-01-01', sex: 'F' } }), 'CMS2').status).toBe(
      'open',
    );
    expect(
      gapFor(seenOn('2026-03-10', { demographics: { birthDate: '2014-01-02', sex: 'F' } }), 'CMS2').notApplicableReason,
    ).toBe('age');
  });

  it('uses the adolescent screening for ages 12 to 16', () => {
    const adolescent = { birthDate: '2012-01-01', sex: 'F' as const };
    const adultForm = seenOn('2026-03-10', {
      demographics: adolescent,
      observations: [screened(NEGATIVE, '2026-03-10')],
    });
    const teenForm = seenOn('2026-03-10', {
      demographics: adolescent,
      observations: [anObservation('73831-0', '2026-03-10', undefined, { valueCode: NEGATIVE })],
    });
    expect(gapFor(adultForm, 'CMS2').status).toBe('open');
    expect(gapFor(teenForm, 'CMS2').status).toBe('closed');
  });

  it('is prospective before any qualifying visit this period', () => {
    expect(gapFor(aPatient({ birthDate: '1980-01-01' }), 'CMS2').status).toBe('prospective');
  });
});
