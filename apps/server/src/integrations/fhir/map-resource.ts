import type { FhirResource } from './fhir-types';
import type { MapContext, MappedRow } from './fhir-mapping';
import { mapCoverage, mapLocation, mapOrganization, mapPatient, mapPractitioner } from './map-administrative';
import { mapClaim } from './map-claims';
import { mapCondition } from './map-conditions';
import { mapDiagnosticReport, mapDocumentReference } from './map-documents';
import { mapCarePlan } from './map-care-plans';
import { mapAppointment, mapEncounter } from './map-encounters';
import { mapObservation } from './map-observations';
import { mapCommunicationRequest, mapTask, namesPartner } from './map-partner-notes';
import { mapAllergy, mapImmunization, mapMedication, mapProcedure } from './map-treatments';

type Mapper = (resource: FhirResource, sourceId: string, context: MapContext) => MappedRow[];

/** The resource types Cairn imports, each with its mapper; any other type is skipped. */
export const MAPPERS: Readonly<Record<string, Mapper>> = {
  Organization: mapOrganization,
  Practitioner: mapPractitioner,
  Location: mapLocation,
  Patient: mapPatient,
  Encounter: mapEncounter,
  Appointment: mapAppointment,
  Condition: mapCondition,
  Observation: mapObservation,
  MedicationRequest: mapMedication,
  MedicationStatement: mapMedication,
  AllergyIntolerance: mapAllergy,
  Procedure: mapProcedure,
  Immunization: mapImmunization,
  CarePlan: mapCarePlan,
  DiagnosticReport: mapDiagnosticReport,
  DocumentReference: mapDocumentReference,
  Claim: mapClaim,
  ExplanationOfBenefit: mapClaim,
  Coverage: mapCoverage,
  Task: mapTask,
  CommunicationRequest: mapCommunicationRequest,
};

/**
 * Types of which only some resources are Cairn's: a Task or CommunicationRequest is imported only when
 * a partner organisation sends it (a partner note); the rest are skipped like types Cairn does not use.
 */
const IS_CAIRNS: Readonly<Record<string, (resource: FhirResource, context: MapContext) => boolean>> = {
  Task: namesPartner,
  CommunicationRequest: namesPartner,
};

export function isImportedType(resourceType: string): boolean {
  return Object.hasOwn(MAPPERS, resourceType);
}

/** Whether the import reads this resource: its type is imported and, for some types, it is one Cairn uses. */
export function isImportedResource(resource: FhirResource, context: MapContext): boolean {
  if (!isImportedType(resource.resourceType)) return false;
  return IS_CAIRNS[resource.resourceType]?.(resource, context) ?? true;
}

/** The rows a resource becomes; throws `MappingError` (or any error, for a malformed resource). */
export function mapResource(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const mapper = MAPPERS[resource.resourceType];
  return mapper ? mapper(resource, sourceId, context) : [];
}
