import { normalizeIcdCode } from './code-format';
import { CLINICAL_SYNONYMS, type ClinicalMeaning } from './synonyms';
import { allowedEdits, editDistance } from './spelling';
import { tokenizeText } from './text';

/** One word a title must contain; `prefix` lets it end anywhere ("diab" finds "diabetes"). */
export interface QueryTerm {
  word: string;
  prefix: boolean;
  /** Typed by the coder (not a synonym's expansion): may be a misspelling to correct. */
  typed?: boolean;
}

/** One way to satisfy a query token: all its terms must be in the title. */
export interface QueryAlternative {
  terms: QueryTerm[];
  meaning: ClinicalMeaning | undefined;
}

/** A meaning and how much its ranking boost counts: 1 for an abbreviation's usual meaning, less for the others. */
export interface WeightedMeaning {
  meaning: ClinicalMeaning;
  weight: number;
}

/** An abbreviation's second and later meanings (MS as mitral stenosis) boost half as much as its first. */
const OTHER_MEANING_WEIGHT = 0.5;

/** A word or an abbreviation as typed; a title matches it when any alternative matches. */
export interface QueryToken {
  text: string;
  alternatives: QueryAlternative[];
}

export interface ParsedQuery {
  /** Tokens that are the start of a code (`e11` in "e11 kidney"), normalised: hits must start with one of them. */
  codePrefixes: string[];
  tokens: QueryToken[];
  /** The clinical meanings the query names, for ranking (see `synonyms.ts`), with the weight of their boost. */
  meanings: WeightedMeaning[];
}

const SYNONYM_BY_KEY = new Map(CLINICAL_SYNONYMS.flatMap((synonym) => synonym.keys.map((key) => [key, synonym])));
const LONGEST_KEY = Math.max(
  ...CLINICAL_SYNONYMS.flatMap((synonym) => synonym.keys.map((key) => key.split(' ').length)),
);
/** An abbreviation this long or longer also matches as a literal prefix while it is being typed ("copd" → "copd*"). */
const LITERAL_PREFIX_MIN_LENGTH = 4;

/**
 * Splits a query into code prefixes and word tokens, the last word a prefix (unless the query ends with a space), and
 * expands abbreviations and everyday names into the words titles use.
 */
export function parseQuery(query: string, isCodePrefix: (token: string) => boolean): ParsedQuery {
  const lastIsPrefix = !/\s$/.test(query);
  const raw = query.toLowerCase().trim().split(/\s+/).filter(Boolean);
  const codeTokens = raw.filter((token) => /\d/.test(token) && isCodePrefix(token));
  const codePrefixes = codeTokens.map((token) => normalizeIcdCode(token));
  const words = raw.filter((token) => !codeTokens.includes(token));
  const tokens: QueryToken[] = [];
  const meanings: WeightedMeaning[] = [];
  for (let index = 0; index < words.length;) {
    const synonym = matchSynonym(words, index);
    if (synonym) {
      const isLast = index + synonym.length >= words.length;
      tokens.push(synonymToken(synonym.key, synonym.meanings, isLast && lastIsPrefix));
      synonym.meanings.forEach((meaning, rank) =>
        meanings.push({ meaning, weight: rank === 0 ? 1 : OTHER_MEANING_WEIGHT }),
      );
      index += synonym.length;
      continue;
    }
    const completion = lastIsPrefix ? completeSynonym(words, index) : undefined;
    if (completion) {
      tokens.push(completion.token);
      completion.meanings.forEach((meaning, rank) =>
        meanings.push({ meaning, weight: rank === 0 ? 1 : OTHER_MEANING_WEIGHT }),
      );
      break;
    }
    const parts = tokenizeText(words[index] ?? '');
    const isLastRaw = index === words.length - 1;
    parts.forEach((word, part) => {
      const prefix = isLastRaw && part === parts.length - 1 && lastIsPrefix;
      tokens.push({ text: word, alternatives: [{ terms: [{ word, prefix, typed: true }], meaning: undefined }] });
    });
    index++;
  }
  const distinctMeanings = meanings.filter(
    (item, index) => meanings.findIndex((other) => other.meaning === item.meaning) === index,
  );
  return { codePrefixes, tokens: distinctTokens(tokens).slice(0, MAX_TOKENS), meanings: distinctMeanings };
}

/** More words than anyone types into a code search; beyond them a query only costs time. */
const MAX_TOKENS = 12;

/**
 * A word typed twice asks nothing more ("diabetes diabetes"). The first is kept: only the last word can be a prefix,
 * and a title with the whole word also has the prefix.
 */
function distinctTokens(tokens: QueryToken[]): QueryToken[] {
  const seen = new Set<string>();
  return tokens.filter((token) => {
    if (seen.has(token.text)) return false;
    seen.add(token.text);
    return true;
  });
}

/** The longest run of raw words (up to the longest key) that is a synonym key, spaced or run together ("a fib", "afib"). */
function matchSynonym(
  words: string[],
  start: number,
): { key: string; meanings: readonly ClinicalMeaning[]; length: number } | undefined {
  for (let length = Math.min(LONGEST_KEY, words.length - start); length >= 1; length--) {
    const run = words.slice(start, start + length).map((word) => word.replace(/[^a-z0-9]/g, ''));
    for (const key of [run.join(' '), run.join('')]) {
      const synonym = SYNONYM_BY_KEY.get(key);
      if (synonym) return { key, meanings: synonym.meanings, length };
    }
  }
  return undefined;
}

function synonymToken(key: string, meanings: readonly ClinicalMeaning[], isLastPrefix: boolean): QueryToken {
  const alternatives: QueryAlternative[] = meanings.map((meaning) => ({
    terms: meaning.words.split(' ').map((word) => ({ word: word.replace(/\*$/, ''), prefix: word.endsWith('*') })),
    meaning,
  }));
  // The abbreviation itself, when a title spells it out: "(TIA)", "[HIV]", "(NASH)".
  const literal = tokenizeText(key);
  const prefix = isLastPrefix && key.length >= LITERAL_PREFIX_MIN_LENGTH;
  alternatives.push({ terms: literal.map((word) => ({ word, prefix })), meaning: undefined });
  return { text: key, alternatives };
}

/** Each key as its words before the last and its last word, shortest key first (for `completeSynonym`). */
const KEY_PARTS = [...SYNONYM_BY_KEY.keys()]
  .sort((left, right) => left.length - right.length || (left < right ? -1 : 1))
  .map((key) => {
    const words = key.split(' ');
    return { key, wordCount: words.length, fixed: words.slice(0, -1).join(' '), last: words[words.length - 1] ?? '' };
  });

/** A word being typed this long or longer may be the start of a synonym key ("canc" → "cancer"). */
const COMPLETION_MIN_LENGTH = 4;
/** Beyond a few keys the letters typed say too little to boost any meaning ("hype" → hypertension, hyperlipidemia). */
const MAX_COMPLETIONS = 3;

/**
 * Issue 18: the query's last words as the start of a synonym key still being typed: "lung canc" ends in the start of
 * "cancer", "breast canc" is the start of "breast cancer", "diab" of "diabetes". The token keeps the words as typed as
 * one alternative (so nothing they found before is lost) and adds the meanings of the keys they start, shortest key
 * first (its meaning is the one boosted most).
 */
function completeSynonym(
  words: string[],
  start: number,
): { token: QueryToken; meanings: ClinicalMeaning[] } | undefined {
  const run = words.slice(start).map((word) => word.replace(/[^a-z0-9]/g, ''));
  if (run.length === 0 || run.length > LONGEST_KEY) return undefined;
  const last = run[run.length - 1] ?? '';
  if (last.length < COMPLETION_MIN_LENGTH) return undefined;
  const fixed = run.slice(0, -1).join(' ');
  const keys = KEY_PARTS.filter(
    (parts) =>
      parts.wordCount === run.length && parts.fixed === fixed && parts.last.startsWith(last) && parts.last !== last,
  ).map((parts) => parts.key);
  const meanings: ClinicalMeaning[] = [];
  for (const key of keys) {
    for (const meaning of SYNONYM_BY_KEY.get(key)?.meanings ?? [])
      if (!meanings.includes(meaning)) meanings.push(meaning);
  }
  if (meanings.length === 0) return undefined;
  const chosen = meanings.slice(0, MAX_COMPLETIONS);
  const typed = run.flatMap((word, position) =>
    tokenizeText(word).map((part) => ({ word: part, prefix: position === run.length - 1, typed: true })),
  );
  const alternatives: QueryAlternative[] = [
    ...chosen.map((meaning) => ({
      terms: meaning.words.split(' ').map((word) => ({ word: word.replace(/\*$/, ''), prefix: word.endsWith('*') })),
      meaning,
    })),
    { terms: typed, meaning: undefined },
  ];
  return { token: { text: run.join(' '), alternatives }, meanings: chosen };
}

/**
 * The query with each word of 5+ letters that is a misspelling of a one-word synonym key spelt right ("diabetis" →
 * diabetes, "pnuemonia" → pneumonia, "hypertention" → hypertension) and no title's word, so that the corrected query gets the meaning's
 * usual codes first. Used only for the corrected pass of a search (see `search-engine.ts`).
 */
export function respellSynonymKeys(query: string, isIndexWord: (word: string) => boolean): string {
  return query.replace(/[a-z]{5,}/gi, (typed) => {
    const word = typed.toLowerCase();
    // A word some title has is spelt right ("tract" is not "trach").
    if (SYNONYM_BY_KEY.has(word) || isIndexWord(word)) return typed;
    const allowed = allowedEdits(word);
    let best: string | undefined;
    let bestDistance = allowed + 1;
    for (const key of SINGLE_WORD_KEYS) {
      if (Math.abs(key.length - word.length) > allowed) continue;
      const distance = editDistance(word, key);
      if (distance < bestDistance) {
        best = key;
        bestDistance = distance;
      }
    }
    return best ?? typed;
  });
}

const SINGLE_WORD_KEYS = [...SYNONYM_BY_KEY.keys()].filter((key) => /^[a-z]{5,}$/.test(key));
