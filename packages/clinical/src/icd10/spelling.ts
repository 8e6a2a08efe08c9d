/**
 * Spelling correction against the index's own words: "diabetis" → diabetes, "pnuemonia" → pneumonia, "kidny" → kidney.
 *
 * The vocabulary is sorted, so it is walked as a trie: consecutive words share their edit-distance rows for the letters
 * they share, and a whole run of words starting with some letters is skipped once no extension of those letters can come
 * within the allowed distance. Distance is optimal string alignment (Damerau-Levenshtein where a transposition of two
 * adjacent letters counts as one edit, "alzhiemer" → alzheimer).
 *
 * Only words with the typed word's first letter are candidates, as most spelling checkers do: a first letter is seldom
 * wrong ("pnuemonia", "siezure", "rhuematoid" keep theirs), and it makes the walk about twenty times shorter (a
 * correction costs about 0.1 ms instead of 1-2 ms over the 8,897 words of the index).
 */
import type { WordRange } from './word-index';

/** Issue 18: one edit for words of 5 letters or more, two from 8 letters; shorter words are never corrected. */
export function allowedEdits(word: string): number {
  if (word.length >= 8) return 2;
  if (word.length >= 5) return 1;
  return 0;
}

/**
 * The ranges of vocabulary words within `maxDistance` edits of `word`. With `prefix`, `word` is still being typed: any
 * word that starts with letters within `maxDistance` of it matches (its whole prefix range), as "pnuem" → "pneum*".
 */
export function findCorrections(options: {
  vocabulary: readonly string[];
  /** Per word id, how many letters it shares with the word before it (see `sharedPrefixLengths`). */
  shared: Uint8Array;
  word: string;
  maxDistance: number;
  prefix: boolean;
  /** The ids of the words that start with the typed word's first letter (see below). */
  sameFirstLetter: WordRange;
}): WordRange[] {
  const { vocabulary, shared, word, maxDistance, prefix, sameFirstLetter } = options;
  const width = word.length + 1;
  const ranges: WordRange[] = [];
  if (maxDistance <= 0) return ranges;
  // rows[k][j]: distance between the first k letters of the current candidate and the first j letters of `word`.
  const rows: Int32Array[] = [Int32Array.from({ length: width }, (_, j) => j)];
  let valid = 0;
  let id = sameFirstLetter.low;
  while (id < sameFirstLetter.high) {
    const candidate = vocabulary[id] ?? '';
    // Rows are valid for the first `valid` letters of the word before; this one shares `shared[id]` letters with it.
    const common = Math.min(valid, shared[id] ?? 0);
    let stopAt = -1;
    let matchedStem = false;
    for (let k = common + 1; k <= candidate.length; k++) {
      const row = fillRow({ rows, k, candidate, word });
      if (prefix && (row[width - 1] ?? 0) <= maxDistance) {
        matchedStem = true;
        stopAt = k;
        break;
      }
      if (minimum(row) > maxDistance) {
        stopAt = k;
        break;
      }
    }
    if (stopAt >= 0) {
      // Every word starting with these letters is decided at once: all match (a typed prefix) or none can.
      let end = id + 1;
      while (end < sameFirstLetter.high && (shared[end] ?? 0) >= stopAt) end++;
      if (matchedStem) ranges.push({ low: id, high: end });
      valid = stopAt;
      id = end;
      continue;
    }
    if ((rows[candidate.length]?.[width - 1] ?? maxDistance + 1) <= maxDistance) ranges.push({ low: id, high: id + 1 });
    valid = candidate.length;
    id++;
  }
  return ranges;
}

/** Computes row `k` (the candidate's first k letters) from rows k-1 and k-2, reusing the row's array. */
function fillRow(options: { rows: Int32Array[]; k: number; candidate: string; word: string }): Int32Array {
  const { rows, k, candidate, word } = options;
  const width = word.length + 1;
  let row = rows[k];
  if (!row) {
    row = new Int32Array(width);
    rows[k] = row;
  }
  const previous = rows[k - 1] ?? row;
  const beforePrevious = rows[k - 2];
  const letter = candidate.charCodeAt(k - 1);
  const letterBefore = k > 1 ? candidate.charCodeAt(k - 2) : -1;
  row[0] = k;
  for (let j = 1; j < width; j++) {
    const typed = word.charCodeAt(j - 1);
    let value = Math.min(
      (previous[j] ?? 0) + 1,
      (row[j - 1] ?? 0) + 1,
      (previous[j - 1] ?? 0) + (typed === letter ? 0 : 1),
    );
    if (beforePrevious && j > 1 && letter === word.charCodeAt(j - 2) && letterBefore === typed) {
      value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
    }
    row[j] = value;
  }
  return row;
}

function minimum(row: Int32Array): number {
  let least = Number.MAX_SAFE_INTEGER;
  for (const value of row) if (value < least) least = value;
  return least;
}

/** Optimal string alignment distance between two short words (for the synonym keys; the index uses the trie walk). */
export function editDistance(left: string, right: string): number {
  const rows: Int32Array[] = [Int32Array.from({ length: left.length + 1 }, (_, j) => j)];
  for (let k = 1; k <= right.length; k++) fillRow({ rows, k, candidate: right, word: left });
  return rows[right.length]?.[left.length] ?? 0;
}

/** For a sorted vocabulary: how many leading letters each word shares with the one before it (at most 255). */
export function sharedPrefixLengths(vocabulary: readonly string[]): Uint8Array {
  const shared = new Uint8Array(vocabulary.length);
  for (let id = 1; id < vocabulary.length; id++) {
    const before = vocabulary[id - 1] ?? '';
    const word = vocabulary[id] ?? '';
    let common = 0;
    const limit = Math.min(before.length, word.length, 255);
    while (common < limit && before.charCodeAt(common) === word.charCodeAt(common)) common++;
    shared[id] = common;
  }
  return shared;
}
