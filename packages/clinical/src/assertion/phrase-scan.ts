import type { CompiledLexicon, MentionTrieNode, PhraseMatch } from './mention-matcher';
import { isWordCode, normaliseWord } from './tokens';

/**
 * The hot path of mention finding, kept in one module (calls across modules cost more than the work
 * here once a bundler or loader wraps them). A document's words are offsets in parallel number arrays
 * (no object per word), with normal forms made only for the words the matcher looks at: most words of
 * a note begin no lexicon phrase, and a two-letter prefix table turns them away without making a string.
 */
export interface Words {
  text: string;
  /** `text` lower-cased, when lower-casing kept its length (otherwise words are lower-cased one by one). */
  lower: string | undefined;
  starts: number[];
  ends: number[];
  /** Normal forms, filled on demand by {@link wordNorm}. */
  norms: (string | undefined)[];
}

/** ASCII letters and digits, for the hot loop (module calls per character would cost more than the work). */
const ASCII_WORD = new Uint8Array(128);
for (let code = 0; code < 128; code += 1) ASCII_WORD[code] = isWordCode(code) ? 1 : 0;

function isWordAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code < 128 ? ASCII_WORD[code] === 1 : isWordCode(code);
}

function isApostropheAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code === 0x27 || code === 0x2019;
}

/** Word offsets of a document: letters and digits, inner apostrophes included ("Parkinson's"). */
export function scanWords(text: string): Words {
  const lower = text.toLowerCase();
  const words: Words = {
    text,
    lower: lower.length === text.length ? lower : undefined,
    starts: [],
    ends: [],
    norms: [],
  };
  const length = text.length;
  let index = 0;
  while (index < length) {
    if (!isWordAt(text, index)) {
      index += 1;
      continue;
    }
    let end = index + 1;
    for (;;) {
      if (end < length && isWordAt(text, end)) end += 1;
      else if (end + 1 < length && isApostropheAt(text, end) && isWordAt(text, end + 1)) end += 2;
      else break;
    }
    words.starts.push(index);
    words.ends.push(end);
    index = end;
  }
  words.norms.length = words.starts.length;
  return words;
}

/** The normal form of word `index` (lower case, no apostrophes or possessive "'s"). */
export function wordNorm(words: Words, index: number): string {
  const known = words.norms[index];
  if (known !== undefined) return known;
  const start = words.starts[index] ?? 0;
  const end = words.ends[index] ?? 0;
  const slice = words.lower === undefined ? words.text.slice(start, end).toLowerCase() : words.lower.slice(start, end);
  const norm = slice.includes("'") || slice.includes('\u2019') ? normaliseWord(slice) : slice;
  words.norms[index] = norm;
  return norm;
}

/** Size of a prefix table: one cell per pair of ASCII codes. */
export const PREFIX_TABLE_SIZE = 128 * 128;

function lowerAscii(code: number): number {
  return code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
}

/** The two-letter prefix cell of a normal form, or -1 when it does not begin with two ASCII characters. */
export function prefixOfNorm(norm: string): number {
  const first = norm.charCodeAt(0);
  const second = norm.length > 1 ? norm.charCodeAt(1) : 0;
  return first < 128 && second < 128 ? first * 128 + second : -1;
}

/**
 * The prefix cell of word `index` read straight from the text, or -1 when it cannot be told without
 * normalising (non-ASCII, an apostrophe within its first two characters, a one-character word).
 */
export function prefixOfWord(words: Words, index: number): number {
  const start = words.starts[index] ?? 0;
  if ((words.ends[index] ?? 0) - start < 2) return -1;
  const first = words.text.charCodeAt(start);
  const second = words.text.charCodeAt(start + 1);
  if (first >= 128 || second >= 128 || second === 0x27) return -1;
  return lowerAscii(first) * 128 + lowerAscii(second);
}

/** Between two words of one phrase: spaces, hyphens, slashes and at most one line break. */
function isPhraseGap(text: string, from: number, to: number): boolean {
  if (to - from > 12) return false;
  let newlines = 0;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x0a) newlines += 1;
    else if (code !== 0x20 && code !== 0x09 && code !== 0x0d && code !== 0x2d && code !== 0x2f && code !== 0xa0) {
      return false;
    }
  }
  return newlines <= 1;
}

function hasLowerCase(text: string): boolean {
  return text.toUpperCase() !== text;
}

/** How far around a capitals-only match to look for lower case before trusting its capitals. */
const CASE_CONTEXT = 40;

/**
 * A capitals-only phrase ("MS", "ALL", "AIDS") counts where the document writes it in capitals and
 * the text around it is not itself all capitals: in a note typed in capitals, "HAS ALL SYMPTOMS"
 * says nothing about leukaemia.
 */
function isWrittenInCapitals(text: string, start: number, end: number): boolean {
  if (hasLowerCase(text.slice(start, end))) return false;
  return hasLowerCase(text.slice(Math.max(0, start - CASE_CONTEXT), Math.min(text.length, end + CASE_CONTEXT)));
}

/** One document being matched: its text, its words, the first word of the current phrase, the matches. */
interface Scan {
  text: string;
  words: Words;
  first: number;
  out: PhraseMatch[];
}

function walk(scan: Scan, node: MentionTrieNode, last: number): void {
  const { text, words } = scan;
  if (node.ends.length > 0) {
    const start = words.starts[scan.first] ?? 0;
    const end = words.ends[last] ?? 0;
    const ends = node.ends.filter((phraseEnd) => !phraseEnd.capitalsOnly || isWrittenInCapitals(text, start, end));
    if (ends.length > 0) scan.out.push({ start, end, ends });
  }
  const next = last + 1;
  if (next >= words.starts.length || node.children.size === 0) return;
  if (!isPhraseGap(text, words.ends[last] ?? 0, words.starts[next] ?? 0)) return;
  step(scan, node, next);
}

/** Enter the word at `index` from `node`, and also the hyphen-joined pair "pre-diabetes" as "prediabetes". */
function step(scan: Scan, node: MentionTrieNode, index: number): void {
  const { text, words } = scan;
  const child = node.children.get(wordNorm(words, index));
  if (child !== undefined) walk(scan, child, index);
  const wordEndAt = words.ends[index] ?? 0;
  const hyphenated = text.charCodeAt(wordEndAt) === 0x2d && words.starts[index + 1] === wordEndAt + 1;
  if (hyphenated && index + 1 < words.starts.length) {
    const joined = node.children.get(`${wordNorm(words, index)}${wordNorm(words, index + 1)}`);
    if (joined !== undefined) walk(scan, joined, index + 1);
  }
}

/** Every phrase match in a document, overlapping ones included (see find-mentions.ts for the choice). */
export function matchPhrases(text: string, lexicon: CompiledLexicon): PhraseMatch[] {
  const scan: Scan = { text, words: scanWords(text), first: 0, out: [] };
  const { rootPrefixes } = lexicon;
  for (let index = 0; index < scan.words.starts.length; index += 1) {
    const cell = prefixOfWord(scan.words, index);
    if (cell >= 0 && rootPrefixes[cell] === 0) continue;
    scan.first = index;
    step(scan, lexicon.root, index);
  }
  return scan.out;
}
