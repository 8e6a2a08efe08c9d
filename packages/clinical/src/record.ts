/**
 * The normalised patient record that the clinical engine reads. The data platform builds it from
 * its tables (FHIR resources normalised on ingest); the engine never sees FHIR directly.
 *
 * Dates are ISO calendar dates (`YYYY-MM-DD`). ICD-10-CM codes are upper case without the dot
 * (`E1122`). Every item keeps its source (EHR or HIE) and the id of the row it came from, so that
 * each piece of evidence can point back to it.
 */

/** Where a piece of patient data came from (spec §3 "Source type"). */
export type SourceType = 'EHR' | 'HIE';

export type Sex = 'F' | 'M';

export interface Demographics {
  birthDate: string;
  /** Administrative sex; `undefined` when unknown (age and sex edits then do not apply). */
  sex: Sex | undefined;
  /** Medicare original reason for entitlement: 0 old age, 1 disability, 2 ESRD, 3 both. */
  orec?: '0' | '1' | '2' | '3';
  medicaid?: boolean;
  dualStatus?: 'none' | 'partial' | 'full';
  institutional?: boolean;
  /** True when hospice or long-term institutional care applies (care-gap exclusions). */
  hospice?: boolean;
}

export interface ConditionRecord {
  id: string;
  /** ICD-10-CM code when the condition carries one. */
  icdCode?: string;
  snomedCode?: string;
  display: string;
  /** Recorded or onset date, whichever is known (recorded first). */
  date: string;
  abatementDate?: string;
  clinicalStatus: 'active' | 'recurrence' | 'relapse' | 'inactive' | 'remission' | 'resolved' | 'unknown';
  verificationStatus?: 'confirmed' | 'provisional' | 'differential' | 'unconfirmed' | 'refuted' | 'entered-in-error';
  /** Problem-list item or a diagnosis coded on an encounter. */
  category: 'problem-list-item' | 'encounter-diagnosis' | 'health-concern';
  source: SourceType;
}

/** A diagnosis on a paid or submitted claim (Claim / ExplanationOfBenefit). */
export interface ClaimDiagnosisRecord {
  id: string;
  icdCode: string;
  serviceDate: string;
  source: SourceType;
}

export interface ObservationRecord {
  id: string;
  /** LOINC code (blood pressure panels are split into systolic 8480-6 and diastolic 8462-4). */
  loinc: string;
  display: string;
  date: string;
  value?: number;
  /** The decimal places `value` was reported with (7.70: 2), when known. */
  valueDecimals?: number;
  /** UCUM unit as given (`mL/min/{1.73_m2}`, `%`, `kg/m2`, `mg/dL`, `{score}`). */
  unit?: string;
  /** Coded or text value when the result is not a quantity. */
  valueCode?: string;
  valueText?: string;
  /** Code system of `valueCode` when known (e.g. `http://snomed.info/sct`). */
  valueSystem?: string;
  /**
   * Id of the encounter the observation was taken in, when known (care gaps: CMS165 leaves out blood
   * pressures taken in emergency and inpatient encounters).
   */
  encounterId?: string;
  source: SourceType;
}

export interface MedicationRecord {
  id: string;
  rxnormCode?: string;
  /** Drug name as given (ingredient, strength, form). */
  display: string;
  startDate: string;
  endDate?: string;
  status: 'active' | 'completed' | 'stopped' | 'on-hold' | 'cancelled' | 'draft' | 'entered-in-error' | 'unknown';
  source: SourceType;
}

export interface DocumentRecord {
  id: string;
  date: string;
  title: string;
  /** LOINC document type when known. */
  typeCode?: string;
  author?: string;
  /** Plain text of the document (HTML and PDF are reduced to text on ingest). */
  text: string;
  source: SourceType;
}

export interface ProcedureRecord {
  id: string;
  code: string;
  /** Code system URI as given (CPT, SNOMED CT, HCPCS, ICD-10-PCS, LOINC). */
  system: string;
  display: string;
  date: string;
  source: SourceType;
}

/**
 * A coded reason (FHIR `reasonCode` of an Encounter or of a CarePlan activity): what the source wrote,
 * and the ICD-10-CM code it names, as given or mapped from SNOMED CT on ingest.
 */
export interface CodedReason {
  /** The reason in words (the concept's text, else a coding's display). */
  display: string;
  /** ICD-10-CM code when the reason carries or maps to one. */
  icdCode?: string;
  /** The codings as the source gave them (SNOMED CT, ICD-10-CM, ...). */
  codings: { system: string; code: string; display?: string }[];
}

export interface EncounterRecord {
  id: string;
  date: string;
  /** FHIR Encounter.class code: AMB, EMER, IMP, HH, VR, ... */
  classCode?: string;
  /** Encounter type codes with their systems (CPT, SNOMED CT, HCPCS). */
  types: { system: string; code: string; display?: string }[];
  /** The coded reasons for the visit (`Encounter.reasonCode`); absent or empty when none were given. */
  reasons?: CodedReason[];
  source: SourceType;
}

/** A care plan (FHIR CarePlan): what it is called, its period and status, and what it addresses. */
export interface CarePlanRecord {
  id: string;
  /** FHIR RequestStatus. */
  status: 'draft' | 'active' | 'on-hold' | 'revoked' | 'completed' | 'entered-in-error' | 'unknown';
  /** FHIR CarePlan.intent: proposal, plan, order, option. */
  intent: string;
  /** Start of the plan's period, else its creation date (else when it was imported). */
  date: string;
  /** End of the plan's period, when it has one. */
  endDate?: string;
  title?: string;
  description?: string;
  /** The words of its categories (`Heart failure self management plan`), each once. */
  categories: string[];
  /** Ids of this record's conditions the plan addresses (`CarePlan.addresses` resolved on load). */
  addressedConditionIds: string[];
  /** Its activities: what each is called and the coded reasons given for it. */
  activities: { display?: string; status?: string; reasons: CodedReason[] }[];
  source: SourceType;
}

export interface ImmunizationRecord {
  id: string;
  cvxCode: string;
  display: string;
  date: string;
  source: SourceType;
}

export interface AllergyRecord {
  id: string;
  code?: string;
  display: string;
  date?: string;
  source: SourceType;
}

/** One patient's record, as of the moment it was read. Lists may be empty, never missing. */
export interface PatientRecord {
  patientId: string;
  demographics: Demographics;
  conditions: ConditionRecord[];
  claims: ClaimDiagnosisRecord[];
  observations: ObservationRecord[];
  medications: MedicationRecord[];
  documents: DocumentRecord[];
  procedures: ProcedureRecord[];
  encounters: EncounterRecord[];
  immunizations: ImmunizationRecord[];
  allergies: AllergyRecord[];
  carePlans: CarePlanRecord[];
}

/** A record with the given identity and demographics and every list empty, to be filled in. */
export function emptyPatientRecord(patientId: string, demographics: Demographics): PatientRecord {
  return {
    patientId,
    demographics,
    conditions: [],
    claims: [],
    observations: [],
    medications: [],
    documents: [],
    procedures: [],
    encounters: [],
    immunizations: [],
    allergies: [],
    carePlans: [],
  };
}
