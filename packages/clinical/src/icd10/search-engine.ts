import type { IcdCatalog } from './catalog';
import type { IcdCode } from './catalog-types';
import { normalizeIcdCode, hasIcdCodeShape } from './code-format';
import { parseQuery, type ParsedQuery, type QueryTerm, type WeightedMeaning } from './query';
import type { ClinicalMeaning } from './synonyms';
import { TopK } from './top-k';
import { IcdWordIndex, type WordRange } from './word-index';

/** How a hit matched: the code itself, the start of its code, or the words of its title. */
export type IcdMatchKind = 'code' | 'code-prefix' | 'words';

export interface RankedEntry {
  entry: IcdCode;
  match: IcdMatchKind;
  score: number;
}

export interface EngineOptions {
  limit: number;
  billableOnly: boolean;
}

/**
 * Ranking weights. A code typed is what the coder wants, so code hits always come first. Among title hits: coverage
 * (the share of the title the query names, up to 100) favours short, general titles; a billable code beats a header of
 * equal relevance; the codes an abbreviation or everyday name most often means (synonyms.ts) come before rarer ones.
 */
const SCORE = {
  exactCode: 10_000,
  codePrefix: 5_000,
  billable: 12,
  preferredFirst: 200,
  preferredStep: 8,
  home: 30,
  titleStartsWithQuery: 5,
} as const;

interface ResolvedTerm {
  ranges: WordRange[];
  cost: number;
}

interface ResolvedAlternative {
  terms: ResolvedTerm[];
  cost: number;
}

/** The catalog's search: an inverted index over title words plus a sorted code list, both built once at load. */
export class IcdSearchEngine {
  private readonly index: IcdWordIndex;
  private seen: Uint32Array;
  private generation = 0;

  constructor(private readonly catalog: IcdCatalog) {
    this.index = new IcdWordIndex(catalog.codes);
    this.seen = new Uint32Array(catalog.codes.length);
  }

  search(query: string, options: EngineOptions): RankedEntry[] {
    const hits = this.searchCodes(query, options);
    const parsed = parseQuery(query, (token) => hasIcdCodeShape(token) && this.catalog.hasPrefix(token));
    if (parsed.tokens.length === 0 && hits.length === 0) {
      for (const prefix of parsed.codePrefixes) hits.push(...this.searchCodes(prefix, options));
    }
    if (hits.length >= options.limit || parsed.tokens.length === 0) return hits.slice(0, options.limit);
    const already = new Set(hits.map((hit) => hit.entry.code));
    const words = this.searchWords(parsed, { ...options, limit: options.limit + already.size });
    return [...hits, ...words.filter((hit) => !already.has(hit.entry.code))].slice(0, options.limit);
  }

  /** The typed code, then codes starting with it: shorter (more general) first, billable before headers, then tabular order. */
  private searchCodes(query: string, options: EngineOptions): RankedEntry[] {
    const prefix = normalizeIcdCode(query);
    if (!hasIcdCodeShape(prefix) || !this.catalog.hasPrefix(prefix)) return [];
    const top = new TopK<IcdCode>(options.limit, (left, right) => compareCodeHits(left, right, prefix) < 0);
    for (const entry of this.catalog.withPrefixUnsorted(prefix)) {
      if (!options.billableOnly || entry.billable) top.offer(entry);
    }
    return top.toArray().map((entry) => ({
      entry,
      match: entry.code === prefix ? 'code' : 'code-prefix',
      score: entry.code === prefix ? SCORE.exactCode : SCORE.codePrefix - (entry.level - prefix.length),
    }));
  }

  private searchWords(parsed: ParsedQuery, options: EngineOptions): RankedEntry[] {
    const tokens = parsed.tokens.map((token) =>
      token.alternatives
        .map((alternative) => this.resolveAlternative(alternative.terms))
        .filter((alternative) => alternative.cost > 0),
    );
    if (tokens.some((alternatives) => alternatives.length === 0)) return [];
    const driver = tokens.reduce((best, alternatives) =>
      tokenCost(alternatives) < tokenCost(best) ? alternatives : best,
    );
    const allRanges = tokens.flat().flatMap((alternative) => alternative.terms.flatMap((term) => term.ranges));
    const firstRanges = (tokens[0] ?? []).flatMap((alternative) => alternative.terms.flatMap((term) => term.ranges));
    const top = new TopK<{ position: number; score: number }>(
      options.limit,
      (left, right) => left.score > right.score || (left.score === right.score && left.position < right.position),
    );
    this.nextGeneration();
    for (const alternative of driver) {
      const cheapest = alternative.terms.reduce((best, term) => (term.cost < best.cost ? term : best));
      for (const range of cheapest.ranges) {
        const [start, end] = this.index.postingBounds(range);
        for (let i = start; i < end; i++) {
          const position = this.index.postings[i] ?? 0;
          if (this.seen[position] === this.generation) continue;
          this.seen[position] = this.generation;
          const entry = this.catalog.codes[position];
          if (!entry || (options.billableOnly && !entry.billable)) continue;
          if (parsed.codePrefixes.length > 0 && !parsed.codePrefixes.some((prefix) => entry.code.startsWith(prefix)))
            continue;
          if (!tokens.every((alternatives) => alternatives.some((alt) => this.entryMatches(position, alt)))) continue;
          const score = this.scoreEntry(position, entry, { allRanges, firstRanges, meanings: parsed.meanings });
          top.offer({ position, score });
        }
      }
    }
    return top.toArray().flatMap(({ position, score }) => {
      const entry = this.catalog.codes[position];
      return entry ? [{ entry, match: 'words' as const, score }] : [];
    });
  }

  private resolveAlternative(terms: QueryTerm[]): ResolvedAlternative {
    const resolved = terms.map((term): ResolvedTerm => {
      const ranges = term.prefix ? [this.index.prefixRange(term.word)] : this.exactRanges(term.word);
      const live = ranges.filter((range) => range.high > range.low);
      return { ranges: live, cost: live.reduce((sum, range) => sum + this.index.postingCount(range), 0) };
    });
    const cost = resolved.some((term) => term.cost === 0) ? 0 : Math.min(...resolved.map((term) => term.cost));
    return { terms: resolved, cost };
  }

  /** A complete word also matches its plural or singular ("vein" finds "veins", "kidneys" finds "kidney"). */
  private exactRanges(word: string): WordRange[] {
    const forms = new Set([word, `${word}s`, `${word}es`]);
    if (word.length > 3 && word.endsWith('s')) forms.add(word.slice(0, -1));
    if (word.length > 4 && word.endsWith('es')) forms.add(word.slice(0, -2));
    return [...forms].map((form) => this.index.exactRange(form));
  }

  private entryMatches(position: number, alternative: ResolvedAlternative): boolean {
    const { start, end } = this.index.entryBounds(position);
    return alternative.terms.every((term) => {
      for (let i = start; i < end; i++) if (inRanges(this.index.entryWords[i] ?? -1, term.ranges)) return true;
      return false;
    });
  }

  private scoreEntry(
    position: number,
    entry: IcdCode,
    query: { allRanges: WordRange[]; firstRanges: WordRange[]; meanings: WeightedMeaning[] },
  ): number {
    const { start, longEnd } = this.index.entryBounds(position);
    let matched = 0;
    for (let i = start; i < longEnd; i++) {
      const word = this.index.entryWords[i] ?? -1;
      if (inRanges(word, query.allRanges)) matched += this.index.wordWeight[word] ?? 0;
    }
    const total = this.index.entryWeight[position] ?? 1;
    let score = total > 0 ? (100 * matched) / total : 0;
    if (entry.billable) score += SCORE.billable;
    if (inRanges(this.index.entryWords[start] ?? -1, query.firstRanges)) score += SCORE.titleStartsWithQuery;
    for (const { meaning, weight } of query.meanings) score += weight * boostFor(entry.code, meaning);
    return score;
  }

  private nextGeneration(): void {
    this.generation++;
    if (this.generation === 0xffffffff) {
      this.seen = new Uint32Array(this.seen.length);
      this.generation = 1;
    }
  }
}

function boostFor(code: string, meaning: ClinicalMeaning): number {
  const rank = meaning.preferred.indexOf(code);
  if (rank >= 0) return SCORE.preferredFirst - SCORE.preferredStep * rank;
  return meaning.home.some((prefix) => code.startsWith(prefix)) ? SCORE.home : 0;
}

function tokenCost(alternatives: ResolvedAlternative[]): number {
  return alternatives.reduce((sum, alternative) => sum + alternative.cost, 0);
}

function inRanges(word: number, ranges: WordRange[]): boolean {
  for (const range of ranges) if (word >= range.low && word < range.high) return true;
  return false;
}

function compareCodeHits(left: IcdCode, right: IcdCode, typed: string): number {
  if (left.code === typed) return -1;
  if (right.code === typed) return 1;
  return left.level - right.level || Number(right.billable) - Number(left.billable) || left.order - right.order;
}
