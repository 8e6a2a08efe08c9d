import type { IcdCatalog } from './catalog';
import type { IcdCode } from './catalog-types';
import { hasIcdCodeShape } from './code-format';
import { searchCodes } from './code-search';
import { parseQuery, respellSynonymKeys, type ParsedQuery } from './query';
import {
  scoreTitle,
  flattenRanges,
  inRanges,
  isSingleTerm,
  rangeBounds,
  scoreBound,
  SCORE,
  tokenCost,
  type QueryScoring,
  type ResolvedAlternative,
  type ResolvedTerm,
  cheapestTerm,
  isBetterHit,
  type KeptHit,
  type ScanStop,
  type WordScan,
} from './ranking';
import { TopK } from './top-k';
import { usageOf } from './usage-prior';
import { IcdWordIndex } from './word-index';

/**
 * How a hit matched: the code itself, the start of its code, the words of its title, or the words of its title once a
 * misspelt word was corrected ("diabetis" → diabetes).
 */
export type IcdMatchKind = 'code' | 'code-prefix' | 'words' | 'corrected';

export interface RankedEntry {
  entry: IcdCode;
  match: IcdMatchKind;
  score: number;
}

export interface EngineOptions {
  limit: number;
  billableOnly: boolean;
  /** Score every matching title instead of stopping at the bound (for checking that the bound never changes scores). */
  exhaustive?: boolean;
}

/** The catalog's search: an inverted index over title words plus a sorted code list, both built once at load. */
export class IcdSearchEngine {
  private readonly index: IcdWordIndex;
  private seen: Uint32Array;
  /** 1 where the entry is billable, by tabular position. */
  private readonly billable: Uint8Array;
  private readonly positionOf: Map<string, number>;
  /** Per entry: its usage points (see `usage-prior.ts`). */
  private readonly usage: Float32Array;
  private generation = 0;

  constructor(private readonly catalog: IcdCatalog) {
    this.index = new IcdWordIndex(catalog.codes);
    this.seen = new Uint32Array(catalog.codes.length);
    this.billable = Uint8Array.from(catalog.codes, (entry) => (entry.billable ? 1 : 0));
    this.positionOf = new Map(catalog.codes.map((entry, position) => [entry.code, position]));
    this.usage = Float32Array.from(catalog.codes, (entry) => Math.round(SCORE.usage * usageOf(entry.code)));
  }

  search(query: string, options: EngineOptions): RankedEntry[] {
    const hits = searchCodes(this.catalog, query, options);
    const isCodePrefix = (token: string): boolean => hasIcdCodeShape(token) && this.catalog.hasPrefix(token);
    const parsed = parseQuery(query, isCodePrefix);
    if (parsed.tokens.length === 0 && hits.length === 0) {
      for (const prefix of parsed.codePrefixes) hits.push(...searchCodes(this.catalog, prefix, options));
    }
    if (hits.length >= options.limit || parsed.tokens.length === 0) return hits.slice(0, options.limit);
    const found = this.appendWordHits(hits, parsed, options, false);
    // Issue 18: misspellings ("diabetis", "chronic kidny") are tried only to fill what the words as typed leave empty,
    // so a title matching the words as typed always comes before one matching a correction.
    if (found.length >= options.limit || !parsed.tokens.some((token) => this.hasMisspeltWord(token))) return found;
    const respelled = respellSynonymKeys(query, (word) => this.index.hasWord(word));
    const corrected = respelled === query ? parsed : parseQuery(respelled, isCodePrefix);
    return this.appendWordHits(found, corrected, options, true);
  }

  /** The word hits (or, `corrected`, the hits through a corrected word) not yet in `hits`, after them. */
  private appendWordHits(
    hits: RankedEntry[],
    parsed: ParsedQuery,
    options: EngineOptions,
    corrected: boolean,
  ): RankedEntry[] {
    const already = new Set(hits.map((hit) => hit.entry.code));
    const words = this.searchWords(parsed, { ...options, limit: options.limit + already.size }, corrected);
    const added = words.filter((hit) => !already.has(hit.entry.code));
    const marked = corrected ? added.map((hit) => ({ ...hit, match: 'corrected' as const })) : added;
    return [...hits, ...marked].slice(0, options.limit);
  }

  private searchWords(parsed: ParsedQuery, options: EngineOptions, corrected = false): RankedEntry[] {
    const tokens = parsed.tokens.map((token) =>
      token.alternatives
        .map((alternative) => this.index.resolveAlternative(alternative.terms, corrected))
        .filter((alternative) => alternative.cost > 0),
    );
    if (tokens.some((alternatives) => alternatives.length === 0)) return [];
    const driver = tokens.reduce((best, alternatives) =>
      tokenCost(alternatives) < tokenCost(best) ? alternatives : best,
    );
    const scoring: QueryScoring = {
      tokens: tokens.map((alternatives) =>
        alternatives.map((alternative) => alternative.terms.map((term) => flattenRanges([term]))),
      ),
      first: Int32Array.from((tokens[0] ?? []).flatMap(rangeBounds)),
      meanings: parsed.meanings,
    };
    const scan: WordScan = {
      options,
      codePrefixes: parsed.codePrefixes,
      scoring,
      // A one-word query needs no second look at the titles its postings bring.
      toVerify: tokens.length === 1 && isSingleTerm(driver) ? [] : tokens,
      top: new TopK<KeptHit>(options.limit, isBetterHit),
    };
    this.nextGeneration();
    // The codes the query's abbreviations usually mean: few, and the only titles the bound leaves out.
    for (const { meaning } of parsed.meanings) {
      for (const code of meaning.preferred) {
        const position = this.positionOf.get(code);
        if (position !== undefined) this.scanPosition(position, scan, tokens);
      }
    }
    this.scanTitles(tokens, driver, scan);
    return scan.top.toArray().flatMap(({ position, score }) => {
      const entry = this.catalog.codes[position];
      return entry ? [{ entry, match: 'words' as const, score }] : [];
    });
  }

  /** Every title the query matches that can still make the kept hits, in the order that fills them soonest. */
  private scanTitles(tokens: ResolvedAlternative[][], driver: ResolvedAlternative[], scan: WordScan): void {
    const { meanings } = scan.scoring;
    const termWeights = scan.scoring.tokens.map((alternatives) =>
      alternatives.map((terms) => terms.map((term) => this.index.heaviestWord(term))),
    );
    // 1. Titles some query word names in its condition part (coverage above 0) are in the ranking postings of that
    //    word. The driver's first: they fill the kept hits early.
    const bound = { bound: scoreBound(termWeights, meanings), skipTies: false };
    const driverTerms = driver.map((alternative) => cheapestTerm(alternative));
    for (const term of driverTerms) this.scanRanges(term, 'ranking', bound, scan);
    // Titles naming the driver word only in an encounter extension or short title come next. When there are many
    // ("initial encounter"), the other words' ranking postings, if fewer, find the covered ones among them first.
    const driverOther = driverTerms.reduce((sum, term) => sum + this.countPostings(term, 'other'), 0);
    let othersScanned = true;
    for (const term of tokens.flat().flatMap((alternative) => alternative.terms)) {
      if (driverTerms.includes(term)) continue;
      if (this.countPostings(term, 'ranking') < driverOther) this.scanRanges(term, 'ranking', bound, scan);
      else othersScanned = false;
    }
    // 2. The driver's other postings: every title left that the query matches. The driver term covers nothing of
    //    them; when every other term's ranking postings were scanned, nothing is left to cover at all. Titles tied
    //    with the kept hits at the bound are not worth walking thousands of.
    const uncovered = tokens.map((alternatives, token) =>
      alternatives.map((alternative, index) =>
        alternative.terms.map((term, position) =>
          othersScanned || driverTerms.includes(term) ? 0 : (termWeights[token]?.[index]?.[position] ?? 1),
        ),
      ),
    );
    const otherBound = { bound: scoreBound(uncovered, meanings, !othersScanned), skipTies: true };
    for (const term of driverTerms) this.scanRanges(term, 'other', otherBound, scan);
  }

  /** How many ranking (or other) postings a term's words have. */
  private countPostings(term: ResolvedTerm, part: 'ranking' | 'other'): number {
    const { postingsStart, postingsRankingEnd } = this.index;
    let count = 0;
    for (const range of term.ranges) {
      for (let word = range.low; word < range.high; word++) {
        const rankingEnd = postingsRankingEnd[word] ?? 0;
        count +=
          part === 'ranking' ? rankingEnd - (postingsStart[word] ?? 0) : (postingsStart[word + 1] ?? 0) - rankingEnd;
      }
    }
    return count;
  }

  /** Scans the ranking (or the other) postings of every word in a term's ranges. */
  private scanRanges(term: ResolvedTerm, part: 'ranking' | 'other', stop: ScanStop, scan: WordScan): void {
    const { postingsStart, postingsRankingEnd } = this.index;
    for (const range of term.ranges) {
      for (let word = range.low; word < range.high; word++) {
        const rankingEnd = postingsRankingEnd[word] ?? 0;
        if (part === 'ranking') this.scanPostings(postingsStart[word] ?? 0, rankingEnd, stop, scan);
        else this.scanPostings(rankingEnd, postingsStart[word + 1] ?? 0, stop, scan);
      }
    }
  }

  /**
   * Scores the titles of one word's postings slice. The slice runs from the lightest title up and the bound only falls
   * as titles get heavier: once a title cannot reach the kept hits, no later one in the slice can. Titles left are not
   * marked seen, so another word of the query can still bring them in.
   */
  private scanPostings(from: number, to: number, stop: ScanStop, scan: WordScan): void {
    const { postings, entryWeight } = this.index;
    const { options, top } = scan;
    for (let i = from; i < to; i++) {
      const position = postings[i] ?? 0;
      if (this.seen[position] === this.generation) continue;
      const worst = top.worstKept();
      if (worst && options.exhaustive !== true) {
        const upper = stop.bound.upperScore(entryWeight[position] ?? 0);
        if (upper < worst.score || (stop.skipTies && upper === worst.score)) return;
        // The bound counts the most usage points any title has; this title's own may already rule it out.
        const own = upper - SCORE.usage + (this.usage[position] ?? 0);
        if (own < worst.score || (stop.skipTies && own === worst.score)) continue;
      }
      this.scanPosition(position, scan, scan.toVerify);
    }
  }

  /** Marks a title seen and keeps it if it matches every token in `toVerify` and scores high enough. */
  private scanPosition(position: number, scan: WordScan, toVerify: ResolvedAlternative[][]): void {
    if (this.seen[position] === this.generation) return;
    this.seen[position] = this.generation;
    if (scan.options.billableOnly && this.billable[position] === 0) return;
    if (scan.codePrefixes.length > 0 && !this.startsWithAny(position, scan.codePrefixes)) return;
    if (!this.matchesAll(position, toVerify)) return;
    const code = scan.scoring.meanings.length > 0 ? (this.catalog.codes[position]?.code ?? '') : '';
    const score = scoreTitle(this.index, position, scan.scoring, {
      billable: this.billable[position] === 1,
      code,
      usage: this.usage[position] ?? 0,
    });
    const worst = scan.top.worstKept();
    if (!worst || score > worst.score || (score === worst.score && position < worst.position)) {
      scan.top.offer({ position, score });
    }
  }

  private startsWithAny(position: number, prefixes: string[]): boolean {
    const code = this.catalog.codes[position]?.code ?? '';
    return prefixes.some((prefix) => code.startsWith(prefix));
  }

  private matchesAll(position: number, tokens: ResolvedAlternative[][]): boolean {
    for (const alternatives of tokens) {
      let matched = false;
      for (const alternative of alternatives) {
        if (this.entryMatches(position, alternative)) {
          matched = true;
          break;
        }
      }
      if (!matched) return false;
    }
    return true;
  }

  private entryMatches(position: number, alternative: ResolvedAlternative): boolean {
    const { entryWords, entryWordsStart } = this.index;
    const start = entryWordsStart[position] ?? 0;
    const end = entryWordsStart[position + 1] ?? 0;
    for (const term of alternative.terms) {
      let found = false;
      for (let i = start; i < end && !found; i++) found = inRanges(entryWords[i] ?? -1, term.ranges);
      if (!found) return false;
    }
    return true;
  }

  /** Whether a token has a word the coder typed that no title has, long enough to correct. */
  private hasMisspeltWord(token: ParsedQuery['tokens'][number]): boolean {
    return token.alternatives.some((alternative) => alternative.terms.some((term) => this.index.isMisspelt(term)));
  }

  private nextGeneration(): void {
    this.generation++;
    if (this.generation === 0xffffffff) {
      this.seen = new Uint32Array(this.seen.length);
      this.generation = 1;
    }
  }
}
