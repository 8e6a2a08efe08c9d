import type { ProcedureRecord } from '../../record';
import { getSuspectingReference } from '../reference';
import { diagnosisEvidence, procedureEvidence, type RuleFinding, type SuspectRule } from './rule';
import type { SuggestionEvidence } from '../types';

const STATUS_SOURCE =
  'ICD-10-CM Official Guidelines FY2026 I.C.21.c.3 (status Z codes: Z89 acquired absence of limb, Z93 artificial opening status)';

/** Amputation levels and the Z89 subcategory of each (right 1, left 2, unspecified side 9). */
type AmputationLevel =
  | 'great-toe'
  | 'toe'
  | 'foot'
  | 'ankle'
  | 'below-knee'
  | 'knee'
  | 'above-knee'
  | 'hip'
  | 'thumb'
  | 'finger'
  | 'hand'
  | 'below-elbow'
  | 'above-elbow'
  | 'shoulder';
const LEVEL_CODES: Record<AmputationLevel, string> = {
  'great-toe': 'Z8941',
  toe: 'Z8942',
  foot: 'Z8943',
  ankle: 'Z8944',
  'below-knee': 'Z8951',
  knee: 'Z8952',
  'above-knee': 'Z8961',
  hip: 'Z8962',
  thumb: 'Z8901',
  finger: 'Z8902',
  hand: 'Z8911',
  'below-elbow': 'Z8921',
  'above-elbow': 'Z8922',
  shoulder: 'Z8923',
};

/** CPT amputation codes (AMA CPT 2025, musculoskeletal system) and their level. */
const AMPUTATION_CPT: Record<string, AmputationLevel> = {
  '27590': 'above-knee',
  '27591': 'above-knee',
  '27592': 'above-knee',
  '27596': 'above-knee',
  '27598': 'above-knee',
  '27880': 'below-knee',
  '27881': 'below-knee',
  '27882': 'below-knee',
  '27886': 'below-knee',
  '27888': 'ankle',
  '27889': 'ankle',
  '28800': 'foot',
  '28805': 'foot',
  '28810': 'toe',
  '28820': 'toe',
  '28825': 'toe',
  '27290': 'hip',
  '27295': 'hip',
  '26910': 'finger',
  '26951': 'finger',
  '26952': 'finger',
  '25920': 'hand',
  '25927': 'hand',
  '25900': 'below-elbow',
  '25905': 'below-elbow',
  '24900': 'above-elbow',
  '24920': 'above-elbow',
};

/** Levels named in a procedure's or a condition's words, most proximal first. */
const LEVEL_WORDS: readonly [RegExp, AmputationLevel][] = [
  [/hip disarticulation|hemipelvectomy|hip joint/i, 'hip'],
  [/above[- ]knee|transfemoral|\baka\b|through femur|thigh|between \w* ?hip and knee/i, 'above-knee'],
  [/knee level|knee disarticulation|through[- ]knee/i, 'knee'],
  [/below[- ]knee|transtibial|\bbka\b|through tibia|lower leg/i, 'below-knee'],
  [/\bsyme\b|ankle/i, 'ankle'],
  [/transmetatarsal|midfoot|chopart|lisfranc|\bfoot\b/i, 'foot'],
  [/great toe|hallux/i, 'great-toe'],
  [/\btoes?\b/i, 'toe'],
  [/shoulder joint|shoulder disarticulation|forequarter/i, 'shoulder'],
  [/above[- ]elbow|transhumeral|\barm\b|between \w* ?shoulder and elbow|elbow level/i, 'above-elbow'],
  [/below[- ]elbow|transradial|forearm|between \w* ?elbow and wrist/i, 'below-elbow'],
  [/\bthumb\b/i, 'thumb'],
  [/\bfingers?\b/i, 'finger'],
  [/\bhand\b|wrist|transmetacarpal/i, 'hand'],
];
const AMPUTATION_WORDS = /amputation|disarticulation|amputee|acquired absence/i;
/** Not an amputation that happened, or not a whole limb segment lost ("partial traumatic amputation"). */
const NOT_DONE = /\b(revision|refus|declin|planned|scheduled|prevent|partial)/i;

function levelOf(code: string, display: string): AmputationLevel | undefined {
  const byCode = AMPUTATION_CPT[code];
  const isNamed = AMPUTATION_WORDS.test(display) && !NOT_DONE.test(display);
  const byWords = isNamed || byCode ? LEVEL_WORDS.find(([pattern]) => pattern.test(display))?.[1] : undefined;
  // CPT 28810-28825 cover any toe; the words say whether it was the great toe.
  if (byCode === 'toe' && byWords === 'great-toe') return byWords;
  return byCode ?? (isNamed ? byWords : undefined);
}

function sidesOf(text: string): string[] {
  const lower = text.toLowerCase();
  if (/\bbilateral\b|\bboth\b/.test(lower)) return ['1', '2'];
  const sides = [];
  if (/\bright\b/.test(lower)) sides.push('1');
  if (/\bleft\b/.test(lower)) sides.push('2');
  return sides.length > 0 ? sides : ['9'];
}

/** Traumatic amputation diagnoses (S48, S58, S68, S78, S88, S98) leave the same status; their titles name level and side. */
const TRAUMATIC_AMPUTATION = ['S48', 'S58', 'S68', 'S78', 'S88', 'S98'];

function addStatus(
  found: Map<string, SuggestionEvidence[]>,
  codes: readonly string[],
  evidence: SuggestionEvidence,
): void {
  for (const code of codes) {
    const list = found.get(code) ?? [];
    list.push(evidence);
    found.set(code, list);
  }
}

export const amputationStatusRule: SuspectRule = {
  id: 'amputation-status',
  kind: 'meets-diagnostic-criteria',
  source: `${STATUS_SOURCE}; CPT amputation procedures 24900-28825; traumatic amputation S48-S98`,
  evaluate(index) {
    const found = new Map<string, SuggestionEvidence[]>();
    for (const procedure of index.procedures) {
      const level = levelOf(procedure.code, procedure.display);
      if (level)
        addStatus(
          found,
          sidesOf(procedure.display).map((side) => LEVEL_CODES[level] + side),
          procedureEvidence(procedure, this),
        );
    }
    const reference = getSuspectingReference();
    const traumatic = TRAUMATIC_AMPUTATION.flatMap((category) => index.diagnosesByCategory.get(category) ?? []);
    for (const diagnosis of traumatic) {
      const title = reference.describe(diagnosis.code)?.description ?? diagnosis.display;
      const level = /amputation/i.test(title) ? levelOf('', title) : undefined;
      if (level)
        addStatus(
          found,
          sidesOf(title).map((side) => LEVEL_CODES[level] + side),
          diagnosisEvidence(diagnosis, this),
        );
    }
    return [...found].map(([code, evidence]) => ({ code, evidence }));
  },
};

/** Artificial openings: CPT creation codes (AMA CPT 2025) and words, with their Z93 code. */
const OSTOMY_CPT: Record<string, string> = {
  '31600': 'Z930',
  '31601': 'Z930',
  '31603': 'Z930',
  '31605': 'Z930',
  '31610': 'Z930',
  '43246': 'Z931',
  '43653': 'Z931',
  '43830': 'Z931',
  '43832': 'Z931',
  '49440': 'Z931',
  '44310': 'Z932',
  '44187': 'Z932',
  '44150': 'Z932',
  '44151': 'Z932',
  '44155': 'Z932',
  '44156': 'Z932',
  '44212': 'Z932',
  '44320': 'Z933',
  '44322': 'Z933',
  '44188': 'Z933',
  '44141': 'Z933',
  '44143': 'Z933',
  '44144': 'Z933',
  '44206': 'Z933',
  '51040': 'Z9350',
  '50040': 'Z936',
  '50432': 'Z936',
  '50820': 'Z936',
};
const OSTOMY_WORDS: readonly [RegExp, string][] = [
  [/tracheostomy|tracheotomy/i, 'Z930'],
  [/gastrostomy|\bpeg tube\b/i, 'Z931'],
  [/ileostomy/i, 'Z932'],
  [/colostomy/i, 'Z933'],
  [/jejunostomy/i, 'Z934'],
  [/cystostomy/i, 'Z9350'],
  [/nephrostomy|urostomy|ureterostomy|ileal conduit/i, 'Z936'],
];
/** CPT closures: 31820/31825 tracheostoma, 43870 gastrostomy, 44620/44625/44626/44227 enterostomy. */
const CLOSURE_CPT: Record<string, readonly string[]> = {
  '31820': ['Z930'],
  '31825': ['Z930'],
  '43870': ['Z931'],
  '44620': ['Z932', 'Z933', 'Z934'],
  '44625': ['Z932', 'Z933', 'Z934'],
  '44626': ['Z932', 'Z933', 'Z934'],
  '44227': ['Z932', 'Z933', 'Z934'],
};
const CLOSURE_WORDS = /closure|takedown|take-down|reversal|removal|reanastomosis/i;

function ostomyEvent(procedure: ProcedureRecord): { codes: readonly string[]; isClosure: boolean } | undefined {
  const closed = CLOSURE_CPT[procedure.code];
  if (closed) return { codes: closed, isClosure: true };
  const created = OSTOMY_CPT[procedure.code];
  if (created) return { codes: [created], isClosure: false };
  const match = OSTOMY_WORDS.find(([pattern]) => pattern.test(procedure.display));
  return match ? { codes: [match[1]], isClosure: CLOSURE_WORDS.test(procedure.display) } : undefined;
}

export const ostomyStatusRule: SuspectRule = {
  id: 'ostomy-status',
  kind: 'meets-diagnostic-criteria',
  source: `${STATUS_SOURCE}; an opening closed later (takedown, closure, reversal) is no longer a status`,
  evaluate(index) {
    const open = new Map<string, SuggestionEvidence[]>();
    const sorted = [...index.procedures].sort((left, right) => (left.date < right.date ? -1 : 1));
    for (const procedure of sorted) {
      const event = ostomyEvent(procedure);
      if (!event) continue;
      for (const code of event.codes) {
        if (event.isClosure) open.delete(code);
        else open.set(code, [...(open.get(code) ?? []), procedureEvidence(procedure, this)]);
      }
    }
    const findings: RuleFinding[] = [];
    for (const [code, evidence] of open) findings.push({ code, evidence });
    return findings;
  },
};
