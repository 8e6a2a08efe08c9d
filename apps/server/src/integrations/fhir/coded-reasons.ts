import type { StoredReason } from '../../db/clinical-schema';
import { type CodeableConcept, SYSTEMS } from './fhir-types';
import { codeIn, codingsOf, displayOf, normaliseIcd, storedCodings } from './fhir-values';
import type { MapContext } from './fhir-mapping';

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

/**
 * The coded reasons of a resource (`Encounter.reasonCode`, `CarePlan.activity.detail.reasonCode`): each
 * concept with at least one coding, in words, with its ICD-10-CM code as given or mapped from SNOMED CT
 * (like a Condition's code) and its codings as they arrived. A reason in words alone is not kept here.
 */
export function storedReasons(concepts: CodeableConcept[] | undefined, context: MapContext): StoredReason[] {
  return (concepts ?? []).flatMap((concept): StoredReason[] => {
    const codings = storedCodings(concept);
    if (codings.length === 0) return [];
    const { icdCode, icdMapped } = icdOf(concept, context);
    return [{ display: displayOf(concept) ?? codingsOf(concept)[0]?.code ?? '', icdCode, icdMapped, codings }];
  });
}
