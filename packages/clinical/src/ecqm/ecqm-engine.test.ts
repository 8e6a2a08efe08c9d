import { beforeAll, describe, expect, it } from 'vitest';
import { aCondition, aPatient, anEncounter, anObservation } from './testing/record-factories';
import type { PatientRecord } from '../record';
import { createEcqmEngine, type EcqmEngine } from './ecqm-engine';
import { recordItemOf } from './fhir-view';
import type { EcqmMeasureId } from './measure-catalog';
import { toFhirBundle } from './to-fhir-bundle';
import { generateRecord } from '../suspecting/testing/generate-record';
import type { EcqmMeasureResult } from './types';

const PERIOD = { periodStart: '2025-01-01', periodEnd: '2025-12-31' };

let engine: EcqmEngine;
beforeAll(async () => {
  engine = createEcqmEngine();
  await engine.evaluate([], { ...PERIOD, measures: ['CMS165', 'CMS122'] });
}, 120_000);

async function evaluate(record: PatientRecord, measure: EcqmMeasureId): Promise<EcqmMeasureResult> {
  const [patient] = await engine.evaluate([toFhirBundle(record)], { ...PERIOD, measures: [measure] });
  const result = patient?.measures[0];
  if (!result) throw new Error('no result');
  return result;
}

/** A 65-year-old with essential hypertension since 2023, an office visit in 2025 and one blood pressure then. */
function hypertensive(bloodPressure: [number, number], classCode = 'AMB'): PatientRecord {
  const visit = anEncounter('2025-05-01', '99213', { classCode });
  return aPatient({
    birthDate: '1960-05-01',
    conditions: [aCondition('I10', '2023-03-01')],
    encounters: [anEncounter('2025-03-01'), visit],
    observations: [
      anObservation('8480-6', '2025-05-01', bloodPressure[0], { unit: 'mm[Hg]', encounterId: visit.id }),
      anObservation('8462-4', '2025-05-01', bloodPressure[1], { unit: 'mm[Hg]', encounterId: visit.id }),
    ],
  });
}

describe('the eCQM engine on the FHIR view of a record', () => {
  it('puts a controlled blood pressure in CMS165’s numerator, with the reading as evidence', async () => {
    const record = hypertensive([128, 78]);
    const result = await evaluate(record, 'CMS165');
    expect(result.measureUrl).toBe('https://madie.cms.gov/Measure/ControllingHighBloodPressureFHIR');
    expect(result.report.subject?.reference).toBe(`Patient/${record.patientId}`);
    const [group] = result.groups;
    expect(group?.populations).toEqual({
      'initial-population': true,
      denominator: true,
      'denominator-exclusion': false,
      numerator: true,
    });
    const readings = (group?.evidence.numerator ?? []).map((evidence) => recordItemOf(evidence.resource));
    expect(readings).toContain(`observations/${record.observations[0]?.id ?? ''}`);
    expect(group?.evidence['initial-population']?.map((evidence) => evidence.resourceType).sort()).toEqual([
      'Condition',
      'Encounter',
      'Encounter',
    ]);
  });

  it('leaves 150/95 out of CMS165’s numerator and shows the reading that did not suffice', async () => {
    const [group] = (await evaluate(hypertensive([150, 95]), 'CMS165')).groups;
    expect(group?.populations).toMatchObject({ denominator: true, numerator: false });
    expect(group?.evidence.numerator?.map((evidence) => evidence.resourceType)).toContain('Observation');
  });

  it('does not count a blood pressure taken in an emergency visit (CMS165)', async () => {
    const [group] = (await evaluate(hypertensive([128, 78], 'EMER'), 'CMS165')).groups;
    expect(group?.populations).toMatchObject({ denominator: true, numerator: false });
  });

  it('counts a claim for hypertension in the first half of 2025 for CMS165, not one of 2024', async () => {
    const withClaim = (serviceDate: string): PatientRecord => ({
      ...hypertensive([128, 78]),
      conditions: [],
      claims: [{ id: 'claim-1', icdCode: 'I10', serviceDate, source: 'HIE' }],
    });
    expect((await evaluate(withClaim('2025-02-01'), 'CMS165')).groups[0]?.populations['initial-population']).toBe(true);
    expect((await evaluate(withClaim('2024-09-01'), 'CMS165')).groups[0]?.populations['initial-population']).toBe(
      false,
    );
  });

  it('puts an HbA1c above 9 % in CMS122’s (inverse) numerator and 7.1 % out of it', async () => {
    const diabetic = (a1c: number) =>
      aPatient({
        birthDate: '1970-01-01',
        conditions: [aCondition('E119', '2022-01-01')],
        encounters: [anEncounter('2025-04-01')],
        observations: [anObservation('4548-4', '2025-04-01', a1c, { unit: '%' })],
      });
    expect((await evaluate(diabetic(9.4), 'CMS122')).groups[0]?.populations.numerator).toBe(true);
    expect((await evaluate(diabetic(7.1), 'CMS122')).groups[0]?.populations).toMatchObject({
      denominator: true,
      numerator: false,
    });
  });
});

describe('a measure evaluated past its initial population only for a patient in it', () => {
  it('gives the populations of every definition evaluated for every patient, on twelve measures', async () => {
    const everything = createEcqmEngine({ initialPopulationFirst: false });
    const bundles = Array.from({ length: 12 }, (_, index) =>
      toFhirBundle(generateRecord(index + 1, PERIOD.periodEnd), { asOf: PERIOD.periodEnd }),
    );
    const [fast, full] = await Promise.all([engine.evaluate(bundles, PERIOD), everything.evaluate(bundles, PERIOD)]);
    const populations = (patients: typeof fast) =>
      patients.map((patient) => patient.measures.map((measure) => measure.groups.map((group) => group.populations)));
    expect(populations(fast)).toEqual(populations(full));
    const outside = fast.flatMap((patient, index) =>
      patient.measures.flatMap((measure, at) =>
        measure.groups.every((group) => !group.populations['initial-population'])
          ? [{ fast: measure, full: full[index]?.measures[at] }]
          : [],
      ),
    );
    expect(outside.length).toBeGreaterThan(0);
    for (const pair of outside) {
      expect(pair.full?.evaluatedResources).toEqual(expect.arrayContaining(pair.fast.evaluatedResources));
      expect(pair.fast.report.group).toEqual(pair.full?.report.group);
    }
  }, 120_000);
});
