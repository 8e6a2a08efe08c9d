/** Scoring pieces of the word search: the weights, the query's term ranges, and the upper bound that lets it stop early. */
import type { WeightedMeaning } from './query';
import type { ClinicalMeaning } from './synonyms';
import type { WordRange } from './word-index';

/**
 * Ranking weights. A code typed is what the coder wants, so code hits always come first. Among title hits: coverage
 * (the share of the title the query names, up to 100) favours short, general titles; a billable code beats a header of
 * equal relevance; the codes an abbreviation or everyday name most often means (synonyms.ts) come before rarer ones.
 */
export const SCORE = {
  exactCode: 10_000,
  codePrefix: 5_000,
  billable: 12,
  preferredFirst: 200,
  preferredStep: 8,
  home: 30,
  titleStartsWithQuery: 5,
} as const;

export interface ResolvedTerm {
  ranges: WordRange[];
  cost: number;
}

export interface ScoreBound {
  upperScore: (titleWeight: number) => number;
}

export interface QueryScoring {
  /** Each term's word ranges, flattened. */
  terms: Int32Array[];
  first: Int32Array;
  meanings: WeightedMeaning[];
}

export interface ResolvedAlternative {
  terms: ResolvedTerm[];
  cost: number;
}

/**
 * An upper bound of `scoreEntry` from a title's weight alone: each counted term covers at most one word of weight at
 * most 1, so coverage is at most 100 × min(terms, weight) / weight; the bonuses add at most their sum. `uncounted`
 * terms are left out (the driver term, over titles where its word is not a ranking word).
 */
export function scoreBound(query: QueryScoring, termWeights: number[], uncounted: number): ScoreBound {
  // The `uncounted` terms are the driver's; drop the heaviest ones to stay an upper bound.
  const counted = [...termWeights].sort((a, b) => a - b).slice(0, Math.max(0, termWeights.length - uncounted));
  const matchable = counted.reduce((sum, weight) => sum + weight, 0);
  // Without the driver term (uncounted), a first-word match would come from another of its words, whose own ranking
  // postings bring that title in.
  const bonuses =
    SCORE.billable +
    (counted.length > 0 || uncounted === 0 ? SCORE.titleStartsWithQuery : 0) +
    query.meanings.reduce((sum, { meaning, weight }) => sum + weight * maxBoostFor(meaning), 0);
  return { upperScore: (weight) => (weight > 0 ? (100 * Math.min(matchable, weight)) / weight : 0) + bonuses };
}

/** Beyond this many vocabulary words in a range, the bound assumes a full-weight word rather than look. */
export const MAX_SCANNED_RANGE = 64;

function maxBoostFor(meaning: ClinicalMeaning): number {
  if (meaning.preferred.length > 0) return SCORE.preferredFirst;
  return meaning.home.length > 0 ? SCORE.home : 0;
}

export function boostFor(code: string, meaning: ClinicalMeaning): number {
  const rank = meaning.preferred.indexOf(code);
  if (rank >= 0) return SCORE.preferredFirst - SCORE.preferredStep * rank;
  return meaning.home.some((prefix) => code.startsWith(prefix)) ? SCORE.home : 0;
}

export function tokenCost(alternatives: ResolvedAlternative[]): number {
  return alternatives.reduce((sum, alternative) => sum + alternative.cost, 0);
}

/** Word ranges as `[low0, high0, low1, high1, ...]`, for the scoring loop. */
export function flattenRanges(terms: ResolvedTerm[]): Int32Array {
  return Int32Array.from(terms.flatMap((term) => term.ranges.flatMap((range) => [range.low, range.high])));
}

export function rangeBounds(alternative: ResolvedAlternative): number[] {
  return alternative.terms.flatMap((term) => term.ranges.flatMap((range) => [range.low, range.high]));
}

export function inFlatRanges(word: number, bounds: Int32Array): boolean {
  for (let i = 0; i < bounds.length; i += 2) if (word >= (bounds[i] ?? 0) && word < (bounds[i + 1] ?? 0)) return true;
  return false;
}

export function isSingleTerm(alternatives: ResolvedAlternative[]): boolean {
  return alternatives.length === 1 && alternatives[0]?.terms.length === 1;
}

export function inRanges(word: number, ranges: WordRange[]): boolean {
  for (const range of ranges) if (word >= range.low && word < range.high) return true;
  return false;
}
