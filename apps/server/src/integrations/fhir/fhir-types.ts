/**
 * The parts of FHIR R4 the import reads, typed loosely: data from outside is checked where it is
 * used, and a resource whose shape is wrong fails its mapper (reported, not imported).
 */
export interface Coding {
  system?: string;
  code?: string;
  display?: string;
}
export interface CodeableConcept {
  coding?: Coding[];
  text?: string;
}
export interface Reference {
  reference?: string;
  display?: string;
}
export interface Period {
  start?: string;
  end?: string;
}
export interface Quantity {
  value?: number;
  unit?: string;
  code?: string;
}
export interface Attachment {
  contentType?: string;
  data?: string;
  url?: string;
  title?: string;
  creation?: string;
}
export interface Identifier {
  system?: string;
  value?: string;
  type?: CodeableConcept;
}
export interface HumanName {
  use?: string;
  text?: string;
  family?: string;
  given?: string[];
  suffix?: string[];
}
export interface Address {
  line?: string[];
  city?: string;
  state?: string;
  postalCode?: string;
  text?: string;
}
export interface ContactPoint {
  system?: string;
  value?: string;
  use?: string;
}
export interface ReferenceRange {
  low?: Quantity;
  high?: Quantity;
  text?: string;
}

/** Any resource: its type, its id and whatever else it carries. */
export interface FhirResource {
  resourceType: string;
  id?: string;
  contained?: FhirResource[];
  [field: string]: unknown;
}

export const SYSTEMS = {
  icd10cm: 'http://hl7.org/fhir/sid/icd-10-cm',
  snomed: 'http://snomed.info/sct',
  loinc: 'http://loinc.org',
  rxnorm: 'http://www.nlm.nih.gov/research/umls/rxnorm',
  cvx: 'http://hl7.org/fhir/sid/cvx',
  npi: 'http://hl7.org/fhir/sid/us-npi',
} as const;
