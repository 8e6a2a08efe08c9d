import type { Draft } from './draft';
import type { SuspectingReference } from './reference';
import type { EngineExplanationGroup, SuspectingModel } from './types';

/** The patient's coded HCCs in the chosen model: this calendar year, and the two years before it. */
export interface CodedHccs {
  thisYear: ReadonlySet<number>;
  priorYears: ReadonlySet<number>;
}

/**
 * Why a suggestion is shown (spec §3 explanation groups), the first that applies:
 * 1. `readdress`: a Recapture (a chronic HCC condition coded in the prior two years, not yet this year).
 * 2. `no-hcc`: the code maps to no payment HCC in the chosen model.
 * 3. `partner-organisation-notes`: every piece of evidence comes from partner organisations (HIE).
 * 4. `existing-hcc-mid-year`: an HCC of the same family, lower in the hierarchy, is already coded
 *    this year; the suggestion would raise it.
 * 5. `existing-hcc`: the HCC, or another of its hierarchy family, was coded in the prior two
 *    calendar years (not this year): the condition is known, the suggestion adds or refines it.
 * 6. `new-hcc-mid-year`: an HCC never coded in the look-back, with every piece of evidence dated
 *    this calendar year (it arose, or its evidence arrived, during the year).
 * 7. `new-hcc`: an HCC never coded in the look-back, with evidence from before this year.
 */
export function explainDraft(
  draft: Draft,
  context: { coded: CodedHccs; model: SuspectingModel; reference: SuspectingReference; yearStart: string },
): EngineExplanationGroup {
  if (draft.category === 'Recapture') return 'readdress';
  const hccs = draft.hcc[context.model];
  if (hccs.length === 0) return 'no-hcc';
  if (draft.evidence.every((item) => item.source === 'HIE')) return 'partner-organisation-notes';
  const below = (hcc: number): ReadonlySet<number> => context.reference.descendantsOf(hcc, context.model);
  const isRaisingThisYear = hccs.some((hcc) => [...context.coded.thisYear].some((coded) => below(hcc).has(coded)));
  if (isRaisingThisYear) return 'existing-hcc-mid-year';
  const isKnownFamily = hccs.some((hcc) =>
    [...context.coded.priorYears].some((coded) => coded === hcc || below(hcc).has(coded) || below(coded).has(hcc)),
  );
  if (isKnownFamily) return 'existing-hcc';
  return draft.evidence.every((item) => item.date >= context.yearStart) ? 'new-hcc-mid-year' : 'new-hcc';
}
