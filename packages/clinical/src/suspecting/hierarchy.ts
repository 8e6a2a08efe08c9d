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

/**
 * ICD-10-CM titles of a residual code, which a more specific code of its category replaces:
 * "Unspecified atrial fibrillation", "Heart failure, unspecified", "Type 2 diabetes mellitus without complications".
 */
function isUnspecifiedTitle(description: string): boolean {
  return (
    description.startsWith('Unspecified') ||
    description.endsWith(', unspecified') ||
    description.endsWith('without complications')
  );
}

function isSubset(small: readonly number[], large: readonly number[]): boolean {
  return small.every((hcc) => large.includes(hcc));
}

/**
 * Folds an unspecified code into a more specific code of the same category and HCC that is also
 * suggested (I48.91 into I48.0, I50.9 into I50.22, N18.9 into N18.4, E11.9 into E11.65): the coder
 * codes only the specific one.
 */
export function foldUnspecified(drafts: readonly Draft[], model: SuspectingModel): Draft[] {
  const folded = new Set<Draft>();
  for (const draft of drafts) {
    if (!isUnspecifiedTitle(draft.description)) continue;
    const target = drafts.find(
      (other) =>
        other !== draft &&
        !folded.has(other) &&
        other.code.slice(0, 3) === draft.code.slice(0, 3) &&
        isSubset(draft.hcc[model], other.hcc[model]) &&
        (!isUnspecifiedTitle(other.description) || other.code.length > draft.code.length),
    );
    if (!target) continue;
    foldDraft(draft, target);
    folded.add(draft);
  }
  return drafts.filter((draft) => !folded.has(draft));
}
