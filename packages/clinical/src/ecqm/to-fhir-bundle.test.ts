import type { Condition, Encounter, FhirResource, MedicationRequest, Observation, Patient, Procedure } from 'fhir/r4';
import { describe, expect, it } from 'vitest';
import {
  HCPCS,
  aCondition,
  aMedication,
  aPatient,
  aProcedure,
  anEncounter,
  anObservation,
} from './testing/record-factories';
import { toFhirBundle } from './to-fhir-bundle';

function resourcesOf(bundle: ReturnType<typeof toFhirBundle>): FhirResource[] {
  return (bundle.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
}

function only<T extends FhirResource>(resources: FhirResource[], type: T['resourceType']): T[] {
  return resources.filter((resource): resource is T => resource.resourceType === type);
}

describe('toFhirBundle', () => {
  it('gives a QI-Core Patient with gender and birth date', () => {
    const record = aPatient({ birthDate: '1958-03-09', sex: 'M' });
    const [patient] = only<Patient>(resourcesOf(toFhirBundle(record)), 'Patient');
    expect(patient).toMatchObject({
      id: record.patientId,
      meta: { profile: ['http://hl7.org/fhir/us/qicore/StructureDefinition/qicore-patient'] },
      gender: 'male',
      birthDate: '1958-03-09',
    });
  });

  it('writes a condition with its dotted ICD-10-CM and SNOMED CT codings, statuses and category', () => {
    const condition = aCondition('E1122', '2024-02-10', { snomedCode: '44054006', verificationStatus: 'confirmed' });
    const [fhir] = only<Condition>(resourcesOf(toFhirBundle(aPatient({ conditions: [condition] }))), 'Condition');
    expect(fhir?.code?.coding).toEqual([
      { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'E11.22' },
      { system: 'http://snomed.info/sct', code: '44054006' },
    ]);
    expect(fhir?.clinicalStatus?.coding?.[0]?.code).toBe('active');
    expect(fhir?.verificationStatus?.coding?.[0]?.code).toBe('confirmed');
    expect(fhir?.category?.[0]?.coding?.[0]?.code).toBe('problem-list-item');
    expect(fhir?.onsetDateTime).toBe('2024-02-10T00:00:00.000Z');
    expect(fhir?.identifier).toEqual([{ system: 'urn:cairn:record-item', value: `conditions/${condition.id}` }]);
  });

  it('reads a claim diagnosis as a confirmed encounter diagnosis active on its service day only', () => {
    const record = aPatient({ claims: [{ id: 'claim-7', icdCode: 'I10', serviceDate: '2025-04-02', source: 'HIE' }] });
    const [fhir] = only<Condition>(resourcesOf(toFhirBundle(record)), 'Condition');
    expect(fhir).toMatchObject({
      id: 'claim-claim-7',
      code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'I10' }] },
      category: [{ coding: [{ code: 'encounter-diagnosis' }] }],
      verificationStatus: { coding: [{ code: 'confirmed' }] },
      clinicalStatus: { coding: [{ code: 'active' }] },
      onsetDateTime: '2025-04-02T00:00:00.000Z',
      abatementDateTime: '2025-04-02T00:00:00.000Z',
      identifier: [{ value: 'claims/claim-7' }],
    });
  });

  it('pairs systolic and diastolic readings of a day and encounter into one blood-pressure panel', () => {
    const visit = anEncounter('2025-05-01', '99213', { classCode: 'AMB' });
    const systolic = anObservation('8480-6', '2025-05-01', 128, { unit: 'mm[Hg]', encounterId: visit.id });
    const diastolic = anObservation('8462-4', '2025-05-01', 78, { unit: 'mm[Hg]', encounterId: visit.id });
    const record = aPatient({ encounters: [visit], observations: [systolic, diastolic] });
    const [panel, ...others] = only<Observation>(resourcesOf(toFhirBundle(record)), 'Observation');
    expect(others).toEqual([]);
    expect(panel).toMatchObject({
      meta: { profile: ['http://hl7.org/fhir/StructureDefinition/bp'] },
      status: 'final',
      category: [{ coding: [{ code: 'vital-signs' }] }],
      code: { coding: [{ system: 'http://loinc.org', code: '85354-9' }] },
      encounter: { reference: `Encounter/${visit.id}` },
      component: [
        { code: { coding: [{ code: '8480-6' }] }, valueQuantity: { value: 128, code: 'mm[Hg]' } },
        { code: { coding: [{ code: '8462-4' }] }, valueQuantity: { value: 78, code: 'mm[Hg]' } },
      ],
    });
    expect(panel?.identifier?.map((identifier) => identifier.value)).toEqual([
      `observations/${systolic.id}`,
      `observations/${diastolic.id}`,
    ]);
  });

  it('gives laboratory results, assessments and BMI the category and profile the measures read', () => {
    const record = aPatient({
      observations: [
        anObservation('4548-4', '2025-03-01', 8.2, { unit: '%' }),
        anObservation('72166-2', '2025-03-01', undefined, { valueCode: '266919005' }),
        anObservation('39156-5', '2025-03-01', 31.4, { unit: 'kg/m2' }),
      ],
    });
    const [a1c, smoking, bmi] = only<Observation>(resourcesOf(toFhirBundle(record)), 'Observation');
    expect(a1c?.category?.[0]?.coding?.[0]?.code).toBe('laboratory');
    expect(a1c?.valueQuantity).toEqual({ value: 8.2, unit: '%', system: 'http://unitsofmeasure.org', code: '%' });
    expect(smoking?.category?.[0]?.coding?.[0]?.code).toBe('survey');
    expect(smoking?.valueCodeableConcept?.coding).toEqual([{ system: 'http://snomed.info/sct', code: '266919005' }]);
    expect(bmi?.meta?.profile).toEqual(['http://hl7.org/fhir/StructureDefinition/bmi']);
  });

  it('writes a finished encounter with its class and types, an ordered medication and a completed procedure', () => {
    const record = aPatient({
      encounters: [anEncounter('2025-02-03', 'G0438')],
      medications: [aMedication('atorvastatin 40 MG Oral Tablet', '2024-06-01', { rxnormCode: '617311' })],
      procedures: [aProcedure('G0182', '2025-03-03', HCPCS)],
    });
    const resources = resourcesOf(toFhirBundle(record));
    const [encounter] = only<Encounter>(resources, 'Encounter');
    expect(encounter).toMatchObject({
      status: 'finished',
      class: { code: 'AMB' },
      period: { start: '2025-02-03T00:00:00.000Z' },
    });
    const [medication] = only<MedicationRequest>(resources, 'MedicationRequest');
    expect(medication).toMatchObject({
      status: 'active',
      intent: 'order',
      medicationCodeableConcept: {
        coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '617311' }],
      },
      authoredOn: '2024-06-01T00:00:00.000Z',
    });
    // HCPCS is known by two URIs in the measures' value sets: the code is written under both.
    const [procedure] = only<Procedure>(resources, 'Procedure');
    expect(procedure?.status).toBe('completed');
    expect(procedure?.code?.coding?.map((coding) => coding.system)).toEqual([
      'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets',
      'http://www.nlm.nih.gov/research/umls/hcpcs',
    ]);
  });

  it('leaves out what is dated after asOf and makes record ids valid FHIR ids', () => {
    const record = aPatient({
      conditions: [aCondition('I10', '2025-01-05', { id: 'row 1/α' }), aCondition('E119', '2026-01-05')],
    });
    const conditions = only<Condition>(resourcesOf(toFhirBundle(record, { asOf: '2025-12-31' })), 'Condition');
    expect(conditions).toHaveLength(1);
    expect(conditions[0]?.id).toMatch(/^row-1-[A-Za-z0-9\-.]{1,58}$/);
  });
});
