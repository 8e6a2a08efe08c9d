import type { HccModel, Suggestion } from '@cairn/clinical';
import type { TruthHcc } from './truth';

/**
 * How a suggestion covers a truth HCC: the same HCC, a higher HCC of its hierarchy (the suggestion
 * drops the truth HCC), or a lower one ('less specific': truth E11.22, HCC 37; suggested E11.9, HCC 38).
 */
export type MatchKind = 'exact' | 'higher' | 'less-specific';

export interface Found {
  truth: TruthHcc;
  kind: MatchKind;
  code: string;
  /** The rules of the suggestion that found it (`recapture-chronic-hcc`, `documented-elsewhere`, ...). */
  ruleIds: readonly string[];
}

/** A suggestion with a V28 payment HCC that is no truth HCC nor of a truth HCC's hierarchy family. */
export interface FalsePositive {
  code: string;
  hccs: readonly number[];
  ruleIds: readonly string[];
}

export interface PatientScore {
  found: Found[];
  missed: TruthHcc[];
  /** Suggestions with a V28 payment HCC in a truth HCC's family. */
  truePositives: number;
  falsePositives: FalsePositive[];
  /** Suggestions with no V28 payment HCC (status codes, E66.9, ...): neither true nor false here. */
  withoutHcc: number;
}

type Family = Pick<HccModel, 'children'>;

/** Whether `upper` drops `lower` in the hierarchy (directly, or through HCCs in between). */
function isAbove(model: Family, upper: number, lower: number, seen = new Set<number>()): boolean {
  if (seen.has(upper)) return false;
  seen.add(upper);
  return model.children(upper).some((child) => child === lower || isAbove(model, child, lower, seen));
}

/** How a suggested HCC relates to a truth HCC, if it does. */
export function matchKind(model: Family, truthHcc: number, suggestedHcc: number): MatchKind | undefined {
  if (truthHcc === suggestedHcc) return 'exact';
  if (isAbove(model, suggestedHcc, truthHcc)) return 'higher';
  if (isAbove(model, truthHcc, suggestedHcc)) return 'less-specific';
  return undefined;
}

const RANK: Record<MatchKind, number> = { exact: 0, higher: 1, 'less-specific': 2 };

/** The best suggestion for a truth HCC: exact before higher before less specific. */
export function findTruth(
  model: Family,
  truth: TruthHcc,
  suggestions: readonly Pick<Suggestion, 'code' | 'hcc' | 'ruleIds'>[],
): Found | undefined {
  let best: Found | undefined;
  for (const suggestion of suggestions) {
    for (const hcc of suggestion.hcc.v28) {
      const kind = matchKind(model, truth.hcc, hcc);
      if (kind && (!best || RANK[kind] < RANK[best.kind]))
        best = { truth, kind, code: suggestion.code, ruleIds: suggestion.ruleIds };
    }
  }
  return best;
}

/**
 * Scores one patient's suggestions. Recall counts over `scored` (the truth HCCs the mode measures);
 * precision over every suggestion with a V28 payment HCC, against all truth HCCs (`truth`).
 */
export function scorePatient(options: {
  model: Family;
  truth: readonly TruthHcc[];
  scored: readonly TruthHcc[];
  suggestions: readonly Pick<Suggestion, 'code' | 'hcc' | 'ruleIds'>[];
}): PatientScore {
  const { model, truth, scored, suggestions } = options;
  const found: Found[] = [];
  const missed: TruthHcc[] = [];
  for (const item of scored) {
    const match = findTruth(model, item, suggestions);
    if (match) found.push(match);
    else missed.push(item);
  }
  let truePositives = 0;
  let withoutHcc = 0;
  const falsePositives: FalsePositive[] = [];
  for (const suggestion of suggestions) {
    if (suggestion.hcc.v28.length === 0) withoutHcc += 1;
    else if (suggestion.hcc.v28.some((hcc) => truth.some((item) => matchKind(model, item.hcc, hcc))))
      truePositives += 1;
    else falsePositives.push({ code: suggestion.code, hccs: suggestion.hcc.v28, ruleIds: suggestion.ruleIds });
  }
  return { found, missed, truePositives, falsePositives, withoutHcc };
}

/** Precision and recall of summed counts (`null` when there is nothing to divide by). */
export function ratios(counts: { truePositives: number; falsePositives: number; found: number; scored: number }): {
  precision: number | null;
  recall: number | null;
} {
  const suggested = counts.truePositives + counts.falsePositives;
  return {
    precision: suggested === 0 ? null : counts.truePositives / suggested,
    recall: counts.scored === 0 ? null : counts.found / counts.scored,
  };
}
