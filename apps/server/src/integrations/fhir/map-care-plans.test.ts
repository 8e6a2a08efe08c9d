import { describe, expect, it } from 'vitest';
import { bundleContext, bundleEntries, sourceIdOf } from './fhir-bundle';
import type { FhirResource } from './fhir-types';
import type { MappedRow } from './fhir-mapping';
import { mapResource } from './map-resource';

const PATIENT = { resourceType: 'Patient', id: 'p1', birthDate: '1950-03-04' };
const ENCOUNTER = {
  resourceType: 'Encounter',
  id: 'e1',
  subject: { reference: 'urn:uuid:p1' },
  period: { start: '2019-03-01T09:00:00-05:00' },
};
const HEART_FAILURE = {
  resourceType: 'Condition',
  id: 'c1',
  code: { coding: [{ system: 'http://snomed.info/sct', code: '88805009' }] },
  subject: { reference: 'urn:uuid:p1' },
};

/** Maps a CarePlan of a small collection bundle (patient, encounter and a condition beside it). */
function map(resource: Record<string, unknown>): MappedRow[] {
  const bundle = {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [PATIENT, ENCOUNTER, HEART_FAILURE, resource].map((item) => ({
      fullUrl: `urn:uuid:${String(item.id)}`,
      resource: item,
    })),
  };
  const entries = bundleEntries(bundle);
  const entry = entries[3];
  if (!entry) throw new Error('no entry');
  return mapResource(entry.resource as FhirResource, sourceIdOf(entry) ?? '', bundleContext(entries));
}

const snomed = (code: string, display: string) => ({ coding: [{ system: 'http://snomed.info/sct', code, display }] });

/** A Synthea-shaped heart failure plan (US Core's required status, intent, category and subject). */
const PLAN = {
  resourceType: 'CarePlan',
  id: 'cp1',
  status: 'active',
  intent: 'order',
  category: [
    { coding: [{ system: 'http://hl7.org/fhir/us/core/CodeSystem/careplan-category', code: 'assess-plan' }] },
    { ...snomed('735985000', 'Heart failure self management plan'), text: 'Heart failure self management plan' },
  ],
  subject: { reference: 'urn:uuid:p1' },
  encounter: { reference: 'urn:uuid:e1' },
  period: { start: '2019-03-01T09:30:00-05:00' },
  addresses: [{ reference: 'urn:uuid:c1' }, { reference: 'Goal/g1' }],
  activity: [
    {
      detail: {
        code: snomed('386619000', 'Low sodium diet'),
        status: 'in-progress',
        reasonCode: [snomed('88805009', 'Chronic congestive heart failure (disorder)')],
      },
    },
    { reference: { reference: 'ServiceRequest/sr1' } },
  ],
};

describe('the CarePlan mapper', () => {
  it('keeps status, intent, period, categories, the addressed condition and each activity with its coded reasons', () => {
    const [row] = map(PLAN);
    expect(row?.table).toBe('carePlans');
    expect(row?.refs).toEqual({ patientId: 'p1', encounterId: 'e1' });
    expect(row?.values).toEqual({
      sourceId: 'cp1',
      status: 'active',
      intent: 'order',
      title: null,
      description: null,
      categories: [
        { codings: [{ system: 'http://hl7.org/fhir/us/core/CodeSystem/careplan-category', code: 'assess-plan' }] },
        {
          text: 'Heart failure self management plan',
          codings: [
            { system: 'http://snomed.info/sct', code: '735985000', display: 'Heart failure self management plan' },
          ],
        },
      ],
      periodStart: '2019-03-01',
      periodEnd: null,
      createdDate: null,
      addresses: [{ conditionSourceId: 'c1', display: null }],
      activities: [
        {
          code: { codings: [{ system: 'http://snomed.info/sct', code: '386619000', display: 'Low sodium diet' }] },
          status: 'in-progress',
          reasons: [
            {
              display: 'Chronic congestive heart failure (disorder)',
              icdCode: 'I509',
              icdMapped: true,
              codings: [
                {
                  system: 'http://snomed.info/sct',
                  code: '88805009',
                  display: 'Chronic congestive heart failure (disorder)',
                },
              ],
            },
          ],
        },
      ],
    });
  });

  it('keeps the title, description, end and creation dates, and a condition named outside the bundle', () => {
    const [row] = map({
      ...PLAN,
      title: ' Diabetes care ',
      description: 'Diet and exercise',
      period: { start: '2020-01-01', end: '2020-06-30' },
      created: '2019-12-20T10:00:00Z',
      addresses: [{ reference: 'Condition/elsewhere', display: 'Type 2 diabetes' }],
    });
    expect(row?.values).toMatchObject({
      title: 'Diabetes care',
      description: 'Diet and exercise',
      periodStart: '2020-01-01',
      periodEnd: '2020-06-30',
      createdDate: '2019-12-20',
      addresses: [{ conditionSourceId: 'elsewhere', display: 'Type 2 diabetes' }],
    });
  });

  it('takes a plan without status or intent as unknown, and refuses one without its patient', () => {
    const [row] = map({ resourceType: 'CarePlan', id: 'cp2', subject: { reference: 'urn:uuid:p1' } });
    expect(row?.values).toMatchObject({ status: 'unknown', intent: 'plan', categories: [], activities: [] });
    expect(() => map({ ...PLAN, id: 'cp3', subject: undefined })).toThrow('no subject');
  });
});
