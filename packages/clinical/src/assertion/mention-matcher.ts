import { isWordCode, phraseTokens } from './tokens';
import { PREFIX_TABLE_SIZE, prefixOfNorm } from './phrase-scan';
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
  /** Cells of the two-letter prefixes that begin a phrase (see phrase-scan.ts). */
  readonly rootPrefixes: Uint8Array;
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
  const rootPrefixes = new Uint8Array(PREFIX_TABLE_SIZE);
  for (const key of root.children.keys()) {
    // One-letter and non-ASCII words are never turned away (prefixOfWord gives -1), so they need no cell.
    const cell = prefixOfNorm(key);
    if (cell >= 0 && key.length >= 2) rootPrefixes[cell] = 1;
  }
  return { root, rootPrefixes, entryCount: lexicon.length, phraseCount };
}
