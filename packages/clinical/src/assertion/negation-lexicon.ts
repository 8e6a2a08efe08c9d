import { backward, forward, pseudo, terminate } from './trigger-rule';
import type { TriggerRule } from './trigger-rule';

/**
 * Negation triggers, pseudo-triggers and termination terms. Sources: the NegEx phrase lists (Chapman
 * WW, Bridewell W, Hanbury P, Cooper GF, Buchanan BG. J Biomed Inform 2001;34:301-310: pre-negations
 * such as "no", "denies", "without", "no evidence of", "negative for"; post-negations such as
 * "unlikely", "was ruled out", "free"; pseudo-negations such as "no increase", "not only", "gram
 * negative", "no change"); their ConText revision (Harkema et al. J Biomed Inform 2009;42:839-851);
 * and the English rules medspaCy ships from pyConText (context_rules.json). Additions of ours are
 * marked where they go beyond those lists.
 */

/** Pre-negations (NegEx "PREN"): the scope runs forward. */
// prettier-ignore
const PRE_NEGATIONS = [
  'no', 'not', 'without', 'w/o', 'denies', 'denied', 'deny', 'denying', 'negative for', 'neg for', 'no evidence of',
  'no evidence for', 'no evidence', 'no new evidence of', 'no radiographic evidence of', 'no sign of', 'no signs of',
  'no history of', 'no hx of', 'no h/o', 'no findings of', 'no complaints of', 'no suggestion of', 'no significant',
  'no suspicious', 'no abnormal', 'no new', 'no known', 'no definite', 'never', 'never had', 'never developed',
  'never diagnosed with', 'never been diagnosed with', 'not diagnosed with', 'has not been diagnosed with',
  'absence of', 'absent', 'free of', 'ruled out', 'ruled out for', 'rules out', 'ruled him out for',
  'ruled her out for', 'does not have', 'did not have', "doesn't have", "didn't have", 'not have', 'has not had',
  'have not had', 'not known to have', 'not associated with', 'not consistent with', 'inconsistent with',
  'not suggestive of', 'not demonstrate', 'fails to reveal', 'failed to reveal', 'unremarkable for', 'clear of',
  'lack of', 'lacks', 'lacking', 'lacked', 'with no', 'neither', 'nor', 'none', 'patient was not', 'pt was not',
];

/** Post-negations (NegEx "POST"): the scope runs back from the trigger. */
// prettier-ignore
const POST_NEGATIONS = [
  'was ruled out', 'is ruled out', 'has been ruled out', 'ruled out', 'is absent', 'absent', 'was absent',
  'was negative', 'is negative', 'negative', 'neg', 'has been negative', 'unlikely', 'is unlikely', 'was unlikely',
  'not likely', 'is not likely', 'not seen', 'not identified', 'not present', 'not found', 'not noted', 'not evident',
  'not demonstrated', 'not appreciated', 'not detected', 'not visualized', 'was excluded', 'is excluded', 'excluded',
  'free',
];

/** Post-negations that may follow a comma: "PE, ruled out", "ACS, unlikely". */
const POST_NEGATIONS_AFTER_COMMA = ['ruled out', 'was ruled out', 'excluded', 'unlikely', 'not likely'];

/** Answers closing a sentence of a review of systems: "Chest pain: denies.", "Edema - none." (ours). */
const FINAL_NEGATIONS = ['no', 'none', 'denies', 'denied', 'negative', 'absent', 'neg'];

/** Plural post-negations reach back over a list: "CHF, COPD and PE were ruled out". */
// prettier-ignore
const PLURAL_POST_NEGATIONS = [
  'were ruled out', 'are ruled out', 'have been ruled out', 'are absent', 'were absent', 'were negative',
  'are negative', 'were excluded', 'are excluded', 'are not seen', 'were not seen', 'are unlikely',
];

/**
 * Pseudo-negations: the NegEx list ("no increase", "not only", "gram negative", "no change", "not
 * drain", "not cause") and ours, where "not" negates a verb or a modifier rather than the condition:
 * "not taking his insulin for diabetes", "not well controlled diabetes", "triple negative breast
 * cancer", "ER negative", "no improvement in CHF symptoms" (the condition is still there).
 */
// prettier-ignore
const PSEUDO_NEGATIONS = [
  'no increase', 'no decrease', 'no change', 'no significant change', 'no interval change', 'no definite change',
  'no suspicious change', 'no improvement', 'no relief', 'not only', 'not necessarily', 'not drain', 'not extend',
  'not cause', 'gram negative', 'without difficulty', 'no doubt', 'without doubt', 'whether or not', 'not limited to',
  'not resolved', 'not fully resolved', 'not yet resolved', 'not taking', 'not been taking', 'not compliant',
  'not adherent', 'not on', 'not currently on', 'not tolerate', 'not tolerating', 'did not tolerate',
  'not controlled', 'not well controlled', 'not at goal', 'not optimally', 'not responding', 'not improved',
  'not improving', 'not worse', 'not stable', 'not well', 'not able', 'not started', 'not filled', 'not checked',
  'not follow', 'not followed', 'not follow up', 'no follow up', 'triple negative', 'er negative', 'pr negative',
  'her2 negative', 'receptor negative', 'hormone receptor negative', 'coagulase negative', 'coag negative',
  'rh negative', 'anca negative', 'ccp negative', 'rf negative', 'ana negative', 'free text', 'free water', 'free t4',
  'free t3',
];

/**
 * Termination terms for every category: ConText's conjunctions ("but", "however", "although",
 * "except", "apart from", "aside from", "yet", "still", "which") and medspaCy's "cause of", "source
 * of", "etiology of", "reason for", "origin of", "as a cause of", and the semicolon, which ends a
 * clause in clinical shorthand.
 */
// prettier-ignore
const TERMINATIONS = [
  'but', 'however', 'although', 'though', 'except', 'except for', 'apart from', 'aside from', 'yet', 'nevertheless',
  'still', 'which', 'whereas', 'cause of', 'cause for', 'causes of', 'source of', 'source for', 'etiology of',
  'etiology for', 'reason for', 'origin of', 'origin for', 'trigger for', 'as a cause of', 'as the cause of',
  'as a source of', 'as the source of', ';',
];

/**
 * Negation-only terminations (ours): words that begin a positive statement after a negated list,
 * "denies chest pain, reports dyspnea", "no fever, has CHF", "positive for", "significant for".
 */
// prettier-ignore
const NEGATION_TERMINATIONS = [
  'positive for', 'significant for', 'remarkable for', 'notable for', 'reports', 'reported', 'endorses', 'endorsed',
  'complains of', 'complaining of', 'c/o', 'admits to', 'presents with', 'presented with', 'presenting with', 'has',
  'now has', 'found to have', 'develops', 'developed', 'now with', 'known',
];

export const NEGATION_RULES: readonly TriggerRule[] = [
  ...forward('negated', PRE_NEGATIONS),
  ...backward('negated', POST_NEGATIONS),
  ...backward('negated', PLURAL_POST_NEGATIONS, { crossesCommas: true }),
  ...backward('negated', POST_NEGATIONS_AFTER_COMMA, { afterComma: true }),
  ...backward('negated', FINAL_NEGATIONS, { sentenceFinal: true, backwardWindow: 4 }),
  // "Negative depression screen", "Negative HIV test" (ours). Only at the start of a clause: elsewhere
  // "negative" before a disease names a kind of it ("node-negative breast cancer", "culture-negative
  // endocarditis", "Coombs negative hemolytic anemia").
  ...forward('negated', ['negative', 'neg'], { clauseInitial: true, forwardWindow: 3 }),
  ...pseudo(PSEUDO_NEGATIONS),
  ...terminate(TERMINATIONS),
  ...terminate(NEGATION_TERMINATIONS, ['negated']),
];
