import type { CodedReason, EncounterRecord } from '../record';
import { isChronic, recaptureCode } from './chronic';
import { datePart } from './dates';
import type { PatientIndex } from './patient-index';
import { getSuspectingReference } from './reference';
import type { RuleRef } from './rules/rule';
import type { SuggestionEvidence } from './types';

/** A coded reason of one visit that names an ICD-10-CM code. */
export interface VisitReason {
  encounter: EncounterRecord;
  reason: CodedReason;
  /** The ICD-10-CM code the reason names (upper case, no dot). */
  icdCode: string;
  /** The visit's date, `YYYY-MM-DD`. */
  date: string;
}

const SYSTEM_NAMES: Readonly<Record<string, string>> = {
  'http://snomed.info/sct': 'SNOMED CT',
  'http://hl7.org/fhir/sid/icd-10-cm': 'ICD-10-CM',
  'http://hl7.org/fhir/sid/icd-10': 'ICD-10',
};

/**
 * The code a reason is cited by: the ICD-10-CM coding when the source gave one, else its SNOMED CT
 * coding, else the first (`SNOMED CT 88805009`, `ICD-10-CM I50.22`).
 */
export function citedCode(reason: CodedReason): string | undefined {
  const coding =
    reason.codings.find((item) => SYSTEM_NAMES[item.system] === 'ICD-10-CM') ??
    reason.codings.find((item) => SYSTEM_NAMES[item.system] === 'SNOMED CT') ??
    reason.codings[0];
  if (!coding) return undefined;
  const system = SYSTEM_NAMES[coding.system];
  return system ? `${system} ${coding.code}` : coding.code;
}

/** A reason in words with the code it was given by: `Chronic congestive heart failure (SNOMED CT 88805009)`. */
export function reasonText(reason: CodedReason): string {
  const code = citedCode(reason);
  return code === undefined ? reason.display : `${reason.display} (${code})`;
}

const cache = new WeakMap<PatientIndex, VisitReason[]>();

/**
 * The coded visit reasons naming an ICD-10-CM code, from the look-back start (January 1 two years
 * back) to the as-of date, oldest first. A reason the record already codes for that day (a claim or
 * an EHR condition of the same code on the visit's date: the visit's own encounter diagnosis) is left
 * out, so the coded diagnosis alone speaks for that visit.
 */
export function visitReasonsOf(index: PatientIndex): readonly VisitReason[] {
  const cached = cache.get(index);
  if (cached) return cached;
  const found: VisitReason[] = [];
  for (const encounter of index.record.encounters) {
    if (!encounter.reasons?.length) continue;
    const date = datePart(encounter.date);
    if (date < index.lookbackStart || date > index.asOf) continue;
    for (const reason of encounter.reasons) {
      const icdCode = reason.icdCode;
      if (icdCode === undefined) continue;
      const isCoded = (index.diagnosesByCategory.get(icdCode.slice(0, 3)) ?? []).some(
        (diagnosis) => diagnosis.code === icdCode && diagnosis.date === date,
      );
      if (!isCoded) found.push({ encounter, reason, icdCode, date });
    }
  }
  found.sort((left, right) => (left.date < right.date ? -1 : left.date > right.date ? 1 : 0));
  cache.set(index, found);
  return found;
}

/** SuggestionEvidence from a visit reason: `Visit reason: Chronic congestive heart failure (SNOMED CT 88805009)`. */
export function visitReasonEvidence(visitReason: VisitReason, rule: RuleRef): SuggestionEvidence {
  return {
    resourceType: 'Encounter',
    resourceId: visitReason.encounter.id,
    date: visitReason.date,
    source: visitReason.encounter.source,
    code: visitReason.icdCode,
    text: `Visit reason: ${reasonText(visitReason.reason)}`,
    ruleId: rule.id,
    ruleSource: rule.source,
  };
}

/**
 * The code a coded reason documents as a current condition: its chronic counterpart (as recapture
 * reads a coded diagnosis), when that is a billable code of a chronic payment HCC in V28 or V24;
 * otherwise none. An acute episode named as the reason for an earlier visit is not current now.
 */
export function chronicHccCodeOf(icdCode: string, index: PatientIndex): string | undefined {
  const reference = getSuspectingReference();
  const code = recaptureCode(icdCode);
  if (reference.describe(code)?.billable !== true) return undefined;
  const isCurrent =
    isChronic(code, reference.hccsOf(code, 'v28', index.person), 'v28') ||
    isChronic(code, reference.hccsOf(code, 'v24', index.person), 'v24');
  return isCurrent ? code : undefined;
}
