import type { PatientIndex } from '../patient-index';
import { endedCodes } from '../recapture';
import type { SuggestionEvidence } from '../types';
import { chronicHccCodeOf, visitReasonEvidence, visitReasonsOf } from '../visit-reasons';
import type { RuleFinding, SuspectRule } from './rule';

/**
 * A coded reason for a visit this year (FHIR `Encounter.reasonCode`, SNOMED CT mapped to ICD-10-CM on
 * ingest) that names a chronic HCC condition: the condition was documented at that visit, as an
 * encounter diagnosis would be, but nothing codes it this year. Reasons of visits in the two prior
 * years are recapture's (`recapture.ts`); a reason the visit's own diagnosis codes is left out.
 */
export const visitReasonRule: SuspectRule = {
  id: 'visit-reason',
  kind: 'documented-elsewhere',
  source:
    'Coded reason for a visit this calendar year (FHIR R4 Encounter.reasonCode, US Core: the coded reason the encounter takes place); a condition documented at a face-to-face visit counts for the year of the visit (42 CFR 422.310; Medicare Managed Care Manual ch. 7 §40); only chronic payment-HCC conditions, whose latest EHR condition row does not say they ended',
  evaluate(index: PatientIndex): RuleFinding[] {
    const reasons = visitReasonsOf(index).filter((item) => item.date >= index.yearStart);
    if (reasons.length === 0) return [];
    const ended = endedCodes(index);
    const found = new Map<string, SuggestionEvidence[]>();
    for (const item of reasons) {
      const code = chronicHccCodeOf(item.icdCode, index);
      if (code === undefined || ended.has(item.icdCode) || ended.has(code)) continue;
      const list = found.get(code) ?? [];
      list.push(visitReasonEvidence(item, this));
      found.set(code, list);
    }
    return [...found].map(([code, evidence]) => ({ code, evidence }));
  },
};
