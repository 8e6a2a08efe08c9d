/**
 * Turning titles and queries into words, the same way for both, so that a word typed matches a word indexed.
 */

/**
 * Lower-cases and splits on anything that is not a letter or a digit; a possessive `'s` is dropped first, so
 * `Alzheimer's` gives `alzheimer` (typed with or without the apostrophe, straight or curly).
 */
export function tokenizeText(text: string): string[] {
  return text.toLowerCase().replace(APOSTROPHES, '').match(WORD) ?? [];
}

const APOSTROPHES = /['’]s\b|['’]/g;
const WORD = /[a-z0-9]+/g;

/**
 * Words that say little about which condition a title names. They still have to match when typed, but they count
 * for less when ranking by how much of a title the query covers, so that "Heart failure, unspecified" ranks as close
 * to "heart failure" as "Heart failure" would: the unspecified, general code is what a coder usually wants.
 */
const LIGHT_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'classified',
  'complication',
  'complications',
  'due',
  'elsewhere',
  'for',
  'from',
  'in',
  'not',
  'of',
  'on',
  'or',
  'other',
  'site',
  'specified',
  'the',
  'to',
  'unspecified',
  'with',
  'without',
]);

/** How much a word of a title weighs when ranking by coverage (content words 1, light words 0.25). */
export function weighWord(word: string): number {
  return LIGHT_WORDS.has(word) ? 0.25 : 1;
}
