import { foldDraft, type Draft } from './draft';
import type { SuspectingReference } from './reference';
import type { SuspectingModel } from './types';

/** Whether HCC `lower` sits below one of `higher` in the model's hierarchy. */
function isBelowAny(
  lower: number,
  higher: Iterable<number>,
  model: SuspectingModel,
  reference: SuspectingReference,
): boolean {
  for (const hcc of higher) if (reference.descendantsOf(hcc, model).has(lower)) return true;
  return false;
}

/**
 * Whether the HCCs a draft would add are already captured this year: every one of them is coded
 * this year, or sits below an HCC coded this year. A draft with no HCC is never covered this way.
 */
export function isCoveredByCodedHccs(
  draft: Draft,
  codedHccs: ReadonlySet<number>,
  model: SuspectingModel,
  reference: SuspectingReference,
): boolean {
  const hccs = draft.hcc[model];
  return hccs.length > 0 && hccs.every((hcc) => codedHccs.has(hcc) || isBelowAny(hcc, codedHccs, model, reference));
}

function isDominatedBy(draft: Draft, other: Draft, model: SuspectingModel, reference: SuspectingReference): boolean {
  const hccs = draft.hcc[model];
  return other !== draft && hccs.length > 0 && hccs.every((hcc) => isBelowAny(hcc, other.hcc[model], model, reference));
}

/**
 * Drops each draft whose HCCs all sit below the HCCs of another draft (CMS hierarchies: only the
 * highest HCC of a family pays), folding its evidence into the highest such draft.
 */
export function applyHierarchies(
  drafts: readonly Draft[],
  model: SuspectingModel,
  reference: SuspectingReference,
): Draft[] {
  const dominated = new Set(
    drafts.filter((draft) => drafts.some((other) => isDominatedBy(draft, other, model, reference))),
  );
  for (const draft of dominated) {
    const top = drafts.find((other) => !dominated.has(other) && isDominatedBy(draft, other, model, reference));
    if (top) foldDraft(draft, top);
  }
  return drafts.filter((draft) => !dominated.has(draft));
}
