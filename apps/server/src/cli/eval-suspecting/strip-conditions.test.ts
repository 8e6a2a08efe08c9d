import { describe, expect, it } from 'vitest';
import { withoutConditions } from './strip-conditions';

const CONDITION_URL = 'urn:uuid:c1';

function bundle(): unknown {
  return {
    resourceType: 'Bundle',
    type: 'transaction',
    entry: [
      { fullUrl: CONDITION_URL, resource: { resourceType: 'Condition', id: 'c1', code: { text: 'Diabetes' } } },
      {
        fullUrl: 'urn:uuid:e1',
        resource: {
          resourceType: 'Encounter',
          id: 'e1',
          reasonCode: [{ coding: [{ code: '44054006' }] }],
          diagnosis: [{ condition: { reference: CONDITION_URL } }],
        },
      },
      {
        fullUrl: 'urn:uuid:claim1',
        resource: {
          resourceType: 'Claim',
          id: 'claim1',
          diagnosis: [
            { sequence: 1, diagnosisReference: { reference: CONDITION_URL } },
            { sequence: 2, diagnosisCodeableConcept: { coding: [{ code: 'I10' }] } },
          ],
        },
      },
      {
        fullUrl: 'urn:uuid:m1',
        resource: { resourceType: 'MedicationRequest', id: 'm1', reasonReference: [{ reference: 'Condition/c1' }] },
      },
    ],
  };
}

describe('withoutConditions', () => {
  const stripped = withoutConditions(bundle()) as { entry: { resource: Record<string, unknown> }[] };
  const resource = (type: string) => stripped.entry.find((entry) => entry.resource.resourceType === type)?.resource;

  it('removes every Condition', () => {
    expect(resource('Condition')).toBeUndefined();
  });

  it("removes an encounter's diagnoses and reasons", () => {
    expect(resource('Encounter')).toEqual({ resourceType: 'Encounter', id: 'e1', diagnosis: [] });
  });

  it('removes claim diagnoses taken from a condition and keeps those given as codes', () => {
    expect(resource('Claim')?.diagnosis).toEqual([
      { sequence: 2, diagnosisCodeableConcept: { coding: [{ code: 'I10' }] } },
    ]);
  });

  it('removes reason references by resource type and id', () => {
    expect(resource('MedicationRequest')?.reasonReference).toEqual([]);
  });
});
