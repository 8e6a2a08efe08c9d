import type { Bundle, Composition, Condition, DetectedIssue, MeasureReport, Patient } from 'fhir/r4';
import { beforeAll, describe, expect, it } from 'vitest';
import { aCondition, aPatient, anEncounter, anObservation } from '../ecqm/testing/record-factories';
import { createEcqmEngine, type EcqmEngine } from '../ecqm/ecqm-engine';
import type { EcqmMeasureId } from '../ecqm/measure-catalog';
import { loadMeasureContent } from '../ecqm/measure-content';
import { toFhirBundle } from '../ecqm/to-fhir-bundle';
import type { PatientRecord } from '../record';
import type { GapStatus } from './deqm-urls';
import { toGapsBundle, type GapsReportMeasure } from './gaps-bundle';
import { checkGapsBundle } from './testing';

const PERIOD = { periodStart: '2025-01-01', periodEnd: '2025-12-31' };
const MEASURES: EcqmMeasureId[] = ['CMS165', 'CMS122'];

let engine: EcqmEngine;
beforeAll(async () => {
  engine = createEcqmEngine();
  await engine.evaluate([], { ...PERIOD, measures: MEASURES });
}, 120_000);

/** A 65-year-old with hypertension since 2023, seen in 2025 with one blood pressure. */
function hypertensive(bloodPressure: [number, number]): PatientRecord {
  const visit = anEncounter('2025-05-01', '99213');
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

/** The patient's gaps bundle from the engine's reports, as `$care-gaps` makes it from stored ones. */
async function gapsBundleOf(record: PatientRecord, statuses: GapStatus[]): Promise<Bundle | undefined> {
  const view = toFhirBundle(record);
  const [result] = await engine.evaluate([view], { ...PERIOD, measures: MEASURES });
  const content = loadMeasureContent();
  const measures = (result?.measures ?? []).map((measure): GapsReportMeasure => {
    const facts = content.find((item) => item.id === measure.measureId);
    return {
      measureId: measure.measureId,
      title: facts?.title ?? '',
      version: measure.measureVersion,
      scoring: 'proportion',
      isInverse: measure.measureId === 'CMS122',
      report: measure.report,
      reportId: measure.report.id ?? '',
      computedAt: '2026-01-05T10:00:00.000Z',
    };
  });
  const resources = (view.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
  const patient = resources.find((resource): resource is Patient => resource.resourceType === 'Patient');
  return toGapsBundle({
    patient: { ...patient!, name: [{ family: 'Rivera', given: ['Ana'] }] },
    resources,
    measures,
    statuses,
    organisation: { id: '0f7c2b9e-3d1a-4c55-9a57-7d0c7e1f0a11', name: 'Lakeside Primary Care' },
    fhirBase: 'https://cairn.example/api/fhir',
    timestamp: '2026-01-06T09:00:00.000Z',
    documentId: '5b0f7c2a-1d3e-4f6a-8b9c-0d1e2f3a4b5c',
  });
}

const resourcesOf = <T>(bundle: Bundle | undefined, type: string): T[] =>
  (bundle?.entry ?? []).flatMap((entry) => (entry.resource?.resourceType === type ? [entry.resource as T] : []));

describe('the DEQM gaps-in-care Bundle of stored individual MeasureReports', () => {
  it('reports an open CMS165 gap as the DEQM STU4 profiles require', async () => {
    const record = hypertensive([150, 95]);
    const bundle = await gapsBundleOf(record, ['open-gap', 'closed-gap']);
    expect(checkGapsBundle(bundle!)).toEqual([]);
    expect(bundle?.entry?.[0]?.resource?.resourceType).toBe('Composition');
    const [issue] = resourcesOf<DetectedIssue>(bundle, 'DetectedIssue');
    expect(issue?.modifierExtension?.[0]?.valueCodeableConcept?.coding?.[0]?.code).toBe('open-gap');
    const [composition] = resourcesOf<Composition>(bundle, 'Composition');
    expect(composition?.section?.map((section) => section.title)).toEqual(['CMS165 Controlling High Blood Pressure']);
    expect(composition?.subject?.reference).toBe(`Patient/${record.patientId}`);
  });

  it('holds the resources the report evaluated, with the encounter the reading names', async () => {
    const record = hypertensive([150, 95]);
    const bundle = await gapsBundleOf(record, ['open-gap']);
    const [report] = resourcesOf<MeasureReport>(bundle, 'MeasureReport');
    const held = new Set((bundle?.entry ?? []).map((entry) => `${entry.resource?.resourceType}/${entry.resource?.id}`));
    const evaluated = (report?.evaluatedResource ?? []).map((reference) => reference.reference);
    expect(evaluated).toEqual(
      expect.arrayContaining([`Patient/${record.patientId}`, `Condition/${record.conditions[0]!.id}`]),
    );
    for (const reference of evaluated) expect(held).toContain(reference);
    expect(report).toMatchObject({ type: 'individual', status: 'complete', date: '2026-01-05T10:00:00.000Z' });
    expect(report?.measure).toMatch(/^https:\/\/madie\.cms\.gov\/Measure\/ControllingHighBloodPressureFHIR\|/);
  });

  it('reports a controlled blood pressure as a closed gap, and leaves it out when only open gaps are asked for', async () => {
    const record = hypertensive([128, 78]);
    const closed = await gapsBundleOf(record, ['closed-gap']);
    expect(checkGapsBundle(closed!)).toEqual([]);
    const [issue] = resourcesOf<DetectedIssue>(closed, 'DetectedIssue');
    expect(issue?.modifierExtension?.[0]?.valueCodeableConcept?.coding?.[0]?.code).toBe('closed-gap');
    expect(await gapsBundleOf(record, ['open-gap'])).toBeUndefined();
  });

  it('gives a claim’s diagnosis, active on its service day only, as an inactive Condition abated that day (con-4)', async () => {
    const record: PatientRecord = {
      ...hypertensive([150, 95]),
      conditions: [],
      claims: [{ id: 'claim-1', icdCode: 'I10', serviceDate: '2025-02-01', source: 'HIE' }],
    };
    const bundle = await gapsBundleOf(record, ['open-gap']);
    expect(checkGapsBundle(bundle!)).toEqual([]);
    const [claim] = resourcesOf<Condition>(bundle, 'Condition');
    expect(claim?.clinicalStatus?.coding?.[0]?.code).toBe('inactive');
    expect(claim?.onsetDateTime).toBe(claim?.abatementDateTime);
  });

  it('makes no section of a measure the patient is not in (CMS122 without diabetes)', async () => {
    const bundle = await gapsBundleOf(hypertensive([150, 95]), ['open-gap', 'closed-gap']);
    expect(resourcesOf<MeasureReport>(bundle, 'MeasureReport').map((report) => report.measure)).toHaveLength(1);
    expect(await gapsBundleOf(aPatient({ birthDate: '1990-01-01' }), ['open-gap', 'closed-gap'])).toBeUndefined();
  });
});
