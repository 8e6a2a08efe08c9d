/**
 * Tokenising shared by the trigger matcher, the mention matcher and the sentence splitter. A word is
 * a run of letters and digits (any script), with inner apostrophes kept together ("don't",
 * "Parkinson's"); its normal form is lower case without apostrophes and without a possessive "'s",
 * so "Parkinson's disease" and "Parkinson disease" read alike. A hyphen joining two words
 * ("gram-negative", "pain-free") is no token of its own, so hyphen and space variants match alike.
 * Every other visible character is a one-character punctuation token.
 */

/** A token of a sentence: a word or one punctuation character. */
export interface Token {
  /** Normal form (lower case; a punctuation token is its character). */
  norm: string;
  start: number;
  end: number;
  isWord: boolean;
}

const APOSTROPHE = 0x27;
const RIGHT_SINGLE_QUOTE = 0x2019;
const HYPHEN = 0x2d;

/** True for letters and digits: ASCII, Latin-1 and other scripts' letters, not punctuation or spaces. */
export function isWordCode(code: number): boolean {
  if (code < 0x80) {
    return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39);
  }
  if (code < 0xc0 || code === 0xd7 || code === 0xf7) return false;
  // General punctuation (dashes, quotes, bullets, ellipsis) and spaces of U+2000-U+206F, arrows and symbols.
  if (code >= 0x2000 && code <= 0x2bff) return false;
  return code !== 0x3000 && code !== 0xfeff;
}

function isApostrophe(code: number): boolean {
  return code === APOSTROPHE || code === RIGHT_SINGLE_QUOTE;
}

function isSpaceCode(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0xa0 || (code >= 0x2000 && code <= 0x200b);
}

/** End (exclusive) of the word starting at `start`, inner apostrophes included. */
export function wordEnd(text: string, start: number): number {
  let index = start;
  const length = text.length;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (isWordCode(code)) {
      index += 1;
    } else if (isApostrophe(code) && index + 1 < length && isWordCode(text.charCodeAt(index + 1))) {
      index += 2;
    } else {
      break;
    }
  }
  return index;
}

/** Normal form of a word slice: lower case, no possessive "'s", no apostrophes. */
export function normaliseWord(word: string): string {
  const lower = word.toLowerCase();
  if (!lower.includes("'") && !lower.includes('\u2019')) return lower;
  return lower.replace(/['\u2019]s$/u, '').replace(/['\u2019]/gu, '');
}

/** Tokens of a sentence, words and punctuation, with their offsets in it. */
export function tokenizeSentence(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  const length = text.length;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (isWordCode(code)) {
      const end = wordEnd(text, index);
      tokens.push({ norm: normaliseWord(text.slice(index, end)), start: index, end, isWord: true });
      index = end;
    } else if (isSpaceCode(code)) {
      index += 1;
    } else if (code === HYPHEN && isJoiningHyphen(text, index)) {
      index += 1;
    } else {
      tokens.push({ norm: text[index] ?? '', start: index, end: index + 1, isWord: false });
      index += 1;
    }
  }
  return tokens;
}

/** A hyphen with a word character right on both sides ("gram-negative"). */
export function isJoiningHyphen(text: string, index: number): boolean {
  return index > 0 && isWordCode(text.charCodeAt(index - 1)) && isWordCode(text.charCodeAt(index + 1));
}

/** Normal forms of the tokens of a lexicon or trigger phrase. */
export function phraseTokens(phrase: string): string[] {
  return tokenizeSentence(phrase).map((token) => token.norm);
}
