import { isWordCode, normaliseWord, phraseTokens } from './tokens';
import type { MentionLexicon } from './types';

/**
 * The lexicon compiled into one word trie, so a document is read once, word by word, whatever the
 * number of phrases: a word that begins no phrase costs one map lookup.
 */

/** One lexicon phrase ending at a trie node. */
export interface PhraseEnd {
  entryId: string;
  phrase: string;
  chronic: boolean;
  /** Matched only where the document writes it in capitals ("MS", "ALL", "AIDS", "PAD"). */
  capitalsOnly: boolean;
}

export interface MentionTrieNode {
  children: Map<string, MentionTrieNode>;
  ends: PhraseEnd[];
}

/** A lexicon compiled by {@link compileLexicon}; reuse it across documents and patients. */
export interface CompiledLexicon {
  readonly root: MentionTrieNode;
  readonly entryCount: number;
  readonly phraseCount: number;
}

/** A phrase match in a document: word-aligned offsets and the phrases (of one or more entries) it is. */
export interface PhraseMatch {
  start: number;
  end: number;
  ends: readonly PhraseEnd[];
}

/**
 * Abbreviations that are also everyday words or units: an all-capitals phrase whose lower case is one
 * of these matches only capitals, so "MS" (multiple sclerosis) skips "ms", "ALL" (acute lymphoblastic
 * leukaemia) skips "all", "MM" (multiple myeloma) skips "3 mm", "AIDS" skips "hearing aids". Other
 * abbreviations ("CHF", "COPD") match in any case, as notes write them.
 */
// prettier-ignore
const EVERYDAY_WORDS = new Set([
  'a', 'i', 'am', 'an', 'as', 'at', 'be', 'by', 'do', 'go', 'he', 'hi', 'if', 'in', 'is', 'it', 'me', 'my', 'no',
  'of', 'on', 'or', 'so', 'to', 'up', 'us', 'we', 'ad', 'ah', 'ms', 'mi', 'pe', 'ca', 'ed', 'od', 'id', 'hd', 'cf',
  'mm', 'cm', 'ml', 'mg', 'kg', 'lb', 'dr', 'pt', 'ct', 'mr', 'ma', 'pa', 'ra', 're', 'ex', 'ok', 'tb', 'all', 'add',
  'aid', 'aids', 'cad', 'pad', 'cap', 'sad', 'gad', 'lad', 'mad', 'bad', 'tan', 'dim', 'ram', 'arm', 'ace', 'cat',
  'dip', 'fat', 'man', 'map', 'may', 'mod', 'pan', 'pat', 'pen', 'pet', 'pin', 'pod', 'pot', 'rat', 'rib', 'sib',
  'sin', 'tic', 'tip', 'toe', 'via', 'was', 'wed', 'his', 'her', 'has', 'had', 'can', 'hip', 'lap', 'lip', 'leg',
  'art', 'bed', 'cut', 'dot', 'ear', 'eye', 'fit', 'gum', 'hit', 'ill', 'jaw', 'low', 'mom', 'nap', 'net', 'pal',
  'pas', 'per', 'son', 'sun', 'tab', 'ten', 'use', 'war', 'wet', 'age', 'aim', 'care', 'chat', 'copy', 'dash', 'face',
  'fast', 'last', 'mass', 'mild', 'ones', 'page', 'past', 'pink', 'pots', 'rest', 'safe', 'sale', 'sole', 'stem',
  'tips', 'arms', 'hips',
]);

function isCapitalsOnly(phrase: string): boolean {
  if (/[a-z]/u.test(phrase)) return false;
  const letters = phrase.replace(/[^A-Za-z]/gu, '').toLowerCase();
  return EVERYDAY_WORDS.has(letters);
}

function insert(root: MentionTrieNode, tokens: readonly string[], end: PhraseEnd): void {
  let node = root;
  for (const token of tokens) {
    let child = node.children.get(token);
    if (child === undefined) {
      child = { children: new Map(), ends: [] };
      node.children.set(token, child);
    }
    node = child;
  }
  if (!node.ends.some((known) => known.entryId === end.entryId && known.capitalsOnly === end.capitalsOnly)) {
    node.ends.push(end);
  }
}

/**
 * Compile a mention lexicon once into a reusable matcher. Phrases are matched by words, case-
 * insensitively, across spaces, hyphens, slashes and a line break alike: "heart-failure", "heart
 * failure" and "heart\nfailure" are one phrase, and "pre-diabetes" also matches "prediabetes".
 */
export function compileLexicon(lexicon: MentionLexicon): CompiledLexicon {
  const root: MentionTrieNode = { children: new Map(), ends: [] };
  let phraseCount = 0;
  for (const entry of lexicon) {
    for (const phrase of entry.phrases) {
      const words = phraseTokens(phrase).filter((token) => isWordCode(token.charCodeAt(0)));
      if (words.length === 0) continue;
      const end = { entryId: entry.id, phrase, chronic: entry.chronic === true, capitalsOnly: isCapitalsOnly(phrase) };
      insert(root, words, end);
      const joined = phraseTokens(phrase.replace(/(?<=[\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu, ''));
      const joinedWords = joined.filter((token) => isWordCode(token.charCodeAt(0)));
      if (joinedWords.join(' ') !== words.join(' ')) insert(root, joinedWords, end);
      phraseCount += 1;
    }
  }
  return { root, entryCount: lexicon.length, phraseCount };
}

/** The words of a document as parallel arrays (no object per word: documents are long and many). */
interface Words {
  norms: string[];
  starts: number[];
  ends: number[];
}

/** ASCII letters and digits, for the hot loop (module calls per character would cost more than the work). */
const ASCII_WORD = new Uint8Array(128);
for (let code = 0; code < 128; code += 1) ASCII_WORD[code] = isWordCode(code) ? 1 : 0;

function isWordAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code < 128 ? ASCII_WORD[code] === 1 : isWordCode(code);
}

function scanWords(text: string): Words {
  const lower = text.toLowerCase();
  const sameLength = lower.length === text.length;
  const words: Words = { norms: [], starts: [], ends: [] };
  const length = text.length;
  let index = 0;
  while (index < length) {
    if (!isWordAt(text, index)) {
      index += 1;
      continue;
    }
    let end = index + 1;
    let apostrophe = false;
    for (;;) {
      if (end < length && isWordAt(text, end)) {
        end += 1;
      } else if (
        end + 1 < length &&
        (text.charCodeAt(end) === 0x27 || text.charCodeAt(end) === 0x2019) &&
        isWordAt(text, end + 1)
      ) {
        apostrophe = true;
        end += 2;
      } else {
        break;
      }
    }
    const slice = sameLength ? lower.slice(index, end) : text.slice(index, end).toLowerCase();
    words.norms.push(apostrophe ? normaliseWord(slice) : slice);
    words.starts.push(index);
    words.ends.push(end);
    index = end;
  }
  return words;
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
    const ends = node.ends.filter((phraseEnd) => !phraseEnd.capitalsOnly || !hasLowerCase(text.slice(start, end)));
    if (ends.length > 0) scan.out.push({ start, end, ends });
  }
  const next = last + 1;
  if (next >= words.norms.length || node.children.size === 0) return;
  if (!isPhraseGap(text, words.ends[last] ?? 0, words.starts[next] ?? 0)) return;
  step(scan, node, next);
}

/** Enter the word at `index` from `node`, and also the hyphen-joined pair "pre-diabetes" as "prediabetes". */
function step(scan: Scan, node: MentionTrieNode, index: number): void {
  const { text, words } = scan;
  const child = node.children.get(words.norms[index] ?? '');
  if (child !== undefined) walk(scan, child, index);
  const wordEndAt = words.ends[index] ?? 0;
  const hyphenated = text.charCodeAt(wordEndAt) === 0x2d && words.starts[index + 1] === wordEndAt + 1;
  if (hyphenated && index + 1 < words.norms.length) {
    const joined = node.children.get(`${words.norms[index] ?? ''}${words.norms[index + 1] ?? ''}`);
    if (joined !== undefined) walk(scan, joined, index + 1);
  }
}

/** Every phrase match in a document, overlapping ones included (see find-mentions.ts for the choice). */
export function matchPhrases(text: string, lexicon: CompiledLexicon): PhraseMatch[] {
  const scan: Scan = { text, words: scanWords(text), first: 0, out: [] };
  for (let index = 0; index < scan.words.norms.length; index += 1) {
    scan.first = index;
    step(scan, lexicon.root, index);
  }
  return scan.out;
}
