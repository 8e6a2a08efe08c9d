import { normalizeIcdCode } from '../icd10';
import type { ConditionRecord, PatientRecord } from '../record';
import { CONDITION_MARKERS } from './condition-markers';
import { datePart } from './dates';
import { runRules } from './engine';
import { indexPatient, resultsOf, usesOf, type PatientIndex } from './patient-index';
import { getSuspectingReference } from './reference';
import { COMBINATION_RULES, PRIMARY_RULES } from './rules';
import {
  diagnosisEvidence,
  medicationEvidence,
  observationEvidence,
  type RuleRef,
  type RuleResult,
} from './rules/rule';
import type { Suggestion, SuggestionEvidence } from './types';
import { visitReasonEvidence, visitReasonsOf } from './visit-reasons';

/** The rule a coded diagnosis of the code's category is evidence under. */
export const CODED_ON_RECORD: RuleRef = {
  id: 'coded-on-record',
  source:
    'ICD-10-CM Official Guidelines FY2026 IV.J (code all documented conditions that coexist at the time of the encounter and affect its care); coded diagnoses of the same ICD-10-CM category in the two prior calendar years and this one',
};

/** Options of {@link findCodeEvidence}. */
export interface CodeEvidenceOptions {
  /** The ICD-10-CM code, in any typed form (`E11.65`, `e1165`). */
  code: string;
  /** The visit date, `YYYY-MM-DD`: facts dated after it are ignored. */
  asOf: string;
  /** The visit's suggestions: those of the code's category or payment HCC lend their evidence. */
  suggestions?: readonly Pick<Suggestion, 'code' | 'evidence'>[];
}

const ENDED = new Set<ConditionRecord['clinicalStatus']>(['resolved', 'inactive']);

/**
 * Whether another code is about the same condition: the same ICD-10-CM category (E11.9 and E11.65), or
 * a payment HCC in common in V28 or V24 for this person (I11.0 and I50.22 are both heart failure).
 */
function relatedCodes(code: string, index: PatientIndex): (other: string) => boolean {
  const reference = getSuspectingReference();
  const hccsOf = (of: string): string[] => [
    ...reference.hccsOf(of, 'v28', index.person).map((hcc) => `v28:${String(hcc)}`),
    ...reference.hccsOf(of, 'v24', index.person).map((hcc) => `v24:${String(hcc)}`),
  ];
  const own = new Set(hccsOf(code));
  return (other) => other.slice(0, 3) === code.slice(0, 3) || hccsOf(other).some((hcc) => own.has(hcc));
}

/**
 * Coded diagnoses of the code's category since the look-back start (not those the record says ended),
 * HIE ones, and coded reasons for visits of the same window.
 */
function codedDiagnoses(index: PatientIndex, code: string): SuggestionEvidence[] {
  const category = code.slice(0, 3);
  const hasEnded = (condition: ConditionRecord | undefined): boolean =>
    condition !== undefined &&
    (ENDED.has(condition.clinicalStatus) ||
      (condition.abatementDate !== undefined && datePart(condition.abatementDate) <= index.asOf));
  const coded = (index.diagnosesByCategory.get(category) ?? [])
    .filter((diagnosis) => diagnosis.date >= index.lookbackStart && !hasEnded(diagnosis.condition))
    .map((diagnosis) => diagnosisEvidence(diagnosis, CODED_ON_RECORD));
  const elsewhere = index.uncodedConditions.flatMap((condition): SuggestionEvidence[] =>
    condition.icdCode?.startsWith(category)
      ? [
          {
            resourceType: 'Condition',
            resourceId: condition.id,
            date: datePart(condition.date),
            source: condition.source,
            code: condition.icdCode,
            text: condition.display,
            ruleId: CODED_ON_RECORD.id,
            ruleSource: CODED_ON_RECORD.source,
          },
        ]
      : [],
  );
  const visitReasons = visitReasonsOf(index)
    .filter((item) => item.icdCode.startsWith(category))
    .map((item) => visitReasonEvidence(item, CODED_ON_RECORD));
  return [...coded, ...elsewhere, ...visitReasons];
}

/**
 * The results that evaluate the condition (the latest of each kind since January 1 of the prior year,
 * whatever its value) and the drugs that treat it (orders current on the as-of date).
 */
function markerEvidence(index: PatientIndex, code: string): SuggestionEvidence[] {
  const evidence: SuggestionEvidence[] = [];
  for (const markers of CONDITION_MARKERS) {
    if (!markers.conditions.some((prefix) => code.startsWith(prefix))) continue;
    for (const kind of markers.results ?? []) {
      const latest = resultsOf(index, kind)
        .filter((result) => result.date >= index.priorYearStart)
        .at(-1);
      if (latest) evidence.push(observationEvidence(latest, markers.rule));
    }
    for (const use of usesOf(index, markers.ingredients ?? []))
      if (use.isCurrent) evidence.push(medicationEvidence(use, markers.rule));
  }
  return evidence;
}

/** Each fact once (a document once per snippet), oldest first. */
function uniqueOldestFirst(evidence: readonly SuggestionEvidence[]): SuggestionEvidence[] {
  const seen = new Set<string>();
  const unique = evidence.filter((item) => {
    const snippet = item.resourceType === 'DocumentReference' ? (item.text ?? '') : '';
    const key = `${item.resourceType}|${item.resourceId}|${snippet}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return unique.sort((left, right) => (left.date < right.date ? -1 : left.date > right.date ? 1 : 0));
}

interface ReadRecord {
  index: PatientIndex;
  findings: RuleResult[];
}
/** A note drafts many codes from one record: it is indexed and the rules run once per as-of date. */
const readRecords = new WeakMap<PatientRecord, Map<string, ReadRecord>>();

function readRecord(record: PatientRecord, asOf: string): ReadRecord {
  const byDate = readRecords.get(record) ?? new Map<string, ReadRecord>();
  readRecords.set(record, byDate);
  let read = byDate.get(asOf);
  if (!read) {
    const index = indexPatient(record, asOf);
    const primary = runRules(PRIMARY_RULES, index, []);
    read = { index, findings: [...primary, ...runRules(COMBINATION_RULES, index, primary)] };
    byDate.set(asOf, read);
  }
  return read;
}

/**
 * The facts in a patient's record that bear on one ICD-10-CM code, whether or not the engine suggests
 * it (a code the user added, or one accepted before and no longer suggested): coded diagnoses (EHR,
 * claims, partner organisations) of its category; the evidence of every rule's finding of its category
 * or payment HCC, before the engine drops what is coded this year; the results and current drugs the
 * rules read for its condition, whatever their values (`CONDITION_MARKERS`); and the evidence of the
 * visit's suggestions of its category or HCC. Each fact once, oldest first; empty when the record has
 * nothing on it. Facts dated after `asOf` are ignored.
 *
 * @example findCodeEvidence(record, { code: 'E11.65', asOf: '2026-06-01' }) // [{ resourceType: 'Observation', code: '4548-4', value: 8.2, ... }, ...]
 */
export function findCodeEvidence(record: PatientRecord, options: CodeEvidenceOptions): SuggestionEvidence[] {
  const code = normalizeIcdCode(options.code);
  const { index, findings } = readRecord(record, datePart(options.asOf));
  const isRelated = relatedCodes(code, index);
  return uniqueOldestFirst([
    ...codedDiagnoses(index, code),
    ...findings.filter((finding) => isRelated(finding.code)).flatMap((finding) => finding.evidence),
    ...markerEvidence(index, code),
    ...(options.suggestions ?? [])
      .filter((suggestion) => isRelated(suggestion.code))
      .flatMap((suggestion) => suggestion.evidence),
  ]);
}
