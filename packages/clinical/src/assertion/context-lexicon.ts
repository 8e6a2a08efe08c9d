import { backward, both, forward, pseudo, terminate } from './trigger-rule';
import type { TriggerRule } from './trigger-rule';

/**
 * Hypothetical, historical and uncertain triggers. Sources: ConText's lexicon (Harkema H, Dowling JN,
 * Thornblade T, Chapman WW. J Biomed Inform 2009;42(5):839-851: hypothetical "if", "return", "should
 * [he] ..."; historical "history", "status post", "previous"; termination of historical scope by
 * "presents"), medspaCy's English ConText rules (possible existence: "possible", "r/o", "rule out",
 * "suspicious for", "concern for", "cannot rule out", "doubt"; hypothetical "risk of", "as needed"),
 * and the 2010 i2b2/VA assertion classes (Uzuner O et al. JAMIA 2011;18:552-556), which split
 * "possible" and "conditional" from present. Our additions are commented.
 */

// prettier-ignore
const HYPOTHETICAL_PRE = [
  'if', 'in case', 'in case of', 'in the event of', 'should he', 'should she', 'should they', 'should the patient',
  'should pt', 'should there be', 'should there', 'should any', 'should symptoms', 'return if', 'return for',
  'return with', 'come back if', 'come back for', 'call if', 'call for', 'as needed for', 'prn', 'p.r.n', 'risk of',
  'risk for', 'at risk for', 'at risk of', 'increased risk of', 'increased risk for', 'high risk for', 'high risk of',
  'to prevent', 'prevention of', 'prevent', 'prophylaxis for', 'prophylaxis against', 'monitor for', 'monitoring for',
  'watch for', 'may develop', 'might develop', 'could develop', 'can cause', 'may cause', 'could cause',
  'can lead to', 'may lead to', 'unless', 'precautions for', 'warning signs of',
];

/** "DVT prophylaxis", "seizure precautions", "albuterol for wheezing as needed", "stroke risk" (ours). */
const HYPOTHETICAL_POST = ['prophylaxis', 'precautions', 'as needed', 'prn', 'p.r.n', 'if needed', 'if present'];

/**
 * "Should chest pain develop, ..." (ConText's "should ... [develop]"): a clause-initial "should" is
 * the inverted conditional. Elsewhere "should" is advice ("should continue metformin for diabetes").
 */
const HYPOTHETICAL_INITIAL = ['should'];

/**
 * "History of" and its kin: the condition began in the past (it may or may not go on). "Status post"
 * is here too (ConText lists it as historical): after "s/p" comes either a past event ("s/p MI", "s/p
 * CVA": historical) or a lasting status or the disease a procedure treated ("s/p BKA", "s/p kidney
 * transplant", "s/p CABG for CAD"), which a chronic lexicon entry reads as present.
 */
// prettier-ignore
const HISTORY_PRE = [
  'history of', 'hx of', 'h/o', 'hist of', 'history significant for', 'history notable for', 'history remarkable for',
  'history positive for', 'history includes', 'medical history of', 'medical history significant for',
  'past medical history', 'past medical history of', 'past medical history significant for',
  'past medical history notable for', 'pmh', 'pmh of', 'pmh significant for', 'pmhx', 'pmhx of', 'past history of',
  'prior', 'previous', 'previously', 'prior history of', 'known history of', 'long history of',
  'longstanding history of', 'hx', 'medical hx of', 'status post', 's/p',
];

/** Words saying the condition has ended ("resolved", "former", "cured", "no longer": ours). */
// prettier-ignore
const ENDED_PRE = [
  'remote history of', 'distant history of', 'remote', 'old', 'former', 'resolution of', 'no longer', 'no longer has', 'recovered from', 'childhood', 'in the past',
];
// prettier-ignore
const ENDED_POST = [
  'in the past', 'resolved', 'has resolved', 'now resolved', 'since resolved', 'no longer present', 'as a child',
  'in childhood', 'cured', 'was cured', 'has been cured',
];

/**
 * Pseudo-historical: "history" as a section or a source, ages ("65 year old"), "prior to admission".
 */
// prettier-ignore
const HISTORICAL_PSEUDO = [
  'history of present illness', 'social history', 'history and physical', 'history obtained', 'history was obtained',
  'history taken', 'history from', 'history provided by', 'history limited', 'history is limited', 'prior to',
  'previous to', 'year old', 'years old', 'yr old', 'yo', 'y/o', 'y.o', 'month old', 'months old', 'day old',
  'days old', 'week old', 'weeks old', 'prior authorization', 'old records', 'old chart', 'old notes', 'old films',
  'old ekg', 'old ecg', 'compared to prior', 'compared with prior', 'unchanged from prior', 'prior study',
  'prior studies', 'prior exam',
];

/**
 * ConText closes historical scope at "presents" and similar; "now", "currently", "residual" and "here
 * for" are ours ("prior stroke with residual hemiparesis", "hx of HTN, here for f/u of her diabetes").
 */
// prettier-ignore
const HISTORICAL_TERMINATIONS = [
  'presents', 'presented', 'presenting', 'now', 'currently', 'current', 'today', 'this admission', 'admitted',
  'comes in', 'came in', 'recent', 'recently', 'new', 'new onset', 'active', 'residual', 'with residual',
  'here for', 'here with', 'here today', 'seen for', 'seen today', 'f/u', 'follow up', 'followup',
];

// prettier-ignore
const UNCERTAIN_PRE = [
  'possible', 'possibly', 'poss', 'probable', 'probably', 'likely', 'most likely', 'more likely', 'less likely',
  'suspect', 'suspicion of', 'suspicion for', 'suspicious for', 'suspicious of', 'concern for', 'concerning for',
  'concerned about', 'concern about', 'worrisome for', 'worried about', 'question of', 'query', 'r/o', 'rule out',
  'to rule out', 'ruling out', 'rule him out for', 'rule her out for', 'cannot rule out', 'can not rule out',
  "can't rule out", 'could not rule out', 'did not rule out', 'does not rule out', 'cannot exclude',
  'can not exclude', "can't exclude", 'could not exclude', 'differential includes', 'differential diagnosis includes',
  'differential diagnosis of', 'differential diagnosis', 'ddx', 'ddx of', 'ddx includes', 'may have', 'might have',
  'may be', 'might be', 'could be', 'could have', 'may represent', 'might represent', 'could represent',
  'may reflect', 'presumed', 'presumptive', 'presumably', 'suggestive of', 'suggests', 'suggesting', 'evaluate for',
  'evaluation for', 'evaluated for', 'eval for', 'work up for', 'workup for', 'assess for', 'assessment for',
  'check for', 'test for', 'testing for', 'screen for', 'screening for', 'to exclude', 'to evaluate for',
  'equivocal for', 'indeterminate for', 'uncertain if', 'uncertain whether', 'unclear if', 'unclear whether',
  'not sure if', 'not sure whether', 'not certain whether', 'not certain if', 'unsure if', 'unsure whether', 'doubt',
  'not unlikely', 'cannot be ruled out', 'in the differential',
];

// prettier-ignore
const UNCERTAIN_POST = [
  'is suspected', 'was suspected', 'is possible', 'is questionable', 'cannot be ruled out', 'can not be ruled out',
  "can't be ruled out", 'could not be ruled out', 'not ruled out', 'not been ruled out', 'has not been ruled out',
  'was not ruled out', 'cannot be excluded', 'can not be excluded', "can't be excluded", 'could not be excluded',
  'not excluded', 'not been excluded', 'to be ruled out', 'is to be ruled out', 'needs to be ruled out',
  'must be ruled out', 'should be ruled out', 'will be ruled out', 'being ruled out', 'may be ruled out',
  'to be excluded', 'is in the differential', 'on the differential', 'is a consideration', 'not unlikely',
  'is not unlikely', 'less likely', 'more likely', 'is likely', 'is probable', 'equivocal', 'indeterminate',
];

export const CONTEXT_RULES: readonly TriggerRule[] = [
  ...forward('hypothetical', HYPOTHETICAL_PRE),
  ...forward('hypothetical', HYPOTHETICAL_INITIAL, { clauseInitial: true }),
  ...backward('hypothetical', HYPOTHETICAL_POST, { backwardWindow: 3 }),
  ...backward('hypothetical', ['risk'], { backwardWindow: 2 }),
  ...terminate(['because', 'because of', 'since', 'given', 'due to', 'secondary to'], ['hypothetical']),
  ...forward('historical', HISTORY_PRE),
  ...forward('historical', ENDED_PRE, { ended: true }),
  ...backward('historical', ENDED_POST, { ended: true, afterComma: true }),
  ...backward('historical', ['ago'], { ago: true }),
  ...pseudo(HISTORICAL_PSEUDO),
  ...terminate(HISTORICAL_TERMINATIONS, ['historical']),
  ...forward('uncertain', UNCERTAIN_PRE),
  // "Suspicion for myeloma given anemia": the evidence after "given" is stated, not suspected (ours).
  ...terminate(['given', 'in view of', 'in light of'], ['uncertain']),
  ...backward('uncertain', UNCERTAIN_POST),
  // "CHF vs COPD", "? CHF", "CHF?", "suspected CHF" and "CHF, suspected" reach both ways, briefly.
  ...both('uncertain', ['vs', 'vs.', 'versus'], { forwardWindow: 4, backwardWindow: 4, crossesCommas: true }),
  ...both('uncertain', ['?', 'questionable', 'suspected'], { forwardWindow: 4, backwardWindow: 3 }),
];
