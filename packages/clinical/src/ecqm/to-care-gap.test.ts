import { beforeAll, describe, expect, it } from 'vitest';
import { aCondition, aPatient, anEncounter, anObservation } from './testing/record-factories';
import type { PatientRecord } from '../record';
import { createEcqmEngine, type EcqmEngine } from './ecqm-engine';
import type { EcqmMeasureId } from './measure-catalog';
import { toCareGap } from './to-care-gap';
import { toFhirBundle } from './to-fhir-bundle';

let engine: EcqmEngine;
beforeAll(async () => {
  engine = createEcqmEngine();
  await engine.evaluate([], {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    measures: ['CMS165', 'CMS122', 'CMS130'],
  });
}, 120_000);

async function gapFor(record: PatientRecord, measure: EcqmMeasureId) {
  const [patient] = await engine.evaluate([toFhirBundle(record)], {
    periodStart: '2025-01-01',
    periodEnd: '2025-12-31',
    measures: [measure],
  });
  if (!patient?.measures[0]) throw new Error('no result');
  return toCareGap(patient.measures[0]);
}

function hypertensive(overrides: Partial<PatientRecord> = {}): PatientRecord {
  const visit = anEncounter('2025-05-01', '99213', { classCode: 'AMB' });
  return aPatient({
    birthDate: '1960-05-01',
    conditions: [aCondition('I10', '2023-03-01')],
    encounters: [visit],
    observations: [
      anObservation('8480-6', '2025-05-01', 128, { unit: 'mm[Hg]', encounterId: visit.id }),
      anObservation('8462-4', '2025-05-01', 78, { unit: 'mm[Hg]', encounterId: visit.id }),
    ],
    ...overrides,
  });
}

describe('toCareGap', () => {
  it('closes CMS165 on a controlled blood pressure, with evidence pointing at the record items', async () => {
    const record = hypertensive();
    const gap = await gapFor(record, 'CMS165');
    expect(gap).toMatchObject({
      measureId: 'CMS165',
      measureVersion: 'ControllingHighBloodPressureFHIR 0.1.000',
      title: 'Controlling High Blood Pressure',
      status: 'closed',
      inverse: false,
      numeratorMet: true,
      measurementPeriod: { start: '2025-01-01', end: '2025-12-31' },
      dueDate: '2025-12-31',
      reason: 'Most recent blood pressure 128/78 mmHg (2025-05-01) is below 140/90.',
    });
    expect(gap.evidence).toContainEqual(
      expect.objectContaining({ role: 'population', resourceType: 'Condition', resourceId: record.conditions[0]?.id }),
    );
    expect(gap.evidence).toContainEqual(
      expect.objectContaining({
        role: 'numerator',
        resourceType: 'Observation',
        resourceId: record.observations[0]?.id,
        date: '2025-05-01',
        value: '128/78',
        unit: 'mm[Hg]',
      }),
    );
  });

  it('opens CMS165 on an uncontrolled reading and says which', async () => {
    const visit = anEncounter('2025-09-03', '99213', { classCode: 'AMB' });
    const record = hypertensive();
    record.encounters.push(visit);
    record.observations.push(
      anObservation('8480-6', '2025-09-03', 152, { unit: 'mm[Hg]', encounterId: visit.id }),
      anObservation('8462-4', '2025-09-03', 94, { unit: 'mm[Hg]', encounterId: visit.id }),
    );
    expect(await gapFor(record, 'CMS165')).toMatchObject({
      status: 'open',
      reason: 'Most recent blood pressure 152/94 mmHg (2025-09-03) is not below 140/90.',
    });
    expect(await gapFor(hypertensive({ observations: [] }), 'CMS165')).toMatchObject({
      status: 'open',
      reason: 'No blood pressure reading in 2025.',
    });
  });

  it('excludes CMS165 for palliative care, with the diagnosis as evidence', async () => {
    const palliative = aCondition('Z515', '2025-02-01');
    const gap = await gapFor(hypertensive({ conditions: [aCondition('I10', '2023-03-01'), palliative] }), 'CMS165');
    expect(gap).toMatchObject({ status: 'not-applicable', notApplicableReason: 'excluded', numeratorMet: undefined });
    expect(gap.reason).toMatch(/^Excluded: .* \(2025-02-01\)\.$/);
    expect(gap.evidence).toEqual([
      expect.objectContaining({ role: 'exclusion', resourceType: 'Condition', resourceId: palliative.id }),
    ]);
  });

  it('says not-in-population without hypertension, and names a claim as a Claim', async () => {
    expect(await gapFor(hypertensive({ conditions: [] }), 'CMS165')).toMatchObject({
      status: 'not-applicable',
      notApplicableReason: 'not-in-population',
      dueDate: undefined,
      reason: "Not in the measure's population in 2025 (age, sex, diagnosis or qualifying visit).",
    });
    const claim = { id: 'claim-9', icdCode: 'I10', serviceDate: '2025-03-01', source: 'HIE' as const };
    const gap = await gapFor(hypertensive({ conditions: [], claims: [claim] }), 'CMS165');
    expect(gap.evidence).toContainEqual(
      expect.objectContaining({ role: 'population', resourceType: 'Claim', resourceId: 'claim-9' }),
    );
  });

  it('opens the inverse CMS122 when the most recent HbA1c is above 9 %', async () => {
    const record = aPatient({
      birthDate: '1970-01-01',
      conditions: [aCondition('E119', '2022-01-01')],
      encounters: [anEncounter('2025-04-01')],
      observations: [anObservation('4548-4', '2025-04-01', 9.4, { unit: '%' })],
    });
    expect(await gapFor(record, 'CMS122')).toMatchObject({
      status: 'open',
      inverse: true,
      numeratorMet: true,
      reason: 'Most recent HbA1c or GMI 9.4 % (2025-04-01) is above 9.0 %.',
    });
  });

  it('says what closes an open screening gap, with its window dated for the period', async () => {
    const record = aPatient({ birthDate: '1965-01-01', encounters: [anEncounter('2025-04-01')] });
    expect(await gapFor(record, 'CMS130')).toMatchObject({
      status: 'open',
      reason:
        'No colorectal cancer screening in its window: FOBT in 2025, stool DNA with FIT since 2023, flexible sigmoidoscopy or CT colonography since 2021, colonoscopy since 2016.',
    });
  });
});
