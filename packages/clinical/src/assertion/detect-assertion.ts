import { isRecentAgo } from './ago';
import { endsSentenceAt } from './sentence-end';
import { tokenizeSentence } from './tokens';
import type { Token } from './tokens';
import { findTriggerMatches } from './trigger-matcher';
import type { TriggerMatch } from './trigger-matcher';
import { BACKWARD_WINDOW, FORWARD_WINDOW } from './trigger-rule';
import type { TriggerRule } from './trigger-rule';
import type { Assertion, AssertionOptions, AssertionResult, ContextCategory, SectionKind, TextSpan } from './types';

type Trigger = Extract<TriggerRule, { kind: 'trigger' }>;

/**
 * The order that decides when several contexts reach one target. A negation answers the question
 * whatever else is said ("no family history of CHF": nobody has it). Then the experiencer, because
 * it decides whose condition it is at all (ConText treats experiencer as its own feature). Then
 * hypothetical before uncertain ("return if possible stroke symptoms" is about the future), and
 * uncertain before historical ("history of possible TIA" never established the TIA).
 */
const PRECEDENCE: readonly ContextCategory[] = ['negated', 'family', 'hypothetical', 'uncertain', 'historical'];

const CATEGORY_BIT: Record<ContextCategory, number> = {
  negated: 1,
  family: 2,
  hypothetical: 4,
  uncertain: 8,
  historical: 16,
};
const ALL_CATEGORIES = 31;

/** A sentence's tokens, trigger matches and scope stops, computed once for all its targets. */
export interface SentenceAnalysis {
  text: string;
  tokens: Token[];
  triggers: TriggerMatch[];
  /** Per token: bits of the categories whose scope that token closes. */
  stops: Uint8Array;
  /** Per token index: the number of words before it (so a window check costs nothing in long sentences). */
  wordsBefore: Uint32Array;
}

/** Tokenise a sentence and find its triggers, once, for any number of targets in it. */
export function analyseSentence(text: string): SentenceAnalysis {
  const tokens = tokenizeSentence(text);
  const triggers = findTriggerMatches(tokens);
  const stops = new Uint8Array(tokens.length);
  for (const match of triggers) {
    for (const rule of match.rules) {
      if (rule.kind !== 'terminate') continue;
      const bits = rule.categories?.reduce((sum, category) => sum | CATEGORY_BIT[category], 0) ?? ALL_CATEGORIES;
      for (let index = match.first; index <= match.last; index += 1) stops[index] = (stops[index] ?? 0) | bits;
    }
  }
  tokens.forEach((token, index) => {
    if (!token.isWord && endsSentenceAt(text, token.start)) stops[index] = ALL_CATEGORIES;
  });
  const wordsBefore = new Uint32Array(tokens.length + 1);
  tokens.forEach((token, index) => {
    wordsBefore[index + 1] = (wordsBefore[index] ?? 0) + (token.isWord ? 1 : 0);
  });
  return { text, tokens, triggers, stops, wordsBefore };
}

type TokenRange = readonly [first: number, last: number];

function countWords(analysis: SentenceAnalysis, gap: { from: number; to: number }): number {
  return (analysis.wordsBefore[gap.to] ?? 0) - (analysis.wordsBefore[gap.from] ?? 0);
}

/** The tokens between a trigger and its target, and whether commas among them close the scope. */
interface Gap {
  from: number;
  to: number;
  /** Commas before this index close the scope (-1: none do). */
  commasUntil: number;
}

/** No termination term of the category in the gap, nor a comma where commas close the scope. */
function isScopeOpen(analysis: SentenceAnalysis, gap: Gap, category: ContextCategory): boolean {
  for (let index = gap.from; index < gap.to; index += 1) {
    if (((analysis.stops[index] ?? 0) & CATEGORY_BIT[category]) !== 0) return false;
    if (index < gap.commasUntil && analysis.tokens[index]?.norm === ',') return false;
  }
  return true;
}

/** Whether a trigger's scope reaches the target tokens `range` (first and last, inclusive). */
function reaches(analysis: SentenceAnalysis, match: TriggerMatch, rule: Trigger, range: TokenRange): boolean {
  const [first, last] = range;
  if (rule.direction !== 'backward' && match.last < first) {
    const gap = { from: match.last + 1, to: first, commasUntil: -1 };
    return (
      countWords(analysis, gap) <= (rule.forwardWindow ?? FORWARD_WINDOW) && isScopeOpen(analysis, gap, rule.category)
    );
  }
  if (rule.direction !== 'forward' && match.first > last) {
    if (rule.ago === true && isRecentAgo(analysis.tokens, match.first)) return false;
    const commasUntil = rule.crossesCommas === true ? -1 : rule.afterComma === true ? match.first - 1 : match.first;
    const gap = { from: last + 1, to: match.first, commasUntil };
    return (
      countWords(analysis, gap) <= (rule.backwardWindow ?? BACKWARD_WINDOW) && isScopeOpen(analysis, gap, rule.category)
    );
  }
  return false;
}

interface Hit {
  category: ContextCategory;
  cue: string;
  ended: boolean;
  distance: number;
}

function targetTokens(tokens: readonly Token[], target: TextSpan): TokenRange | undefined {
  let first = -1;
  let last = -1;
  tokens.forEach((token, index) => {
    if (token.end > target.start && token.start < target.end) {
      if (first < 0) first = index;
      last = index;
    }
  });
  return first < 0 ? undefined : [first, last];
}

function collectHits(analysis: SentenceAnalysis, range: TokenRange): Hit[] {
  const [first, last] = range;
  const hits: Hit[] = [];
  for (const match of analysis.triggers) {
    if (match.last >= first && match.first <= last) continue;
    for (const rule of match.rules) {
      if (rule.kind !== 'trigger' || !reaches(analysis, match, rule, range)) continue;
      const cue = analysis.text.slice(analysis.tokens[match.first]?.start, analysis.tokens[match.last]?.end);
      const distance = match.last < first ? first - match.last : match.first - last;
      hits.push({ category: rule.category, cue, ended: rule.ended === true, distance });
    }
  }
  return hits;
}

function sectionHit(section: SectionKind | undefined, header: string | undefined): Hit | undefined {
  if (section === undefined || section === 'neutral') return undefined;
  return { category: section, cue: header ?? `${section} section`, ended: false, distance: Number.MAX_SAFE_INTEGER };
}

function decide(hits: readonly Hit[], chronic: boolean): AssertionResult {
  for (const category of PRECEDENCE) {
    const ofCategory = hits.filter((hit) => hit.category === category).sort((a, b) => a.distance - b.distance);
    const nearest = ofCategory[0];
    if (nearest === undefined) continue;
    // "History of CHF", "PMH: CHF": for a chronic condition the history is the condition, still present.
    if (category === 'historical' && chronic && !ofCategory.some((hit) => hit.ended)) {
      return { assertion: 'present', cue: nearest.cue };
    }
    const decisive = category === 'historical' ? (ofCategory.find((hit) => hit.ended) ?? nearest) : nearest;
    return { assertion: category, cue: decisive.cue };
  }
  return { assertion: 'present' };
}

/**
 * Words for an episode of a chronic disease. "No CHF exacerbation", "no asthma attacks", "return if
 * COPD flares": the negation or condition is about the episode, and naming it presupposes the
 * disease (ours; NegEx would negate the disease).
 */
const EPISODE_NOUNS = new Set([
  'exacerbation',
  'exacerbations',
  'flare',
  'flares',
  'flareup',
  'flareups',
  'attack',
  'attacks',
  'decompensation',
  'crisis',
  'crises',
  'relapse',
  'relapses',
]);

function namesAnEpisode(tokens: readonly Token[], lastTargetToken: number): boolean {
  const next = tokens[lastTargetToken + 1];
  return next !== undefined && EPISODE_NOUNS.has(next.norm);
}

/** The assertion of a target in an analysed sentence, with the cue that decided it. */
export function assertTarget(
  analysis: SentenceAnalysis,
  target: TextSpan,
  options: AssertionOptions = {},
): AssertionResult {
  const range = targetTokens(analysis.tokens, target);
  if (range === undefined) return { assertion: 'present' };
  const hits = collectHits(analysis, range).filter(
    (hit) =>
      !namesAnEpisode(analysis.tokens, range[1]) || (hit.category !== 'negated' && hit.category !== 'hypothetical'),
  );
  const fromSection = sectionHit(options.section, options.sectionHeader);
  if (fromSection !== undefined) hits.push(fromSection);
  return decide(hits, options.chronic === true);
}

/** Like {@link detectAssertion}, with the trigger words or section header that decided the assertion. */
export function explainAssertion(sentence: string, target: TextSpan, options: AssertionOptions = {}): AssertionResult {
  return assertTarget(analyseSentence(sentence), target, options);
}

/**
 * Whether a sentence asserts the condition at `target` (character offsets in the sentence) as
 * present, negated, hypothetical, historical, someone else's (`family`) or uncertain, by NegEx and
 * ConText's method: trigger phrases, pseudo-triggers that block them, and scopes closed by
 * termination terms, the sentence's end or a word window.
 */
export function detectAssertion(sentence: string, target: TextSpan, options: AssertionOptions = {}): Assertion {
  return explainAssertion(sentence, target, options).assertion;
}
