import type { EditPerson } from '../hcc';
import type { ConditionRecord } from '../record';
import { isChronic, recaptureCode } from './chronic';
import { datePart } from './dates';
import type { PatientIndex } from './patient-index';
import type { SuspectingReference } from './reference';
import { diagnosisEvidence, type RuleRef } from './rules/rule';
import type { SuggestionEvidence, SuspectingModel } from './types';
import { visitReasonEvidence, visitReasonsOf } from './visit-reasons';

export const RECAPTURE_RULE: RuleRef = {
  id: 'recapture-chronic-hcc',
  source:
    'CMS risk adjustment counts a diagnosis only for the calendar year of the face-to-face encounter that documents it (42 CFR 422.310; Medicare Managed Care Manual ch. 7 §40): a chronic HCC condition coded in the prior two calendar years must be addressed again this year',
};

/** A chronic condition to recapture: the code to suggest and the coded diagnoses behind it. */
export interface Recapture {
  code: string;
  evidence: SuggestionEvidence[];
}

const ENDED = new Set<ConditionRecord['clinicalStatus']>(['resolved', 'inactive']);

/** Codes whose most recent EHR condition row says the condition has ended (resolved, inactive or abated by the as-of date). */
export function endedCodes(index: PatientIndex): Set<string> {
  const latest = new Map<string, ConditionRecord>();
  for (const condition of index.record.conditions) {
    if (condition.source !== 'EHR' || !condition.icdCode || datePart(condition.date) > index.asOf) continue;
    const known = latest.get(condition.icdCode);
    if (!known || datePart(known.date) <= datePart(condition.date)) latest.set(condition.icdCode, condition);
  }
  const ended = new Set<string>();
  for (const [code, condition] of latest) {
    const abated = condition.abatementDate !== undefined && datePart(condition.abatementDate) <= index.asOf;
    if (ENDED.has(condition.clinicalStatus) || abated) ended.add(code);
  }
  return ended;
}

/**
 * Chronic HCC conditions coded (claims, EHR encounter diagnoses, EHR problem list) in the two
 * calendar years before the as-of year and not coded yet this year (the engine removes those). A coded
 * reason for a visit of those years (`Encounter.reasonCode`) counts as that visit's encounter diagnosis.
 */
export function findRecaptures(
  index: PatientIndex,
  options: { model: SuspectingModel; person: EditPerson; reference: SuspectingReference },
): Recapture[] {
  const ended = endedCodes(index);
  // The same code is coded many times: decide once per code.
  const decided = new Map<string, string | null>();
  const decide = (coded: string): string | null => {
    if (ended.has(coded)) return null;
    const code = recaptureCode(coded);
    if (options.reference.describe(code)?.billable !== true) return null;
    return isChronic(code, options.reference.hccsOf(code, options.model, options.person), options.model) ? code : null;
  };
  const found = new Map<string, SuggestionEvidence[]>();
  const add = (coded: string, evidenceOf: () => SuggestionEvidence): void => {
    let code = decided.get(coded);
    if (code === undefined) {
      code = decide(coded);
      decided.set(coded, code);
    }
    if (code === null) return;
    const list = found.get(code);
    if (list) list.push(evidenceOf());
    else found.set(code, [evidenceOf()]);
  };
  for (const diagnosis of index.diagnoses) {
    if (diagnosis.date < index.lookbackStart || diagnosis.date >= index.yearStart) continue;
    add(diagnosis.code, () => diagnosisEvidence(diagnosis, RECAPTURE_RULE));
  }
  for (const visitReason of visitReasonsOf(index)) {
    if (visitReason.date >= index.yearStart) continue;
    add(visitReason.icdCode, () => visitReasonEvidence(visitReason, RECAPTURE_RULE));
  }
  return [...found].map(([code, evidence]) => ({ code, evidence }));
}
