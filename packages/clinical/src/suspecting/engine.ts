import type { EditPerson } from '../hcc';
import type { PatientRecord } from '../record';
import { datePart } from './dates';
import { mergeFinding, tidyEvidence, type Draft } from './draft';
import { explainDraft, type CodedHccs } from './explanation';
import { applyHierarchies, isCoveredByCodedHccs } from './hierarchy';
import { foldResiduals, type CodeFacts } from './residual';
import { indexPatient, type PatientIndex } from './patient-index';
import { findRecaptures, RECAPTURE_RULE } from './recapture';
import { getSuspectingReference, type SuspectingReference } from './reference';
import { COMBINATION_RULES, PRIMARY_RULES } from './rules';
import type { RuleResult, SuspectRule } from './rules/rule';
import type { Suggestion, SuspectingModel, SuspectKind, SuspectOptions } from './types';

/** Every finding of the rules on the index, unfiltered (`findCodeEvidence` reads them too). */
export function runRules(
  rules: readonly SuspectRule[],
  index: PatientIndex,
  earlier: readonly RuleResult[],
): RuleResult[] {
  const results: RuleResult[] = [];
  for (const rule of rules) {
    for (const finding of rule.evaluate(index, earlier)) {
      results.push({
        code: finding.code,
        evidence: finding.evidence,
        ruleId: rule.id,
        kind: finding.kind ?? rule.kind,
      });
    }
  }
  return results;
}

function collectCodedHccs(
  index: PatientIndex,
  context: { model: SuspectingModel; person: EditPerson; reference: SuspectingReference },
): CodedHccs {
  const hccsOf = (codes: ReadonlySet<string>): Set<number> => {
    const hccs = new Set<number>();
    for (const code of codes)
      for (const hcc of context.reference.hccsOf(code, context.model, context.person)) hccs.add(hcc);
    return hccs;
  };
  return { thisYear: hccsOf(index.codedThisYear), priorYears: hccsOf(index.codedPriorYears) };
}

/** Fills in title and HCCs; drops codes that are not billable FY2026 codes (a rule must never emit one). */
function describeDrafts(drafts: Iterable<Draft>, person: EditPerson, reference: SuspectingReference): Draft[] {
  const described: Draft[] = [];
  for (const draft of drafts) {
    const entry = reference.describe(draft.code);
    if (entry?.billable !== true) continue;
    draft.description = entry.description;
    // Copies: the reference's arrays are shared by every caller.
    draft.hcc = {
      v28: [...reference.hccsOf(draft.code, 'v28', person)],
      v24: [...reference.hccsOf(draft.code, 'v24', person)],
    };
    described.push(draft);
  }
  return described;
}

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])/;

const KIND_ORDER: Record<SuspectKind, number> = {
  'documented-elsewhere': 1,
  'meets-diagnostic-criteria': 2,
  'clinical-correlation-needed': 3,
};

function orderOf(suggestion: Suggestion): number {
  return suggestion.suspectKind === undefined ? 0 : KIND_ORDER[suggestion.suspectKind];
}

/**
 * The suggestions for one patient on one date: recaptures of chronic HCC conditions and suspects
 * from documents, HIE records, results, medications and procedures, one per ICD-10-CM code with all
 * of its evidence. Nothing coded this year is suggested again, by code or by an HCC already coded
 * this year at the same or a higher level of its hierarchy; of suggestions in one HCC family only
 * the highest remains (its evidence includes the others'). Facts dated after `asOf` are ignored.
 *
 * @throws RangeError when `asOf` or the birth date is not an ISO date.
 * @example suspect(record, { asOf: '2026-03-02' }) // [{ code: 'N184', category: 'Suspect', ... }]
 */
export function suspect(record: PatientRecord, options: SuspectOptions): Suggestion[] {
  if (!ISO_DATE.test(options.asOf))
    throw new RangeError(`asOf must be an ISO date (YYYY-MM-DD), got "${options.asOf}"`);
  // Age drives the HCC models' age edits and the adult-only rules: without it nothing is safe to suggest.
  if (!ISO_DATE.test(record.demographics.birthDate)) throw new RangeError('The record has no valid birth date');
  const model = options.model ?? 'v28';
  const index = indexPatient(record, datePart(options.asOf));
  const reference = getSuspectingReference();
  const person: EditPerson = { age: index.age, sex: record.demographics.sex };
  const context = { model, person, reference };

  const drafts = new Map<string, Draft>();
  for (const recapture of findRecaptures(index, context)) {
    const { code, evidence } = recapture;
    mergeFinding(drafts, { code, category: 'Recapture', kind: undefined, evidence, ruleId: RECAPTURE_RULE.id });
  }
  const primary = runRules(PRIMARY_RULES, index, []);
  const combined = runRules(COMBINATION_RULES, index, primary);
  for (const results of [primary, combined]) {
    for (const { code, kind, evidence, ruleId } of results) {
      mergeFinding(drafts, { code, category: 'Suspect', kind, evidence, ruleId });
    }
  }

  const coded = collectCodedHccs(index, context);
  const open = describeDrafts(drafts.values(), person, reference).filter(
    (draft) => !index.codedThisYear.has(draft.code) && !isCoveredByCodedHccs(draft, coded.thisYear, model, reference),
  );
  const codedThisYear: CodeFacts[] = [];
  for (const code of index.codedThisYear) {
    const entry = reference.describe(code);
    if (entry)
      codedThisYear.push({ code, description: entry.description, hccs: reference.hccsOf(code, model, person) });
  }
  const kept = foldResiduals(applyHierarchies(open, model, reference), { model, codedThisYear });
  const suggestions = kept.map((draft): Suggestion => ({
    code: draft.code,
    description: draft.description,
    hcc: draft.hcc,
    category: draft.category,
    suspectKind: draft.suspectKind,
    explanationGroup: explainDraft(draft, { coded, model, reference, yearStart: index.yearStart }),
    evidence: tidyEvidence(draft.evidence),
    ruleIds: [...draft.ruleIds],
  }));
  return suggestions.sort((left, right) => orderOf(left) - orderOf(right) || (left.code < right.code ? -1 : 1));
}
