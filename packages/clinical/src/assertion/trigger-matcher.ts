import { CONTEXT_RULES } from './context-lexicon';
import { FAMILY_RULES } from './family-lexicon';
import { NEGATION_RULES } from './negation-lexicon';
import { phraseTokens } from './tokens';
import type { Token } from './tokens';
import type { TriggerRule } from './trigger-rule';

/** A run of tokens that matched a lexicon phrase, with every rule written for that phrase. */
export interface TriggerMatch {
  /** Index of the first and last token (inclusive). */
  first: number;
  last: number;
  rules: readonly TriggerRule[];
}

interface TrieNode {
  children: Map<string, TrieNode>;
  rules: TriggerRule[];
}

function createNode(): TrieNode {
  return { children: new Map(), rules: [] };
}

function buildTrie(rules: readonly TriggerRule[]): TrieNode {
  const root = createNode();
  for (const rule of rules) {
    let node = root;
    for (const token of phraseTokens(rule.phrase)) {
      let child = node.children.get(token);
      if (child === undefined) {
        child = createNode();
        node.children.set(token, child);
      }
      node = child;
    }
    node.rules.push(rule);
  }
  return root;
}

/** Every trigger, pseudo-trigger and termination term, compiled once into a token trie. */
const TRIGGER_TRIE = buildTrie([...NEGATION_RULES, ...FAMILY_RULES, ...CONTEXT_RULES]);

const CLAUSE_OPENERS = new Set([',', ';', ':', '.', '(', '-', '!', '?']);

function isClauseStart(tokens: readonly Token[], index: number): boolean {
  const previous = tokens[index - 1];
  return previous === undefined || CLAUSE_OPENERS.has(previous.norm);
}

const SENTENCE_CLOSERS = new Set(['.', ';', '!']);

function isSentenceFinal(tokens: readonly Token[], last: number): boolean {
  const next = tokens[last + 1];
  return next === undefined || SENTENCE_CLOSERS.has(next.norm);
}

function appliesHere(rule: TriggerRule, tokens: readonly Token[], first: number, last: number): boolean {
  if (rule.kind !== 'trigger') return true;
  if (rule.clauseInitial === true && !isClauseStart(tokens, first)) return false;
  return rule.sentenceFinal !== true || isSentenceFinal(tokens, last);
}

/** Every phrase starting at `start`, longest first. */
function phrasesAt(tokens: readonly Token[], start: number, out: TriggerMatch[]): void {
  let node: TrieNode | undefined = TRIGGER_TRIE;
  for (let index = start; index < tokens.length; index += 1) {
    node = node.children.get((tokens[index] as Token).norm);
    if (node === undefined) break;
    if (node.rules.length === 0) continue;
    const rules = node.rules.filter((rule) => appliesHere(rule, tokens, start, index));
    if (rules.length > 0) out.push({ first: start, last: index, rules });
  }
}

/**
 * The lexicon phrases of a sentence. Where phrases overlap the longest wins, as in NegEx, so a
 * pseudo-trigger ("no increase") or a longer trigger ("cannot rule out") hides the short one inside it;
 * a shorter phrase still counts where it does not overlap a longer one ("no" in "no known history of").
 */
export function findTriggerMatches(tokens: readonly Token[]): TriggerMatch[] {
  const candidates: TriggerMatch[] = [];
  for (let start = 0; start < tokens.length; start += 1) phrasesAt(tokens, start, candidates);
  if (candidates.length < 2) return candidates;
  candidates.sort((left, right) => right.last - right.first - (left.last - left.first) || left.first - right.first);
  const taken = new Uint8Array(tokens.length);
  const accepted: TriggerMatch[] = [];
  for (const candidate of candidates) {
    let free = true;
    for (let index = candidate.first; index <= candidate.last; index += 1) {
      if (taken[index] === 1) free = false;
    }
    if (!free) continue;
    taken.fill(1, candidate.first, candidate.last + 1);
    accepted.push(candidate);
  }
  return accepted.sort((left, right) => left.first - right.first);
}
