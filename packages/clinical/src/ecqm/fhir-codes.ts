/**
 * Codes and code systems of the FHIR view of a record (`to-fhir-bundle.ts`): which URIs name a code
 * system in the measures' value sets, how a record's code becomes FHIR codings, and which category an
 * observation gets, as the measures' CQL reads them.
 */
import type { CodeableConcept, Coding } from 'fhir/r4';

export const SYSTEM = {
  icd10cm: 'http://hl7.org/fhir/sid/icd-10-cm',
  snomed: 'http://snomed.info/sct',
  loinc: 'http://loinc.org',
  rxnorm: 'http://www.nlm.nih.gov/research/umls/rxnorm',
  cvx: 'http://hl7.org/fhir/sid/cvx',
  cpt: 'http://www.ama-assn.org/go/cpt',
  actCode: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  ucum: 'http://unitsofmeasure.org',
} as const;

/**
 * Code systems known under several URIs, and the URIs the measures' VSAC expansions use for each
 * (data/ecqm/valuesets): HCPCS Level II appears as CMS's `https` URI and, in Nutrition Services, as the
 * old UMLS one, so an HCPCS code gets a coding under both; ICD-10-PCS is `http://www.cms.gov/Medicare/
 * Coding/ICD10` in VSAC, not FHIR's `http://hl7.org/fhir/sid/icd-10-pcs`.
 */
const ALIASES: readonly { names: readonly string[]; asInValueSets: readonly string[] }[] = [
  {
    names: [
      'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets',
      'http://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets',
      'http://www.nlm.nih.gov/research/umls/hcpcs',
      'urn:oid:2.16.840.1.113883.6.285',
    ],
    asInValueSets: [
      'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets',
      'http://www.nlm.nih.gov/research/umls/hcpcs',
    ],
  },
  {
    names: [
      'http://www.cms.gov/Medicare/Coding/ICD10',
      'http://hl7.org/fhir/sid/icd-10-pcs',
      'urn:oid:2.16.840.1.113883.6.4',
    ],
    asInValueSets: ['http://www.cms.gov/Medicare/Coding/ICD10'],
  },
  { names: [SYSTEM.cpt, 'urn:oid:2.16.840.1.113883.6.12'], asInValueSets: [SYSTEM.cpt] },
  { names: [SYSTEM.snomed, 'urn:oid:2.16.840.1.113883.6.96'], asInValueSets: [SYSTEM.snomed] },
];

/** A record's code as codings: one per URI the value sets know its system by (see `ALIASES`). */
export function codingsFor(system: string, code: string, display?: string): Coding[] {
  const systems = ALIASES.find((alias) => alias.names.includes(system))?.asInValueSets ?? [system];
  return systems.map((uri) => ({ system: uri, code, ...(display ? { display } : {}) }));
}

/** An ICD-10-CM code as FHIR writes it, with its dot (`E1122` -> `E11.22`). */
export function dottedIcd10(code: string): string {
  const plain = code.replace('.', '').toUpperCase();
  return plain.length > 3 ? `${plain.slice(0, 3)}.${plain.slice(3)}` : plain;
}

export function concept(codings: Coding[], text?: string): CodeableConcept {
  return { ...(codings.length > 0 ? { coding: codings } : {}), ...(text ? { text } : {}) };
}

/** LOINC's form (`8480-6`, `LA6576-8`, `LP…`); other codes the import keeps in `loinc` are SNOMED CT ids. */
export function observationCodeSystem(code: string): string {
  return /^(L[APG])?\d{1,8}-\d$/.test(code) ? SYSTEM.loinc : SYSTEM.snomed;
}

/** Vital signs (FHIR's vital-signs profiles): blood pressure, BMI, weight, height, pulse, breathing, temperature, oxygen. */
const VITAL_SIGNS = new Set([
  '85354-9',
  '8480-6',
  '8462-4',
  '39156-5',
  '29463-7',
  '8302-2',
  '8867-4',
  '9279-1',
  '8310-5',
  '59408-5',
  '2708-6',
]);

/**
 * Assessments: what the measures read with Status.isAssessmentPerformed (category `survey`): the
 * Tobacco Use Screening value set (…526.3.1278: 39240-7, 68535-4, 68536-2, 72166-2), medical equipment
 * used (98181-1), housing status (71802-3), hospice care MDS (45755-6), FACIT-Pal (71007-9); and the
 * depression instruments (PHQ-9 44261-6, PHQ-9M 89204-2, PHQ-2 55758-7, screenings 73831-0, 73832-8).
 */
const SURVEYS = new Set([
  '39240-7',
  '68535-4',
  '68536-2',
  '72166-2',
  '98181-1',
  '71802-3',
  '45755-6',
  '71007-9',
  '44261-6',
  '89204-2',
  '55758-7',
  '73831-0',
  '73832-8',
]);

/**
 * The observation-category of a record's observation: vital signs and assessments as above, any other
 * LOINC code a laboratory result (Status.isLaboratoryTestPerformed asks for `laboratory`), and a SNOMED
 * CT-coded observation an exam (the measures' SNOMED-coded observations are exam findings: Retinal or
 * Dilated Eye Exam, read with Status.isPhysicalExamPerformed).
 */
export function observationCategory(code: string): 'vital-signs' | 'survey' | 'laboratory' | 'exam' {
  if (VITAL_SIGNS.has(code)) return 'vital-signs';
  if (SURVEYS.has(code)) return 'survey';
  return observationCodeSystem(code) === SYSTEM.loinc ? 'laboratory' : 'exam';
}
