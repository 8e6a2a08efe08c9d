import { icdOf } from './coded-reasons';
import type { CodeableConcept, FhirResource, Period, Reference } from './fhir-types';
import { dateOf, displayOf, MappingError, storedCodings } from './fhir-values';
import type { MapContext, MappedRow } from './fhir-mapping';
import { encounterOf, patientOf } from './map-encounters';

export interface ConditionResource extends FhirResource {
  clinicalStatus?: CodeableConcept;
  verificationStatus?: CodeableConcept;
  category?: CodeableConcept[];
  code?: CodeableConcept;
  subject?: Reference;
  encounter?: Reference;
  onsetDateTime?: string;
  onsetPeriod?: Period;
  recordedDate?: string;
  abatementDateTime?: string;
  abatementPeriod?: Period;
}

const CATEGORIES = new Set(['problem-list-item', 'encounter-diagnosis', 'health-concern']);

/**
 * Condition -> conditions. Without a category (Synthea), a condition recorded at an encounter is an
 * encounter diagnosis, one without is a problem-list item.
 */
export function mapCondition(resource: FhirResource, sourceId: string, context: MapContext): MappedRow[] {
  const condition = resource as ConditionResource;
  const display = displayOf(condition.code);
  if (!display) throw new MappingError('condition without code');
  const given = condition.category
    ?.flatMap((category) => category.coding ?? [])
    .map((coding) => coding.code)
    .find((code) => code !== undefined && CATEGORIES.has(code));
  const encounter = encounterOf(context, condition.encounter);
  return [
    {
      table: 'conditions',
      values: {
        sourceId,
        ...icdOf(condition.code, context),
        display,
        codings: storedCodings(condition.code),
        category: given ?? (encounter.encounterId ? 'encounter-diagnosis' : 'problem-list-item'),
        clinicalStatus: condition.clinicalStatus?.coding?.[0]?.code ?? 'unknown',
        verificationStatus: condition.verificationStatus?.coding?.[0]?.code ?? null,
        onsetDate: dateOf(condition.onsetDateTime ?? condition.onsetPeriod?.start) ?? null,
        recordedDate: dateOf(condition.recordedDate) ?? null,
        abatementDate: dateOf(condition.abatementDateTime ?? condition.abatementPeriod?.start) ?? null,
      },
      refs: { patientId: patientOf(context, condition.subject), ...encounter },
    },
  ];
}
