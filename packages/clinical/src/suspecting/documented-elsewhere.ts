import { compileLexicon, findMentions, type CompiledLexicon, type Mention } from '../assertion';
import type { ConditionRecord } from '../record';
import { BLOCKED_PREFIX, CONDITION_LEXICON } from './condition-lexicon';
import { isChronic, isCombiningChronicCondition, recaptureCode } from './chronic';
import { datePart } from './dates';
import type { PatientIndex } from './patient-index';
import { getSuspectingReference } from './reference';
import type { SuspectRule } from './rules/rule';
import type { SuggestionEvidence } from './types';

let compiled: CompiledLexicon | undefined;
const CHRONIC_ENTRIES = new Set(CONDITION_LEXICON.filter((entry) => entry.chronic === true).map((entry) => entry.id));

function lexicon(): CompiledLexicon {
  compiled ??= compileLexicon(CONDITION_LEXICON);
  return compiled;
}

/**
 * Words around a condition that make it the subject of a test, a screen, a risk or prevention
 * rather than a diagnosis ("dementia screening", "screening for HIV", "risk of malnutrition",
 * "HIV prevention"). ConText has no category for these; they are left out here.
 */
const NOT_A_DIAGNOSIS_AFTER =
  /^[\s:,-]*(screen|screening|test|testing|assessment|evaluation|work-?up|prevention|prophylaxis|education|risk)\b/i;
const NOT_A_DIAGNOSIS_BEFORE =
  /\b(screen(ing)? for|risk (of|for)|prevention of|education (on|about)|evaluat(e|ion) for|test(ing)? for|work-?up for)\s*$/i;
const CONTEXT_CHARACTERS = 30;

function isAboutTheCondition(text: string, start: number, end: number): boolean {
  const after = text.slice(end, end + CONTEXT_CHARACTERS);
  const before = text.slice(Math.max(0, start - CONTEXT_CHARACTERS), start);
  return !NOT_A_DIAGNOSIS_AFTER.test(after) && !NOT_A_DIAGNOSIS_BEFORE.test(before);
}

/**
 * Mentions asserted of the patient now. Where two present mentions overlap, the longer one is the
 * statement ("CKD stage 4" rather than the "CKD" inside it; "paroxysmal atrial fibrillation" rather
 * than "atrial fibrillation").
 */
export function presentMentions(text: string): Mention[] {
  const present = findMentions(text, lexicon()).filter(
    (mention) => mention.assertion === 'present' && isAboutTheCondition(text, mention.start, mention.end),
  );
  return present.filter(
    (mention) =>
      !mention.entryId.startsWith(BLOCKED_PREFIX) &&
      !present.some(
        (other) =>
          other !== mention &&
          other.start <= mention.start &&
          other.end >= mention.end &&
          other.end - other.start > mention.end - mention.start,
      ),
  );
}

/** Condition displays repeat across patients ("Diabetes mellitus type 2 (disorder)"): read each once. */
const displayMentions = new Map<string, Mention[]>();
const DISPLAY_CACHE_LIMIT = 20_000;

/**
 * A coded condition's display is a title, whose commas qualify rather than list ("Major depressive
 * disorder, recurrent, moderate"): it is read as one phrase (a comma becomes a space, same length).
 */
function mentionsInDisplay(display: string): Mention[] {
  let mentions = displayMentions.get(display);
  if (!mentions) {
    mentions = presentMentions(display.replaceAll(',', ' '));
    if (displayMentions.size >= DISPLAY_CACHE_LIMIT) displayMentions.clear();
    displayMentions.set(display, mentions);
  }
  return mentions;
}

function add(found: Map<string, SuggestionEvidence[]>, code: string, evidence: SuggestionEvidence): void {
  const list = found.get(code);
  if (list) list.push(evidence);
  else found.set(code, [evidence]);
}

function conditionEvidence(condition: ConditionRecord, rule: SuspectRule, text: string): SuggestionEvidence {
  const evidence: SuggestionEvidence = {
    resourceType: 'Condition',
    resourceId: condition.id,
    date: datePart(condition.date),
    source: condition.source,
    text,
    ruleId: rule.id,
    ruleSource: rule.source,
  };
  const code = condition.icdCode ?? condition.snomedCode;
  if (code !== undefined) evidence.code = code;
  return evidence;
}

export const documentedElsewhereRule: SuspectRule = {
  id: 'documented-elsewhere',
  kind: 'documented-elsewhere',
  source:
    'Stated in a document (this or last calendar year) or a partner organisation (HIE) record (this or the two prior calendar years); negated, hypothetical, historical, family-history and uncertain mentions excluded (NegEx, Chapman 2001; ConText, Harkema 2009); ICD-10-CM Guidelines IV.H (uncertain diagnoses are not coded)',
  evaluate(index: PatientIndex) {
    const found = new Map<string, SuggestionEvidence[]>();
    for (const document of index.documents) {
      for (const mention of presentMentions(document.text)) {
        add(found, mention.entryId, {
          resourceType: 'DocumentReference',
          resourceId: document.id,
          date: datePart(document.date),
          source: document.source,
          text: mention.snippet,
          ruleId: this.id,
          ruleSource: this.source,
        });
      }
    }
    const reference = getSuspectingReference();
    for (const condition of index.uncodedConditions) {
      // A condition dated before this year must be chronic to be current now (as for recapture).
      const isOld = datePart(condition.date) < index.yearStart;
      const code = condition.icdCode === undefined ? undefined : recaptureCode(condition.icdCode);
      if (code !== undefined && reference.describe(code)?.billable === true) {
        const isCurrent =
          !isOld ||
          isChronic(code, reference.hccsOf(code, 'v28', index.person), 'v28') ||
          isChronic(code, reference.hccsOf(code, 'v24', index.person), 'v24') ||
          isCombiningChronicCondition(code);
        if (isCurrent) add(found, code, conditionEvidence(condition, this, condition.display));
        continue;
      }
      for (const mention of mentionsInDisplay(condition.display)) {
        if (isOld && !CHRONIC_ENTRIES.has(mention.entryId)) continue;
        add(found, mention.entryId, conditionEvidence(condition, this, condition.display));
      }
    }
    return [...found].map(([code, evidence]) => ({ code, evidence }));
  },
};
