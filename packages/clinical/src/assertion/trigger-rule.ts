import type { ContextCategory } from './types';

/**
 * Scope windows, counted in words between trigger and target. NegEx looked five terms around a
 * trigger (Chapman WW et al. A simple algorithm for identifying negated findings and diseases in
 * discharge summaries. J Biomed Inform 2001;34(5):301-310). ConText let a trigger's scope run to the
 * end of the sentence unless a termination term closes it first (Harkema et al. 2009); review-of-
 * systems lists ("denies fever, chills, ..., leg swelling") run far past five words, so forward
 * scopes here follow ConText but stop after 15 words as a guard against run-on notes. Backward
 * (post-trigger) scopes keep NegEx's five words and, unless the trigger is plural ("were ruled out"),
 * stop at a comma: "has CHF, pneumonia was ruled out" negates only pneumonia.
 */
export const FORWARD_WINDOW = 15;
export const BACKWARD_WINDOW = 5;

export type TriggerDirection = 'forward' | 'backward' | 'both';

/** One entry of the trigger lexicon. */
export type TriggerRule =
  | {
      kind: 'trigger';
      phrase: string;
      category: ContextCategory;
      direction: TriggerDirection;
      forwardWindow?: number;
      backwardWindow?: number;
      /** A plural post-trigger ("were ruled out") whose backward scope runs across a list's commas. */
      crossesCommas?: boolean;
      /** Historical triggers that say the condition has ended ("resolved"), not merely that it began before. */
      ended?: boolean;
      /** Counts only at the start of a clause ("Should chest pain develop, ..."). */
      clauseInitial?: boolean;
      /** Counts only at the end of a sentence ("Chest pain: denies.", "Edema: none."). */
      sentenceFinal?: boolean;
      /** A post-trigger that may follow a comma ("DVT, resolved", "PE, ruled out"). */
      afterComma?: boolean;
      /** A time expression such as "ago" whose quantity decides whether it is historical. */
      ago?: boolean;
    }
  /** A pseudo-trigger: contains a trigger's words but does not trigger ("no increase", "gram negative"). */
  | { kind: 'pseudo'; phrase: string }
  /** A termination term: closes the scope of triggers of the given categories (all when absent). */
  | { kind: 'terminate'; phrase: string; categories?: readonly ContextCategory[] };

type TriggerOptions = Omit<Extract<TriggerRule, { kind: 'trigger' }>, 'kind' | 'phrase' | 'category' | 'direction'>;

/** Triggers whose scope runs after them: "no CHF". */
export function forward(
  category: ContextCategory,
  phrases: readonly string[],
  options: TriggerOptions = {},
): TriggerRule[] {
  return phrases.map((phrase) => ({ kind: 'trigger', phrase, category, direction: 'forward', ...options }));
}

/** Post-triggers whose scope runs before them: "CHF was ruled out". */
export function backward(
  category: ContextCategory,
  phrases: readonly string[],
  options: TriggerOptions = {},
): TriggerRule[] {
  return phrases.map((phrase) => ({ kind: 'trigger', phrase, category, direction: 'backward', ...options }));
}

/** Triggers that reach both ways: "CHF vs COPD". */
export function both(
  category: ContextCategory,
  phrases: readonly string[],
  options: TriggerOptions = {},
): TriggerRule[] {
  return phrases.map((phrase) => ({ kind: 'trigger', phrase, category, direction: 'both', ...options }));
}

export function pseudo(phrases: readonly string[]): TriggerRule[] {
  return phrases.map((phrase) => ({ kind: 'pseudo', phrase }));
}

export function terminate(phrases: readonly string[], categories?: readonly ContextCategory[]): TriggerRule[] {
  return phrases.map((phrase) =>
    categories === undefined ? { kind: 'terminate', phrase } : { kind: 'terminate', phrase, categories },
  );
}
