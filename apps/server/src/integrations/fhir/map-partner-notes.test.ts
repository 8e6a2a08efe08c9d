import { describe, expect, it } from 'vitest';
import { bundleContext, bundleEntries, sourceIdOf } from './fhir-bundle';
import type { FhirResource } from './fhir-types';
import { MappingError } from './fhir-values';
import type { MappedRow } from './fhir-mapping';
import { isImportedResource, mapResource } from './map-resource';

const PATIENT = { resourceType: 'Patient', id: 'p1', birthDate: '1950-03-04' };
const PARTNER = { resourceType: 'Organization', id: 'partner', name: 'Summit Health Partners' };
const PRACTITIONER = { resourceType: 'Practitioner', id: 'dr', name: [{ family: 'Okafor' }] };

/** The entry and context of one resource of a small collection bundle (patient, partner and practitioner beside it). */
function entryOf(resource: Record<string, unknown>) {
  const bundle = {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [PATIENT, PARTNER, PRACTITIONER, resource].map((item) => ({
      fullUrl: `urn:uuid:${String(item.id)}`,
      resource: item,
    })),
  };
  const entries = bundleEntries(bundle);
  const entry = entries[3];
  if (!entry) throw new Error('no entry');
  return {
    resource: entry.resource as FhirResource,
    sourceId: sourceIdOf(entry) ?? '',
    context: bundleContext(entries),
  };
}

function map(resource: Record<string, unknown>): MappedRow[] {
  const { resource: read, sourceId, context } = entryOf(resource);
  return mapResource(read, sourceId, context);
}

const isImported = (resource: Record<string, unknown>): boolean => {
  const { resource: read, context } = entryOf(resource);
  return isImportedResource(read, context);
};

function task(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    resourceType: 'Task',
    id: 't1',
    status: 'requested',
    intent: 'proposal',
    code: { coding: [{ system: 'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets', code: 'G0439' }] },
    description: 'Schedule the annual wellness visit: last one was 14 months ago.',
    for: { reference: 'urn:uuid:p1' },
    authoredOn: '2026-05-02T10:00:00-05:00',
    requester: { reference: 'urn:uuid:partner' },
    ...overrides,
  };
}

function communicationRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    resourceType: 'CommunicationRequest',
    id: 'c1',
    status: 'active',
    category: [{ coding: [{ system: 'http://snomed.info/sct', code: '182836005', display: 'Review of medication' }] }],
    subject: { reference: 'Patient/p1' },
    sender: { display: 'Valley Care Network' },
    authoredOn: '2026-04-20',
    payload: [
      { contentString: 'Twelve active prescriptions from four prescribers:' },
      { contentString: 'review them.' },
    ],
    ...overrides,
  };
}

describe('partner-organisation notes from FHIR', () => {
  it('reads a Task a partner organisation requested: partner, kind from its code, text, date, status', () => {
    expect(map(task())).toEqual([
      {
        table: 'partnerNotes',
        values: {
          sourceId: 't1',
          resourceType: 'Task',
          partner: 'Summit Health Partners',
          kind: 'annual-wellness-visit',
          text: 'Schedule the annual wellness visit: last one was 14 months ago.',
          authoredOn: '2026-05-02',
          status: 'requested',
          codings: [{ system: 'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets', code: 'G0439' }],
        },
        refs: { patientId: 'p1' },
      },
    ]);
  });

  it('reads a CommunicationRequest a partner sent by name alone, its payload as the text', () => {
    const [row] = map(communicationRequest());
    expect(row?.values).toMatchObject({
      resourceType: 'CommunicationRequest',
      partner: 'Valley Care Network',
      kind: 'medication-review',
      text: 'Twelve active prescriptions from four prescribers: review them.',
      authoredOn: '2026-04-20',
    });
    expect(row?.refs).toEqual({ patientId: 'p1' });
  });

  it('names the partner from a contained Organization, and from an owner when the requester is a practitioner', () => {
    const contained = task({
      contained: [{ resourceType: 'Organization', id: 'org', name: 'Harbor ACO' }],
      requester: { reference: '#org' },
    });
    expect(map(contained)[0]?.values).toMatchObject({ partner: 'Harbor ACO' });
    const owned = task({
      requester: { reference: 'urn:uuid:dr' },
      owner: { reference: 'Organization/elsewhere', display: 'Bayside Care Management' },
    });
    expect(map(owned)[0]?.values).toMatchObject({ partner: 'Bayside Care Management' });
  });

  it.each([
    [
      'a CPT chronic care management code',
      { system: 'http://www.ama-assn.org/go/cpt', code: '99490' },
      'care-management-referral',
    ],
    [
      'the SNOMED CT referral to a care manager',
      { system: 'http://snomed.info/sct', code: '464011000124107' },
      'care-management-referral',
    ],
    [
      'a SNOMED CT annual wellness visit',
      { system: 'http://snomed.info/sct', code: '444971000124105' },
      'annual-wellness-visit',
    ],
    ['medication reconciliation', { system: 'http://snomed.info/sct', code: '430193006' }, 'medication-review'],
    ['a code Cairn does not know', { system: 'http://snomed.info/sct', code: '73761001' }, 'other'],
    ['a known code in another system', { system: 'http://loinc.org', code: '99490' }, 'other'],
  ])('gives a note coded with %s its kind', (_name, coding, kind) => {
    expect(map(task({ code: { coding: [coding] } }))[0]?.values).toMatchObject({ kind });
  });

  it("is 'other' without a code, its text then its first note", () => {
    const [row] = map(task({ code: undefined, description: undefined, note: [{ text: 'Call the patient back.' }] }));
    expect(row?.values).toMatchObject({ kind: 'other', text: 'Call the patient back.', codings: [] });
  });

  it.each([
    ['requested by a practitioner', task({ requester: { reference: 'urn:uuid:dr' } })],
    ['with a display typed as a practitioner', task({ requester: { display: 'Dr Okafor', type: 'Practitioner' } })],
    ['naming no one', task({ requester: undefined })],
    ['sent by a practitioner', communicationRequest({ sender: { reference: 'Practitioner/dr' } })],
  ])('is no partner note when %s: the import skips it', (_name, resource) => {
    expect(isImported(resource)).toBe(false);
  });

  it.each([
    ['missing Task.for', task({ for: undefined })],
    ['Task.for is not a patient', task({ for: { reference: 'Group/g1' } })],
    ['missing or invalid Task.authoredOn', task({ authoredOn: '2026-02-30' })],
    ['missing Task.description', task({ description: ' ', code: { coding: [] } })],
    [
      'Task.requester: the partner organisation has no name (display)',
      task({ requester: { reference: 'Organization/unknown' } }),
    ],
    ['missing CommunicationRequest.subject', communicationRequest({ subject: undefined })],
    ['missing CommunicationRequest.payload.contentString', communicationRequest({ payload: [], category: [] })],
  ])('rejects a partner note naming the field: %s', (reason, resource) => {
    expect(isImported(resource)).toBe(true);
    expect(() => map(resource)).toThrow(new MappingError(reason));
  });
});
