import { formatIcdCode, getIcdCatalog } from '@cairn/clinical';
import type { FhirResource, Reference } from '../../integrations/fhir/fhir-types';
import { CONDITION_WRITE_SYSTEM } from './ehr-write.repository';

const TERMINOLOGY = 'http://terminology.hl7.org/CodeSystem';

export interface EncounterDiagnosis {
  /** Stored form, no dot (`E1122`). */
  icdCode: string;
  identifierValue: string;
  patientFhirId: string;
  encounterFhirId: string;
  recorder?: Reference;
}

/** A diagnosis for the patient's problem list: no encounter. */
export type ProblemListDiagnosis = Omit<EncounterDiagnosis, 'encounterFhirId'>;

const CATEGORY_DISPLAYS = {
  'encounter-diagnosis': 'Encounter Diagnosis',
  'problem-list-item': 'Problem List Item',
} as const;

/**
 * The FHIR Condition of a diagnosis, with the identifier that makes its create idempotent: an encounter
 * diagnosis (on the encounter) or a problem-list item (the patient's, no encounter).
 */
export function diagnosisCondition(
  diagnosis: ProblemListDiagnosis & { encounterFhirId?: string },
  category: keyof typeof CATEGORY_DISPLAYS,
): FhirResource {
  const display = getIcdCatalog().get(diagnosis.icdCode)?.longDescription;
  return {
    resourceType: 'Condition',
    identifier: [{ system: CONDITION_WRITE_SYSTEM, value: diagnosis.identifierValue }],
    clinicalStatus: { coding: [{ system: `${TERMINOLOGY}/condition-clinical`, code: 'active' }] },
    verificationStatus: { coding: [{ system: `${TERMINOLOGY}/condition-ver-status`, code: 'confirmed' }] },
    category: [
      {
        coding: [{ system: `${TERMINOLOGY}/condition-category`, code: category, display: CATEGORY_DISPLAYS[category] }],
      },
    ],
    code: {
      coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: formatIcdCode(diagnosis.icdCode), display }],
      text: display,
    },
    subject: { reference: `Patient/${diagnosis.patientFhirId}` },
    ...(diagnosis.encounterFhirId ? { encounter: { reference: `Encounter/${diagnosis.encounterFhirId}` } } : {}),
    ...(diagnosis.recorder ? { recorder: diagnosis.recorder } : {}),
  };
}

/** The FHIR Condition of an encounter diagnosis, with the identifier that makes its create idempotent. */
export function encounterDiagnosisCondition(diagnosis: EncounterDiagnosis): FhirResource {
  return diagnosisCondition(diagnosis, 'encounter-diagnosis');
}

/** A problem-list item Condition (category problem-list-item, no encounter). */
export function problemListCondition(diagnosis: ProblemListDiagnosis): FhirResource {
  return diagnosisCondition(diagnosis, 'problem-list-item');
}

/** The conditional-create query that finds the Condition already written under that identifier. */
export function ifNoneExistQuery(identifierValue: string): string {
  return `identifier=${CONDITION_WRITE_SYSTEM}|${identifierValue}`;
}

/** True when the EHR's CapabilityStatement declares create for resources of this type. */
export function acceptsCreate(capabilityStatement: FhirResource, resourceType: string): boolean {
  const rest = Array.isArray(capabilityStatement.rest) ? (capabilityStatement.rest as unknown[]) : [];
  return rest.some((entry) => {
    const resources = (entry as { resource?: { type?: unknown; interaction?: { code?: unknown }[] }[] }).resource ?? [];
    return resources.some(
      (resource) =>
        resource.type === resourceType &&
        (resource.interaction ?? []).some((interaction) => interaction.code === 'create'),
    );
  });
}
