import type { IcdCode } from './catalog-types';
import type { QueryTerm } from './query';
import { MAX_SCANNED_RANGE, type ResolvedAlternative, type ResolvedTerm } from './ranking';
import { allowedEdits, findCorrections, sharedPrefixLengths } from './spelling';
import { tokenizeText, weighWord } from './text';

/** A run of word ids `[low, high)`: one word, or every word starting with a prefix (ids follow sorted order). */
export interface WordRange {
  low: number;
  high: number;
}

/**
 * An inverted index over the words of every title, built once at load.
 *
 * Word ids follow the sorted vocabulary, so all words starting with a prefix form one contiguous id range, and their
 * postings one contiguous slice of `postings`: a prefix lookup is two binary searches, and the number of titles it
 * touches is known before touching them. Each entry keeps its own word ids too, so that a short candidate list can be
 * checked against the remaining query words without walking long postings lists.
 */
export class IcdWordIndex {
  private readonly vocabulary: string[];
  readonly postingsStart: Int32Array;
  /** Per word: where its postings stop being titles it ranks in (see `buildPostings`). */
  readonly postingsRankingEnd: Int32Array;
  /** Entry indices (positions in the catalog's tabular order), lightest title first within each word. */
  readonly postings: Int32Array;
  /** Start of each entry's words in `entryWords` (entry count + 1 values). */
  readonly entryWordsStart: Int32Array;
  /** Per entry: the distinct words of the long title, then words found only in the short title. */
  readonly entryWords: Int32Array;
  /** How many of an entry's words are ranking words (the long title without its 7th-character extension). */
  readonly entryLongWordCount: Uint16Array;
  /** Per entry: summed weight of the long title's words (see `weighWord`). */
  readonly entryWeight: Float32Array;
  readonly wordWeight: Float32Array;
  /** A word's weight where it is a ranking word of some title, else 0. */
  private readonly rankingWeight: Float32Array;
  /** Corrections found for recent typed words: a coder's query grows a letter at a time around the same words. */
  private readonly correctionCache = new Map<string, WordRange[]>();
  /** Built on the first correction (see `sharedPrefixLengths`). */
  private sharedPrefixes: Uint8Array | undefined;

  constructor(codes: readonly IcdCode[]) {
    const interned = internTitles(codes);
    // Renumber words in sorted order so that a prefix is one contiguous id range.
    const order = interned.words
      .map((_, id) => id)
      .sort((left, right) => compareStrings(interned.words[left], interned.words[right]));
    const sortedId = new Int32Array(order.length);
    order.forEach((temporaryId, id) => (sortedId[temporaryId] = id));
    this.vocabulary = order.map((temporaryId) => interned.words[temporaryId] ?? '');
    this.wordWeight = Float32Array.from(this.vocabulary, (word) => weighWord(word));
    this.entryWords = interned.entryWords.map((temporaryId) => sortedId[temporaryId] ?? 0);
    this.entryWordsStart = interned.entryWordsStart;
    this.entryLongWordCount = interned.entryLongWordCount;
    this.entryWeight = new Float32Array(codes.length);
    const counts = new Int32Array(this.vocabulary.length);
    for (let entry = 0; entry < codes.length; entry++) {
      const start = this.entryWordsStart[entry] ?? 0;
      const longEnd = start + (this.entryLongWordCount[entry] ?? 0);
      let weight = 0;
      for (let i = start; i < (this.entryWordsStart[entry + 1] ?? 0); i++) {
        const word = this.entryWords[i] ?? 0;
        counts[word] = (counts[word] ?? 0) + 1;
        if (i < longEnd) weight += this.wordWeight[word] ?? 0;
      }
      this.entryWeight[entry] = weight;
    }
    this.postingsStart = new Int32Array(this.vocabulary.length + 1);
    for (let id = 0; id < this.vocabulary.length; id++) {
      this.postingsStart[id + 1] = (this.postingsStart[id] ?? 0) + (counts[id] ?? 0);
    }
    // Lightest (shortest) titles first in every postings list: a query sees its best-covered titles early, and can stop
    // once the remaining, heavier titles cannot reach the hits it keeps.
    const lightestFirst = Array.from({ length: codes.length }, (_, entry) => entry).sort(
      (left, right) => (this.entryWeight[left] ?? 0) - (this.entryWeight[right] ?? 0) || left - right,
    );
    const built = buildPostings(this, lightestFirst);
    this.postings = built.postings;
    this.postingsRankingEnd = built.rankingEnd;
    this.rankingWeight = this.wordWeight.map((weight, word) =>
      (built.rankingEnd[word] ?? 0) > (this.postingsStart[word] ?? 0) ? weight : 0,
    );
  }

  /** The id range of one exact word (empty when the word is not in any title). */
  exactRange(word: string): WordRange {
    const low = this.lowerBound(word);
    return { low, high: this.vocabulary[low] === word ? low + 1 : low };
  }

  /** Whether some title has this exact word. */
  hasWord(word: string): boolean {
    const range = this.exactRange(word);
    return range.high > range.low;
  }

  /** The id range of every word starting with `prefix`. */
  prefixRange(prefix: string): WordRange {
    return { low: this.lowerBound(prefix), high: this.lowerBound(`${prefix}\uffff`) };
  }

  /** How many (entry, word) pairs the range's postings hold: the cost of walking it. */
  postingCount(range: WordRange): number {
    return (this.postingsStart[range.high] ?? 0) - (this.postingsStart[range.low] ?? 0);
  }

  /** Slice bounds of a range's postings in `postings`. */
  postingBounds(range: WordRange): [number, number] {
    return [this.postingsStart[range.low] ?? 0, this.postingsStart[range.high] ?? 0];
  }

  /** Bounds of an entry's words in `entryWords`; the first `longCount` are the long title's. */
  entryBounds(entry: number): { start: number; end: number; longEnd: number } {
    const start = this.entryWordsStart[entry] ?? 0;
    return { start, end: this.entryWordsStart[entry + 1] ?? 0, longEnd: start + (this.entryLongWordCount[entry] ?? 0) };
  }

  /**
   * A query alternative's terms as word ranges with their postings counts; cost 0 when a term matches no title. With
   * `corrected`, the words a typed word may be a misspelling of are added to its ranges (see `spelling.ts`).
   */
  resolveAlternative(terms: QueryTerm[], corrected = false): ResolvedAlternative {
    const resolved = terms.map((term): ResolvedTerm => {
      const ranges = term.prefix ? this.prefixRanges(term.word) : this.exactRanges(term.word);
      if (corrected && this.isMisspelt(term)) ranges.push(...this.corrections(term));
      const live = mergeRanges(ranges.filter((range) => range.high > range.low));
      return { ranges: live, cost: live.reduce((sum, range) => sum + this.postingCount(range), 0) };
    });
    const cost = resolved.some((term) => term.cost === 0) ? 0 : Math.min(...resolved.map((term) => term.cost));
    return { terms: resolved, cost };
  }

  /**
   * A word the coder typed that no title has (nor, typed last, starts), long enough to correct: only such words are
   * corrected, since a word of the index is spelt right ("tract" is not read as "trach").
   */
  isMisspelt(term: QueryTerm): boolean {
    if (term.typed !== true || allowedEdits(term.word) === 0) return false;
    const ranges = term.prefix ? this.prefixRanges(term.word) : this.exactRanges(term.word);
    return ranges.every((range) => range.high <= range.low);
  }

  /** The index words within the allowed edits of a typed word (none for words under 5 letters). */
  private corrections(term: QueryTerm): WordRange[] {
    const maxDistance = allowedEdits(term.word);
    if (maxDistance === 0) return [];
    const key = `${term.prefix ? '*' : '='}${term.word}`;
    let found = this.correctionCache.get(key);
    if (!found) {
      this.sharedPrefixes ??= sharedPrefixLengths(this.vocabulary);
      found = findCorrections({
        vocabulary: this.vocabulary,
        shared: this.sharedPrefixes,
        word: term.word,
        maxDistance,
        prefix: term.prefix,
        sameFirstLetter: this.prefixRange(term.word.slice(0, 1)),
      });
      if (this.correctionCache.size >= CORRECTION_CACHE_SIZE) this.correctionCache.clear();
      this.correctionCache.set(key, found);
    }
    return [...found];
  }

  /** A complete word also matches its plural or singular ("vein" finds "veins", "kidneys" finds "kidney"). */
  private exactRanges(word: string): WordRange[] {
    const forms = new Set([word, `${word}s`, `${word}es`]);
    if (word.length > 3 && word.endsWith('s')) forms.add(word.slice(0, -1));
    if (word.length > 4 && word.endsWith('es')) forms.add(word.slice(0, -2));
    if (word.length > 4 && word.endsWith('ies')) forms.add(`${word.slice(0, -3)}y`);
    return [...forms].map((form) => this.exactRange(form));
  }

  /**
   * A word being typed, and its singular when it ends in s: "alzheimers" and "crohns" (possessives typed without the
   * apostrophe) find "Alzheimer's" and "Crohn's", "kidneys" finds "kidney", "arteries" finds "artery".
   */
  private prefixRanges(word: string): WordRange[] {
    const ranges = [this.prefixRange(word)];
    // Only to a word of the index: "diabetis" is not read as "diabeti*" (diabetic) but left to the spelling correction.
    const singulars = [
      word.endsWith('ss') ? '' : word.slice(0, -1),
      word.endsWith('ies') ? `${word.slice(0, -3)}y` : '',
    ];
    for (const singular of singulars) {
      if (word.length > 3 && word.endsWith('s') && singular.length > 2 && this.hasWord(singular)) {
        ranges.push(this.prefixRange(singular));
      }
    }
    return ranges;
  }

  /**
   * The heaviest ranking word a term can match, for the bound: 0.25 when all its words are light ("other"), 0 when they
   * are never ranking words (`unsp`, only in short titles).
   */
  heaviestWord(bounds: Int32Array): number {
    let heaviest = 0;
    for (let i = 0; i < bounds.length && heaviest < 1; i += 2) {
      const low = bounds[i] ?? 0;
      const high = bounds[i + 1] ?? 0;
      if (high - low > MAX_SCANNED_RANGE) return 1;
      for (let word = low; word < high; word++) heaviest = Math.max(heaviest, this.rankingWeight[word] ?? 0);
    }
    return heaviest;
  }

  get vocabularySize(): number {
    return this.vocabulary.length;
  }

  private lowerBound(word: string): number {
    let low = 0;
    let high = this.vocabulary.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.vocabulary[middle] ?? '') < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** Enough for the words of many queries; cleared when full. */
const CORRECTION_CACHE_SIZE = 2_000;

/** Sorted, with overlapping or touching ranges joined, so that no title is counted or scanned twice for one term. */
function mergeRanges(ranges: WordRange[]): WordRange[] {
  const sorted = [...ranges].sort((left, right) => left.low - right.low);
  const merged: WordRange[] = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range.low <= last.high) last.high = Math.max(last.high, range.high);
    else merged.push({ ...range });
  }
  return merged;
}

interface InternedTitles {
  words: string[];
  entryWords: Int32Array;
  entryWordsStart: Int32Array;
  entryLongWordCount: Uint16Array;
}

/**
 * One pass over all titles: each entry's distinct words as temporary ids (first seen, first numbered). The words that
 * count for ranking come first: the long title without the 7th-character extension text (", initial encounter for
 * closed fracture", ", sequela"), which would otherwise make the sequela code look like the closest match; then the
 * extension's words and the words found only in the short title (CMS abbreviations such as `fx`, `unsp`), which can
 * be searched but do not weigh.
 */
function internTitles(codes: readonly IcdCode[]): InternedTitles {
  const idOf = new Map<string, number>();
  const words: string[] = [];
  const entryWords: number[] = [];
  const entryWordsStart = new Int32Array(codes.length + 1);
  const entryLongWordCount = new Uint16Array(codes.length);
  const intern = (word: string): number => {
    let id = idOf.get(word);
    if (id === undefined) {
      id = words.length;
      words.push(word);
      idOf.set(word, id);
    }
    return id;
  };
  codes.forEach((entry, position) => {
    const start = entryWords.length;
    entryWordsStart[position] = start;
    const { base, extension } = splitExtension(entry.longDescription);
    const add = (text: string): void => {
      for (const word of tokenizeText(text)) {
        const id = intern(word);
        if (entryWords.indexOf(id, start) < 0) entryWords.push(id);
      }
    };
    add(base);
    entryLongWordCount[position] = entryWords.length - start;
    add(extension);
    add(entry.shortDescription);
  });
  entryWordsStart[codes.length] = entryWords.length;
  return { words, entryWords: Int32Array.from(entryWords), entryWordsStart, entryLongWordCount };
}

/** 7th-character extensions of chapter 19 and some M/O codes describe the encounter, not the condition. */
const EXTENSION = /, (initial encounter|subsequent encounter|sequela)\b.*$/i;

function splitExtension(title: string): { base: string; extension: string } {
  const match = EXTENSION.exec(title);
  return match ? { base: title.slice(0, match.index), extension: match[0] } : { base: title, extension: '' };
}

function compareStrings(left: string | undefined, right: string | undefined): number {
  const a = left ?? '';
  const b = right ?? '';
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Counting sort of (word, entry) pairs by word. Within a word, entries where it is a ranking word come first, then
 * those where it is only in the 7th-character extension or the short title (it adds nothing to their coverage); each
 * group keeps the order the entries are visited in. Returns the postings and where each word's first group ends.
 */
function buildPostings(
  index: {
    entryWords: Int32Array;
    entryWordsStart: Int32Array;
    entryLongWordCount: Uint16Array;
    postingsStart: Int32Array;
  },
  visitOrder: readonly number[],
): { postings: Int32Array; rankingEnd: Int32Array } {
  const { entryWords, entryWordsStart, entryLongWordCount, postingsStart } = index;
  const postings = new Int32Array(entryWords.length);
  const next = postingsStart.slice(0, -1);
  const place = (ranking: boolean): void => {
    for (const entry of visitOrder) {
      const start = entryWordsStart[entry] ?? 0;
      const longEnd = start + (entryLongWordCount[entry] ?? 0);
      const [from, to] = ranking ? [start, longEnd] : [longEnd, entryWordsStart[entry + 1] ?? 0];
      for (let i = from; i < to; i++) {
        const word = entryWords[i] ?? 0;
        postings[next[word] ?? 0] = entry;
        next[word] = (next[word] ?? 0) + 1;
      }
    }
  };
  place(true);
  const rankingEnd = next.slice();
  place(false);
  return { postings, rankingEnd };
}
