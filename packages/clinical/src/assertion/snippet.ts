import type { TextSpan } from './types';

/** Longest snippet shown to a provider, in characters (ellipses aside). */
export const SNIPPET_LENGTH = 200;

const UNUSUAL_SPACE = /[\t\n\r\f\v\u00a0\u2000-\u200b]| {2}/u;

function collapse(text: string): string {
  return UNUSUAL_SPACE.test(text) ? text.replace(/\s+/gu, ' ') : text;
}

/**
 * The sentence around a match with white space collapsed, cut at word boundaries to at most about
 * 200 characters centred on the match, and where the match sits in it (for highlighting).
 */
export function buildSnippet(sentence: string, match: TextSpan): { snippet: string; highlight: TextSpan } {
  const matched = collapse(sentence.slice(match.start, match.end));
  const budget = Math.max(0, SNIPPET_LENGTH - matched.length);
  let before = collapse(sentence.slice(0, match.start)).trimStart();
  let after = collapse(sentence.slice(match.end)).trimEnd();
  if (before.length + after.length > budget) {
    const beforeBudget = Math.max(Math.floor(budget / 2), budget - after.length);
    const afterBudget = Math.max(budget - Math.min(before.length, beforeBudget), 0);
    if (before.length > beforeBudget) {
      const cut = before.slice(before.length - beforeBudget);
      const space = cut.indexOf(' ');
      before = `\u2026${space >= 0 && space < cut.length - 1 ? cut.slice(space + 1) : cut}`;
    }
    if (after.length > afterBudget) {
      const cut = after.slice(0, afterBudget);
      const space = cut.lastIndexOf(' ');
      after = `${space > 0 ? cut.slice(0, space) : cut}\u2026`;
    }
  }
  return {
    snippet: `${before}${matched}${after}`,
    highlight: { start: before.length, end: before.length + matched.length },
  };
}
