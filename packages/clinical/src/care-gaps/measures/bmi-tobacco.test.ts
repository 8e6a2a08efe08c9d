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
  HCPCS,
  SNOMED,
} from '../test-factories';

const BMI = '39156-5';

function seen(overrides: Partial<PatientRecord> = {}): PatientRecord {
  return aPatient({ birthDate: '1975-08-01', encounters: [anEncounter('2026-02-10')], ...overrides });
}

describe('CMS69 BMI Screening and Follow-Up Plan', () => {
  it('closes with a normal BMI (18.5 to under 25)', () => {
    expect(gapFor(seen({ observations: [anObservation(BMI, '2026-02-10', 24.9)] }), 'CMS69').status).toBe('closed');
    expect(gapFor(seen({ observations: [anObservation(BMI, '2026-02-10', 18.5)] }), 'CMS69').status).toBe('closed');
  });

  it('needs a follow-up plan from a BMI of 25, or below 18.5', () => {
    const high = seen({ observations: [anObservation(BMI, '2026-02-10', 25)] });
    expect(gapFor(high, 'CMS69').status).toBe('open');
    const counselled = { ...high, procedures: [aProcedure('G0447', '2026-02-10', HCPCS)] };
    expect(gapFor(counselled, 'CMS69').status).toBe('closed');
    const low = seen({ observations: [anObservation(BMI, '2026-02-10', 18.4)] });
    expect(gapFor(low, 'CMS69').status).toBe('open');
    expect(gapFor({ ...low, procedures: [aProcedure('97802', '2026-03-01')] }, 'CMS69').status).toBe('closed');
  });

  it('accepts an oral weight-loss medication started this period as the follow-up, not an injectable one', () => {
    const onDrug = (display: string) =>
      seen({ observations: [anObservation(BMI, '2026-02-10', 33)], medications: [aMedication(display, '2026-02-10')] });
    expect(gapFor(onDrug('phentermine hydrochloride 37.5 MG Oral Tablet'), 'CMS69').status).toBe('closed');
    expect(gapFor(onDrug('semaglutide 2.4 MG/0.75ML Auto-Injector'), 'CMS69').status).toBe('open');
  });

  it('stays open without any BMI this period', () => {
    expect(gapFor(seen({ observations: [anObservation(BMI, '2025-12-01', 22)] }), 'CMS69').status).toBe('open');
  });

  it('does not count virtual visits', () => {
    const virtual = seen({ encounters: [anEncounter('2026-02-10', '99213', { classCode: 'VR' })] });
    expect(gapFor(virtual, 'CMS69').status).toBe('prospective');
  });

  it('excludes pregnancy and adults under 18 at the end of the period', () => {
    expect(gapFor(seen({ conditions: [aCondition('Z3402', '2026-01-20')] }), 'CMS69').notApplicableReason).toBe(
      'excluded',
    );
    expect(gapFor(seen({ demographics: { birthDate: '2009-01-01', sex: 'F' } }), 'CMS69').notApplicableReason).toBe(
      'age',
    );
  });
});

function screening(valueCode: string, date = '2026-02-10') {
  return anObservation('72166-2', date, undefined, { valueCode });
}

const NON_SMOKER = '266919005';
const SMOKER = '449868002';

describe('CMS138 Tobacco Use: Screening and Cessation Intervention (population 3)', () => {
  const twoVisits = [anEncounter('2026-02-10'), anEncounter('2026-04-10')];

  it('closes when the most recent screening finds a non-user', () => {
    expect(gapFor(seen({ encounters: twoVisits, observations: [screening(NON_SMOKER)] }), 'CMS138').status).toBe(
      'closed',
    );
  });

  it('needs counseling or pharmacotherapy for a tobacco user', () => {
    const user = seen({ encounters: twoVisits, observations: [screening(SMOKER)] });
    expect(gapFor(user, 'CMS138').status).toBe('open');
    expect(gapFor({ ...user, procedures: [aProcedure('99406', '2026-02-10')] }, 'CMS138').status).toBe('closed');
    expect(gapFor({ ...user, procedures: [aProcedure('225323000', '2026-02-10', SNOMED)] }, 'CMS138').status).toBe(
      'closed',
    );
  });

  it('accepts pharmacotherapy ordered from six months before the period', () => {
    const user = seen({ encounters: twoVisits, observations: [screening(SMOKER)] });
    const july = {
      ...user,
      medications: [aMedication('varenicline 1 MG tablet', '2025-07-01', { status: 'completed' })],
    };
    const june = {
      ...user,
      medications: [aMedication('varenicline 1 MG tablet', '2025-06-30', { status: 'completed' })],
    };
    expect(gapFor(july, 'CMS138').status).toBe('closed');
    expect(gapFor(june, 'CMS138').status).toBe('open');
  });

  it('follows the most recent screening', () => {
    const observations = [screening(NON_SMOKER, '2026-01-05'), screening(SMOKER, '2026-04-10')];
    expect(gapFor(seen({ encounters: twoVisits, observations }), 'CMS138').status).toBe('open');
  });

  it('needs two qualifying visits or one preventive visit to enter the population', () => {
    expect(gapFor(seen(), 'CMS138').status).toBe('prospective');
    expect(gapFor(seen({ encounters: twoVisits }), 'CMS138').status).toBe('open');
    expect(gapFor(seen({ encounters: [anEncounter('2026-02-10', '99396')] }), 'CMS138').status).toBe('open');
  });

  it('covers patients 12 and older at the start of the period and excludes hospice', () => {
    expect(gapFor(seen({ demographics: { birthDate: '2014-01-02', sex: 'M' } }), 'CMS138').notApplicableReason).toBe(
      'age',
    );
    const hospice = seen({ encounters: twoVisits, demographics: { birthDate: '1975-08-01', sex: 'M', hospice: true } });
    expect(gapFor(hospice, 'CMS138').notApplicableReason).toBe('excluded');
  });
});
