import { SEARCH_MATCH_END, SEARCH_MATCH_START } from '@cairn/contracts';

/** A run of text, marked when it matched the search. Rendered as text, never as HTML. */
export interface TextPart {
  text: string;
  isMatch: boolean;
}

/** Splits a server snippet on the match markers (SEARCH_MATCH_START ... SEARCH_MATCH_END). */
export function splitMarkedSnippet(snippet: string): TextPart[] {
  const parts: TextPart[] = [];
  for (const [index, piece] of snippet.split(SEARCH_MATCH_START).entries()) {
    if (index === 0) {
      pushPart(parts, piece.replaceAll(SEARCH_MATCH_END, ''), false);
      continue;
    }
    const [match = '', ...rest] = piece.split(SEARCH_MATCH_END);
    pushPart(parts, match, true);
    pushPart(parts, rest.join(''), false);
  }
  return parts;
}

function pushPart(parts: TextPart[], text: string, isMatch: boolean): void {
  if (text.length > 0) parts.push({ text, isMatch });
}

/** The words of a search term worth highlighting: quotes, operators and one-letter words dropped. */
export function searchWords(term: string): string[] {
  const words = term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && word !== 'or' && word !== 'and');
  return [...new Set(words)];
}

const escapeRegExp = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Marks the words of a plain text that start with one of the search words (so 'diabet' marks
 * 'diabetes', close to what the server's stemming matched).
 */
export function highlightWords(text: string, words: readonly string[]): TextPart[] {
  if (words.length === 0) return text ? [{ text, isMatch: false }] : [];
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join('|')})[\\p{L}\\p{N}]*`, 'giu');
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    pushPart(parts, text.slice(last, match.index), false);
    pushPart(parts, match[0], true);
    last = match.index + match[0].length;
  }
  pushPart(parts, text.slice(last), false);
  return parts;
}
