import { foldDraft, type Draft } from './draft';
import type { SuspectingModel } from './types';

/** What the residual-code rules need to know of a code. */
export interface CodeFacts {
  code: string;
  description: string;
  hccs: readonly number[];
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

/** Residual codes that a code of another subcategory or category replaces. */
const REPLACEMENTS: readonly { residual: RegExp; specific: RegExp; isContrary?: boolean }[] = [
  // Unspecified dementia once its cause is known: vascular (F01), in other diseases (F02), Alzheimer (G30), other degeneration (G31).
  { residual: /^F03/, specific: /^(F01|F02|G30|G31)/ },
  // Diabetes with "other" kidney complication once nephropathy (.21) or CKD (.22) is named.
  { residual: /^E(08|09|10|11|13)29$/, specific: /^E(08|09|10|11|13)2[12]$/ },
  // Diabetic neuropathy, unspecified, once its kind is named (mono-, poly-, autonomic neuropathy, amyotrophy).
  { residual: /^E(08|09|10|11|13)40$/, specific: /^E(08|09|10|11|13)4[1-4]$/ },
  // Prediabetes once diabetes is coded or suggested (contrary, so its evidence does not support diabetes).
  { residual: /^R7303$/, specific: /^E(08|09|10|11|13)/, isContrary: true },
  // COPD unspecified once emphysema is named (J44 Excludes1 emphysema, J43).
  { residual: /^J449$/, specific: /^J43/ },
  // One CKD stage is coded: a milder stage gives way to a worse one; stage 3 unspecified to 3a/3b;
  // stage 5 to ESRD (ICD-10-CM Guidelines I.C.14.a.1).
  { residual: /^N18[12]$/, specific: /^N18[3-6]/ },
  { residual: /^N1830$/, specific: /^N183[12]$/ },
  { residual: /^N185$/, specific: /^N186$/ },
];

function isSubset(small: readonly number[], large: readonly number[]): boolean {
  return small.every((hcc) => large.includes(hcc));
}

/** Cheap first test: only these drafts can be replaced. */
function mayBeResidual(draft: Draft): boolean {
  return isUnspecifiedTitle(draft.description) || REPLACEMENTS.some((rule) => rule.residual.test(draft.code));
}

function findReplacement(residual: CodeFacts, specific: CodeFacts): (typeof REPLACEMENTS)[number] | undefined {
  return REPLACEMENTS.find((rule) => rule.residual.test(residual.code) && rule.specific.test(specific.code));
}

/** Whether `specific` makes `residual` redundant: a coder would code only `specific`. */
export function isReplacedBy(residual: CodeFacts, specific: CodeFacts): boolean {
  if (residual.code === specific.code || !isSubset(residual.hccs, specific.hccs)) return false;
  if (findReplacement(residual, specific)) return true;
  if (!isUnspecifiedTitle(residual.description) || residual.code.slice(0, 3) !== specific.code.slice(0, 3))
    return false;
  return !isUnspecifiedTitle(specific.description) || specific.code.length > residual.code.length;
}

const factsOf = (draft: Draft, model: SuspectingModel): CodeFacts => ({
  code: draft.code,
  description: draft.description,
  hccs: draft.hcc[model],
});

/**
 * Folds each residual suggestion into a more specific suggestion that replaces it (I48.91 into
 * I48.0, I50.9 into I50.22, N18.9 into N18.4, E11.9 into E11.65, F03.90 into G30.9), moving its
 * evidence over; drops it outright when a code coded this year replaces it.
 */
export function foldResiduals(
  drafts: readonly Draft[],
  context: { model: SuspectingModel; codedThisYear: readonly CodeFacts[] },
): Draft[] {
  const folded = new Set<Draft>();
  for (const draft of drafts) {
    if (!mayBeResidual(draft)) continue;
    const facts = factsOf(draft, context.model);
    if (context.codedThisYear.some((coded) => isReplacedBy(facts, coded))) {
      folded.add(draft);
      continue;
    }
    const target = drafts.find(
      (other) => other !== draft && !folded.has(other) && isReplacedBy(facts, factsOf(other, context.model)),
    );
    if (!target) continue;
    // Evidence of a contrary residual (prediabetes) does not support the code that replaces it.
    if (findReplacement(facts, factsOf(target, context.model))?.isContrary !== true) foldDraft(draft, target);
    folded.add(draft);
  }
  return drafts.filter((draft) => !folded.has(draft));
}
