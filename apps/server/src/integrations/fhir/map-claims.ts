import type { CodeableConcept, FhirResource, Period, Reference } from './fhir-types';
import { displayOf, requireDate } from './fhir-values';
import type { MapContext, MappedRow } from './fhir-mapping';
import { icdOf } from './coded-reasons';
import type { ConditionResource } from './map-conditions';
import { patientOf } from './map-encounters';

interface ClaimResource extends FhirResource {
  patient?: Reference;
  billablePeriod?: Period;
  created?: string;
  diagnosis?: {
    sequence?: number;
    diagnosisCodeableConcept?: CodeableConcept;
    diagnosisReference?: Reference;
  }[];
}

/**
 * Claim and ExplanationOfBenefit -> one claim_diagnoses row per diagnosis (`<id>#<sequence>`). A
 * diagnosis given by reference takes the code of that Condition in the bundle; a diagnosis with no
 * ICD-10-CM code (given or mapped from SNOMED CT) is left out.
 */
export function mapClaim(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const claim = resource as ClaimResource;
  const patientId = patientOf(context, claim.patient);
  const serviceDate = requireDate(claim.billablePeriod?.start ?? claim.created, 'billablePeriod.start or created');
  const rows: MappedRow[] = [];
  (claim.diagnosis ?? []).forEach((diagnosis, position) => {
    const sequence = Number.isInteger(diagnosis.sequence) ? Number(diagnosis.sequence) : position + 1;
    const concept =
      diagnosis.diagnosisCodeableConcept ?? context.resolve<ConditionResource>(diagnosis.diagnosisReference)?.code;
    const { icdCode, icdMapped } = icdOf(concept, context);
    if (!icdCode) return;
    rows.push({
      table: 'claimDiagnoses',
      values: {
        sourceId: `${sourceId}#${String(sequence)}`,
        claimType: claim.resourceType,
        sequence,
        icdCode,
        icdMapped,
        display: displayOf(concept) ?? '',
        serviceDate,
      },
      refs: { patientId },
    });
  });
  return rows;
}
