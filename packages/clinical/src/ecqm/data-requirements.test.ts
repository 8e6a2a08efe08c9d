import type { Bundle, FhirResource } from 'fhir/r4';
import { describe, expect, it } from 'vitest';
import { dataRequirementFilter, filterBundle } from './data-requirements';
import { loadMeasureContent } from './measure-content';

const QICORE = 'http://hl7.org/fhir/us/qicore/StructureDefinition/';

function observation(id: string, loinc: string): FhirResource {
  return {
    resourceType: 'Observation',
    id,
    meta: { profile: [`${QICORE}qicore-observation`] },
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code: loinc }] },
  };
}

const bundle: Bundle = {
  resourceType: 'Bundle',
  type: 'collection',
  entry: [
    { resource: { resourceType: 'Patient', id: 'p', meta: { profile: [`${QICORE}qicore-patient`] } } },
    { resource: observation('a1c', '4548-4') },
    { resource: observation('heart-rate', '8867-4') },
    { resource: { ...observation('untagged-a1c', '4548-4'), meta: {} } },
    {
      resource: {
        resourceType: 'DeviceRequest',
        id: 'wheelchair',
        meta: { profile: [`${QICORE}qicore-devicerequest`] },
        status: 'completed',
        intent: 'order',
        codeCodeableConcept: { coding: [{ system: 'http://snomed.info/sct', code: '183240000' }] },
        subject: { reference: 'Patient/p' },
      },
    },
  ],
};

describe('dataRequirementFilter', () => {
  it('keeps what CMS122’s retrieves read: the patient, an HbA1c, a frailty device by its code[x]', () => {
    const cms122 = loadMeasureContent().find((measure) => measure.id === 'CMS122');
    if (!cms122) throw new Error('CMS122 missing');
    const kept = filterBundle(bundle, dataRequirementFilter(cms122)).entry?.map((entry) => entry.resource?.id);
    // A heart rate is in no value set of the measure; an untagged HbA1c is read by no QI-Core retrieve.
    expect(kept).toEqual(['p', 'a1c', 'wheelchair']);
  });
});
