/** Scoring pieces of the word search: the weights, the query's term ranges, and the upper bound that lets it stop early. */
import type { WeightedMeaning } from './query';
import type { EngineOptions } from './search-engine';
import type { TopK } from './top-k';
import type { IcdWordIndex } from './word-index';
import type { ClinicalMeaning } from './synonyms';
import type { WordRange } from './word-index';

/**
 * Ranking weights. A code typed is what the coder wants, so code hits always come first. Among title hits: coverage
 * (the share of the title the query names, up to 100) favours short, general titles; a billable code beats a header of
 * equal relevance; the codes an abbreviation or everyday name most often means (synonyms.ts) come before rarer ones;
 * and `usage` points at most for how often the code's category is diagnosed in primary care (usage-prior.ts): enough to
 * order titles a query covers about equally ("Diabetes insipidus" against "Type 2 diabetes mellitus ..."), not to lift
 * a title the query barely names above one it names in full.
 */
export const SCORE = {
  exactCode: 10_000,
  codePrefix: 5_000,
  billable: 12,
  preferredFirst: 200,
  preferredStep: 25,
  home: 30,
  titleStartsWithQuery: 5,
  usage: 30,
} as const;

export interface ResolvedTerm {
  ranges: WordRange[];
  cost: number;
}

export interface ScoreBound {
  upperScore: (titleWeight: number) => number;
}

export interface QueryScoring {
  /** Per query token, per alternative, each term's word ranges flattened (see `flattenRanges`). */
  tokens: Int32Array[][][];
  first: Int32Array;
  meanings: WeightedMeaning[];
}

export interface ResolvedAlternative {
  terms: ResolvedTerm[];
  cost: number;
}

/**
 * An upper bound of `scoreEntry` from a title's weight alone. A token covers at most its best alternative's terms, each
 * term at most one title word of at most its heaviest word's weight; so coverage is at most 100 × min(matchable,
 * weight) / weight, and the bonuses add at most their sum (usage points at their most) (meanings' preferred codes aside: they are scored first).
 * `canStartTitle` false: no query word can be a title's first word (its first word is a ranking word, and the query
 * covers no ranking word of the titles left).
 */
export function scoreBound(termWeights: number[][][], meanings: WeightedMeaning[], canStartTitle = true): ScoreBound {
  let matchable = 0;
  for (const alternatives of termWeights) {
    matchable += Math.max(0, ...alternatives.map((terms) => terms.reduce((sum, weight) => sum + weight, 0)));
  }
  const bonuses =
    SCORE.billable +
    SCORE.usage +
    (canStartTitle ? SCORE.titleStartsWithQuery : 0) +
    meanings.reduce((sum, { meaning, weight }) => sum + weight * maxBoostFor(meaning), 0);
  return { upperScore: (weight) => (weight > 0 ? (100 * Math.min(matchable, weight)) / weight : 0) + bonuses };
}

export const MAX_SCANNED_RANGE = 64;

/** The most a meaning adds to a title other than its preferred codes (those are scored before any scan). */
function maxBoostFor(meaning: ClinicalMeaning): number {
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

export interface KeptHit {
  position: number;
  score: number;
}

/** When a postings scan stops: the score bound, and whether a tie with the worst kept hit is reason enough. */
export interface ScanStop {
  bound: ScoreBound;
  skipTies: boolean;
}

/** The term of an alternative with the fewest postings. */
export function cheapestTerm(alternative: ResolvedAlternative): ResolvedTerm {
  return alternative.terms.reduce((best, term) => (term.cost < best.cost ? term : best));
}

/** What one word search carries through its postings scans. */
export interface WordScan {
  options: EngineOptions;
  codePrefixes: string[];
  scoring: QueryScoring;
  toVerify: ResolvedAlternative[][];
  top: TopK<KeptHit>;
}

/** Higher score first; equal scores in tabular order. */
export function isBetterHit(left: KeptHit, right: KeptHit): boolean {
  return left.score > right.score || (left.score === right.score && left.position < right.position);
}

/**
 * A title's score for the query: coverage (each query term covers at most one title word, the heaviest it matches, and
 * each token counts its best alternative: so coverage is the share of the title's weight the query words name, up to
 * 100), plus the bonuses. See `SCORE`. `code` is only read when the query names meanings; `usage` is the title's usage
 * points (0 to `SCORE.usage`, see `usage-prior.ts`).
 */
export function scoreTitle(
  index: IcdWordIndex,
  position: number,
  query: QueryScoring,
  entry: { billable: boolean; code: string; usage: number },
): number {
  const { entryWords, entryWordsStart, entryLongWordCount, wordWeight } = index;
  const start = entryWordsStart[position] ?? 0;
  const longEnd = start + (entryLongWordCount[position] ?? 0);
  let matched = 0;
  for (const alternatives of query.tokens) {
    let bestAlternative = 0;
    for (const terms of alternatives) {
      let sum = 0;
      for (const term of terms) {
        let best = 0;
        for (let i = start; i < longEnd; i++) {
          const word = entryWords[i] ?? -1;
          if (inFlatRanges(word, term)) best = Math.max(best, wordWeight[word] ?? 0);
        }
        sum += best;
      }
      bestAlternative = Math.max(bestAlternative, sum);
    }
    matched += bestAlternative;
  }
  const total = index.entryWeight[position] ?? 0;
  let score = total > 0 ? (100 * Math.min(matched, total)) / total : 0;
  if (entry.billable) score += SCORE.billable;
  score += entry.usage;
  if (longEnd > start && inFlatRanges(entryWords[start] ?? -1, query.first)) score += SCORE.titleStartsWithQuery;
  for (const { meaning, weight } of query.meanings) score += weight * boostFor(entry.code, meaning);
  return score;
}
