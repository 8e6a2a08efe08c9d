import { type CodeableConcept, type FhirResource, type Period, type Reference, SYSTEMS } from './fhir-types';
import { codeIn, dateOf, displayOf, MappingError, normaliseIcd, storedCodings } from './fhir-values';
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

export interface IcdCoding {
  icdCode: string | null;
  icdMapped: boolean;
  snomedCode: string | null;
}

/** ICD-10-CM as given (upper case, no dot), else mapped from SNOMED CT through Cairn's map. */
export function icdOf(concept: CodeableConcept | undefined, context: MapContext): IcdCoding {
  const given = codeIn(concept, SYSTEMS.icd10cm);
  const snomedCode = codeIn(concept, SYSTEMS.snomed) ?? null;
  if (given) return { icdCode: normaliseIcd(given), icdMapped: false, snomedCode };
  const mapped = snomedCode ? context.snomedToIcd(snomedCode) : undefined;
  return mapped ? { icdCode: mapped, icdMapped: true, snomedCode } : { icdCode: null, icdMapped: false, snomedCode };
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
