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

/** The FHIR Condition of an encounter diagnosis, with the identifier that makes its create idempotent. */
export function encounterDiagnosisCondition(diagnosis: EncounterDiagnosis): FhirResource {
  const display = getIcdCatalog().get(diagnosis.icdCode)?.longDescription;
  return {
    resourceType: 'Condition',
    identifier: [{ system: CONDITION_WRITE_SYSTEM, value: diagnosis.identifierValue }],
    clinicalStatus: { coding: [{ system: `${TERMINOLOGY}/condition-clinical`, code: 'active' }] },
    verificationStatus: { coding: [{ system: `${TERMINOLOGY}/condition-ver-status`, code: 'confirmed' }] },
    category: [
      {
        coding: [
          { system: `${TERMINOLOGY}/condition-category`, code: 'encounter-diagnosis', display: 'Encounter Diagnosis' },
        ],
      },
    ],
    code: {
      coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: formatIcdCode(diagnosis.icdCode), display }],
      text: display,
    },
    subject: { reference: `Patient/${diagnosis.patientFhirId}` },
    encounter: { reference: `Encounter/${diagnosis.encounterFhirId}` },
    ...(diagnosis.recorder ? { recorder: diagnosis.recorder } : {}),
  };
}

/** The conditional-create query that finds the Condition already written under that identifier. */
export function ifNoneExistQuery(identifierValue: string): string {
  return `identifier=${CONDITION_WRITE_SYSTEM}|${identifierValue}`;
}

/** True when the EHR's CapabilityStatement declares Condition create. */
export function acceptsConditionCreate(capabilityStatement: FhirResource): boolean {
  const rest = Array.isArray(capabilityStatement.rest) ? (capabilityStatement.rest as unknown[]) : [];
  return rest.some((entry) => {
    const resources = (entry as { resource?: { type?: unknown; interaction?: { code?: unknown }[] }[] }).resource ?? [];
    return resources.some(
      (resource) =>
        resource.type === 'Condition' &&
        (resource.interaction ?? []).some((interaction) => interaction.code === 'create'),
    );
  });
}
