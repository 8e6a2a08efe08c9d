import type { FhirResource } from './fhir-types';
import type { MapContext, MappedRow } from './fhir-mapping';
import { mapCoverage, mapLocation, mapOrganization, mapPatient, mapPractitioner } from './map-administrative';
import { mapClaim } from './map-claims';
import { mapCondition } from './map-conditions';
import { mapDiagnosticReport, mapDocumentReference } from './map-documents';
import { mapAppointment, mapEncounter } from './map-encounters';
import { mapObservation } from './map-observations';
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
  DiagnosticReport: mapDiagnosticReport,
  DocumentReference: mapDocumentReference,
  Claim: mapClaim,
  ExplanationOfBenefit: mapClaim,
  Coverage: mapCoverage,
};

export function isImportedType(resourceType: string): boolean {
  return Object.hasOwn(MAPPERS, resourceType);
}

/** The rows a resource becomes; throws `MappingError` (or any error, for a malformed resource). */
export function mapResource(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const mapper = MAPPERS[resource.resourceType];
  return mapper ? mapper(resource, sourceId, context) : [];
}
