import { normalizeIcdCode } from './code-format';
import { CLINICAL_SYNONYMS, type ClinicalMeaning } from './synonyms';
import { tokenizeText } from './text';

/** One word a title must contain; `prefix` lets it end anywhere ("diab" finds "diabetes"). */
export interface QueryTerm {
  word: string;
  prefix: boolean;
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
    const parts = tokenizeText(words[index] ?? '');
    const isLastRaw = index === words.length - 1;
    parts.forEach((word, part) => {
      const prefix = isLastRaw && part === parts.length - 1 && lastIsPrefix;
      tokens.push({ text: word, alternatives: [{ terms: [{ word, prefix }], meaning: undefined }] });
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
