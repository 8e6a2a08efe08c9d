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
  period: { start: '2024-05-01T09:00:00-05:00' },
};

/** Maps one resource of a small collection bundle (patient and encounter beside it). */
function map(resource: Record<string, unknown>): MappedRow[] {
  const bundle = {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [PATIENT, ENCOUNTER, resource].map((item) => ({ fullUrl: `urn:uuid:${String(item.id)}`, resource: item })),
  };
  const entries = bundleEntries(bundle);
  const entry = entries[2];
  if (!entry) throw new Error('no entry');
  return mapResource(entry.resource as FhirResource, sourceIdOf(entry) ?? '', bundleContext(entries));
}

const snomed = (code: string, display: string) => ({ coding: [{ system: 'http://snomed.info/sct', code, display }] });

describe('FHIR R4 mappers', () => {
  it('turn a blood-pressure panel into one observation row per component', () => {
    const rows = map({
      resourceType: 'Observation',
      id: 'bp',
      category: [{ coding: [{ code: 'vital-signs' }] }],
      code: { coding: [{ system: 'http://loinc.org', code: '85354-9' }] },
      subject: { reference: 'urn:uuid:p1' },
      encounter: { reference: 'urn:uuid:e1' },
      effectiveDateTime: '2024-05-01T09:10:00-05:00',
      component: [
        {
          code: { coding: [{ system: 'http://loinc.org', code: '8480-6', display: 'Systolic' }] },
          valueQuantity: { value: 150, unit: 'mm[Hg]' },
        },
        {
          code: { coding: [{ system: 'http://loinc.org', code: '8462-4', display: 'Diastolic' }] },
          valueQuantity: { value: 95, unit: 'mm[Hg]' },
        },
      ],
    });
    expect(rows.map((row) => [row.values.sourceId, 'value' in row.values ? row.values.value : undefined])).toEqual([
      ['bp#8480-6', 150],
      ['bp#8462-4', 95],
    ]);
    expect(rows[0]).toMatchObject({
      refs: { patientId: 'p1', encounterId: 'e1' },
      values: { category: 'vital-signs', effectiveDate: '2024-05-01' },
    });
  });

  it('keep coded values, reference ranges and interpretation of a lab', () => {
    const [row] = map({
      resourceType: 'Observation',
      id: 'a1c',
      code: { coding: [{ system: 'http://loinc.org', code: '4548-4', display: 'Hemoglobin A1c' }] },
      subject: { reference: 'Patient/p1' },
      effectivePeriod: { start: '2024-02-03' },
      valueQuantity: { value: 8.1, unit: '%' },
      referenceRange: [{ low: { value: 4 }, high: { value: 5.6 } }],
      interpretation: [{ coding: [{ code: 'H' }] }],
    });
    expect(row?.values).toMatchObject({
      loinc: '4548-4',
      value: 8.1,
      unit: '%',
      referenceLow: 4,
      referenceHigh: 5.6,
      interpretation: 'H',
    });
  });

  it('keep a reference range given only in words', () => {
    const [row] = map({
      resourceType: 'Observation',
      id: 'urine-glucose',
      code: { coding: [{ system: 'http://loinc.org', code: '5792-7', display: 'Glucose [Mass/volume] in Urine' }] },
      subject: { reference: 'Patient/p1' },
      effectiveDateTime: '2024-02-03',
      valueCodeableConcept: { coding: [{ code: '260385009', display: 'Negative' }] },
      referenceRange: [{ text: ' Negative ' }],
    });
    expect(row?.values).toMatchObject({ referenceLow: null, referenceHigh: null, referenceText: 'Negative' });
  });

  it('give a SNOMED-only condition its mapped ICD-10-CM code, and keep a given ICD-10-CM code without its dot', () => {
    const [mapped] = map({
      resourceType: 'Condition',
      id: 'c1',
      code: snomed('44054006', 'Diabetes'),
      subject: { reference: 'urn:uuid:p1' },
    });
    expect(mapped?.values).toMatchObject({
      icdCode: 'E119',
      icdMapped: true,
      snomedCode: '44054006',
      category: 'problem-list-item',
    });
    const [given] = map({
      resourceType: 'Condition',
      id: 'c2',
      category: [{ coding: [{ code: 'health-concern' }] }],
      code: {
        coding: [
          { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'e11.22' },
          ...snomed('44054006', 'Diabetes').coding,
        ],
      },
      subject: { reference: 'urn:uuid:p1' },
      encounter: { reference: 'urn:uuid:e1' },
    });
    expect(given?.values).toMatchObject({ icdCode: 'E1122', icdMapped: false, category: 'health-concern' });
  });

  it('make a Synthea condition seen at an encounter an encounter diagnosis', () => {
    const [row] = map({
      resourceType: 'Condition',
      id: 'c3',
      code: snomed('38341003', 'Hypertension'),
      subject: { reference: 'urn:uuid:p1' },
      encounter: { reference: 'urn:uuid:e1' },
    });
    expect(row?.values).toMatchObject({ category: 'encounter-diagnosis', icdCode: 'I10' });
  });

  it("keep an encounter's coded reasons: SNOMED CT mapped to ICD-10-CM, ICD-10-CM as given, words alone left out", () => {
    const [row] = map({
      ...ENCOUNTER,
      id: 'e2',
      reasonCode: [
        snomed('88805009', 'Chronic congestive heart failure (disorder)'),
        {
          coding: [
            { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'E11.22', display: 'Type 2 diabetes with CKD' },
          ],
        },
        snomed('1234', 'Unmapped concept'),
        { text: 'Follow-up' },
      ],
    });
    expect(row?.values).toMatchObject({
      reason: 'Chronic congestive heart failure (disorder)',
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
        { display: 'Type 2 diabetes with CKD', icdCode: 'E1122', icdMapped: false },
        { display: 'Unmapped concept', icdCode: null, icdMapped: false },
      ],
    });
  });

  it('date an appointment by the day of its start as written, and keep the instant', () => {
    const [row] = map({
      resourceType: 'Appointment',
      id: 'a1',
      status: 'booked',
      start: '2024-05-01T23:30:00-05:00',
      participant: [{ actor: { reference: 'Patient/p1' } }],
    });
    expect(row?.values).toMatchObject({ serviceDate: '2024-05-01', startAt: new Date('2024-05-02T04:30:00Z') });
  });

  it("take an appointment's encounter from the Encounter of the bundle that names it", () => {
    const entries = bundleEntries({
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        { fullUrl: 'urn:uuid:p1', resource: PATIENT },
        {
          fullUrl: 'urn:uuid:e1',
          resource: { ...ENCOUNTER, appointment: [{ reference: 'urn:uuid:a1' }, { reference: 'Appointment/a9' }] },
        },
        {
          fullUrl: 'urn:uuid:a1',
          resource: {
            resourceType: 'Appointment',
            id: 'a1',
            start: '2024-05-01T09:00:00-05:00',
            participant: [{ actor: { reference: 'urn:uuid:p1' } }],
          },
        },
      ],
    });
    const context = bundleContext(entries);
    const [encounter] = mapResource(entries[1]?.resource as FhirResource, 'e1', context);
    const [appointment] = mapResource(entries[2]?.resource as FhirResource, 'a1', context);
    expect(encounter?.appointmentSourceIds).toEqual(['a1', 'a9']);
    expect(appointment?.refs).toEqual({ patientId: 'p1', encounterId: 'e1' });
  });

  it('turn each claim diagnosis into a row, taking the code of the referenced condition', () => {
    const rows = map({
      resourceType: 'Claim',
      id: 'cl',
      patient: { reference: 'urn:uuid:p1' },
      created: '2024-06-01',
      billablePeriod: { start: '2024-05-30T10:00:00Z' },
      diagnosis: [
        {
          sequence: 1,
          diagnosisCodeableConcept: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'N18.31' }] },
        },
        { sequence: 2, diagnosisReference: { reference: 'urn:uuid:e1' } },
      ],
    });
    expect(rows.map((row) => row.values)).toEqual([
      expect.objectContaining({ sourceId: 'cl#1', icdCode: 'N1831', icdMapped: false, serviceDate: '2024-05-30' }),
      // The claim itself, without amounts: counted at its billed amount, here none.
      expect.objectContaining({ sourceId: 'cl', resourceType: 'Claim', principalIcd: 'N1831', billed: null }),
    ]);
  });

  it('refuse a resource without its subject or its required date', () => {
    expect(() => map({ resourceType: 'Condition', id: 'x', code: snomed('38341003', 'Hypertension') })).toThrow(
      'no subject',
    );
    expect(() =>
      map({ resourceType: 'Procedure', id: 'y', code: snomed('1', 'x'), subject: { reference: 'urn:uuid:p1' } }),
    ).toThrow('performed date');
  });

  it('refuse a date that does not exist and drop a value that is not a number', () => {
    expect(() =>
      map({
        resourceType: 'Immunization',
        id: 'i',
        vaccineCode: { coding: [{ system: 'http://hl7.org/fhir/sid/cvx', code: '140' }] },
        patient: { reference: 'urn:uuid:p1' },
        occurrenceDateTime: '2024-02-30',
      }),
    ).toThrow('occurrenceDateTime');
    const [row] = map({
      resourceType: 'Observation',
      id: 'o',
      code: { coding: [{ system: 'http://loinc.org', code: '2160-0' }] },
      subject: { reference: 'urn:uuid:p1' },
      effectiveDateTime: '2024',
      valueQuantity: { value: 'high' },
      referenceRange: [{ low: { value: '0.6' } }],
    });
    expect(row?.values).toMatchObject({ effectiveDate: '2024-01-01', value: null, referenceLow: null });
  });
});
