import { ACUTE_DIAGNOSES, type AcuteDiagnosis, type StayKind } from './acute-diagnoses';
import {
  ATRIAL_FIBRILLATION,
  CKD_3A,
  COPD,
  DEPRESSION,
  DIABETES,
  HEART_FAILURE,
  type ChronicCondition,
} from './catalog';
import type { PatientContext } from './generate-patient';
import { addDays, daysBetween, drawFor, pickWeighted, poisson, type Draw } from './random';

/** A hospital stay or emergency visit, before it becomes rows. */
export interface Stay {
  kind: StayKind;
  admit: string;
  discharge: string;
  diagnosis: AcuteDiagnosis;
  /** Known only from claims: an outside hospital, or a year before the EHR history. */
  isClaimOnly: boolean;
}

/** A patient's stays, and what followed their latest discharge when it was in the last two weeks. */
export interface StayPlan {
  stays: Stay[];
  /** The visit after a recent discharge, done already (a transitional care visit). */
  followUpVisit?: { date: string; code: string };
  /** The visit after a recent discharge, booked for a day to come. */
  followUpBooked?: string;
}

/** Salts of the sequences drawn apart from the clinical history's, so the history stays as it was. */
const STAYS_SALT = 0x5a1e;
const RECENT_SALT = 0x7c3a;

/**
 * Admissions a year by age (AHRQ HCUP: about 60 per 1,000 adults under 65, 250-300 per 1,000 past 85),
 * raised by the conditions that fill hospitals: heart failure raises it by about 60 %, COPD, CKD,
 * diabetes and atrial fibrillation less so.
 */
function admissionRate(context: PatientContext): number {
  const { age } = context;
  const base = age >= 85 ? 0.2 : age >= 75 ? 0.13 : age >= 65 ? 0.085 : age >= 45 ? 0.05 : 0.03;
  return Math.min(1, base * riskFactor(context));
}

const RISK: readonly [ChronicCondition, number][] = [
  [HEART_FAILURE, 1.6],
  [COPD, 1.7],
  [CKD_3A, 1.4],
  [DIABETES, 1.2],
  [ATRIAL_FIBRILLATION, 1.2],
  [DEPRESSION, 1.1],
];

function riskFactor(context: PatientContext): number {
  return RISK.reduce(
    (factor, [condition, raise]) => (context.conditions.includes(condition) ? factor * raise : factor),
    1,
  );
}

/** Emergency visits that send the patient home: about 300-450 per 1,000 a year, more with age and illness. */
function emergencyRate(context: PatientContext): number {
  const base = context.age >= 75 ? 0.36 : context.age >= 65 ? 0.28 : 0.3;
  return base * Math.sqrt(riskFactor(context));
}

/** Admissions peak in winter (influenza, pneumonia, heart failure), by month. */
const SEASON = [1.3, 1.25, 1.1, 0.95, 0.9, 0.85, 0.85, 0.85, 0.9, 1, 1.1, 1.25];

function seasonalDate(draw: Draw, from: string, to: string): string {
  const span = daysBetween(from, to);
  for (let attempt = 0; ; attempt += 1) {
    const date = addDays(from, draw.integer(0, span));
    const month = Number(date.slice(5, 7)) - 1;
    if (attempt >= 8 || draw.next() < (SEASON[month] ?? 1) / 1.3) return date;
  }
}

/** The first day of the years claims cover (`claimYears` calendar years up to today). */
export function claimsStart(context: PatientContext): string {
  return `${String(context.year - (context.options.claimYears ?? 3) + 1)}-01-01`;
}

/** The first day of the EHR history (three calendar years): stays before it are known from claims only. */
export function historyStart(context: PatientContext): string {
  return `${String(context.year - 2)}-01-01`;
}

/**
 * Whether a stay on `date` may code the patient's chronic conditions. The recapture scenario is built
 * on diabetes and heart failure not coded yet this year, so its stays this year name acute problems only.
 */
export function mayCodeChronic(context: PatientContext, date: string): boolean {
  return context.scenario !== 'recapture' || date < `${String(context.year)}-01-01`;
}

function dischargeDiagnosis(
  context: PatientContext,
  draw: Draw,
  stay: { kind: StayKind; admit: string },
): AcuteDiagnosis {
  const codesChronic = mayCodeChronic(context, stay.admit);
  const candidates = ACUTE_DIAGNOSES.filter(
    (diagnosis) =>
      (diagnosis.weights[stay.kind] ?? 0) > 0 &&
      context.age >= (diagnosis.minAge ?? 0) &&
      (!diagnosis.requires || diagnosis.requires.some((condition) => context.conditions.includes(condition))) &&
      (codesChronic || !diagnosis.isExacerbation),
  );
  return pickWeighted(draw, candidates, (diagnosis) => diagnosis.weights[stay.kind] ?? 0);
}

/** Inpatient stays last 2-9 days (mean about 4.5, CMS's average Medicare stay), longer for sepsis and fractures. */
function lengthOfStay(draw: Draw, kind: StayKind, diagnosis: AcuteDiagnosis): number {
  if (kind === 'emergency') return 0;
  if (kind === 'observation') return draw.chance(0.7) ? 1 : 2;
  const days = pickWeighted(draw, [2, 3, 4, 5, 6, 7, 8, 9], (day) => [20, 22, 18, 13, 10, 7, 5, 5][day - 2] ?? 0);
  return Math.min(9, days + (diagnosis.costWeight >= 1.5 ? 1 : 0));
}

function newStay(context: PatientContext, draw: Draw, kind: StayKind, admit: string): Stay {
  const diagnosis = dischargeDiagnosis(context, draw, { kind, admit });
  const discharge = addDays(admit, lengthOfStay(draw, kind, diagnosis));
  return { kind, admit, discharge, diagnosis, isClaimOnly: admit < historyStart(context) || draw.chance(0.06) };
}

/**
 * The patient's inpatient stays, observation stays and emergency visits over the claims years, drawn
 * from their age and conditions; about one inpatient discharge in seven is followed by a readmission
 * within 30 days (CMS's all-cause rate is 15-17 %); a few patients were discharged in the last two
 * weeks (the transitional-care worklist). Same patient, same plan; nothing after yesterday.
 */
export function planStays(context: PatientContext): StayPlan {
  const draw = drawFor(context.options.seed ^ STAYS_SALT, context.options.index);
  const from = claimsStart(context);
  const yesterday = addDays(context.options.today, -1);
  const years = daysBetween(from, yesterday) / 365;
  const rate = admissionRate(context);
  const drawn: Stay[] = [];
  const add = (kind: StayKind, mean: number) => {
    for (let count = poisson(draw, mean); count > 0; count -= 1)
      drawn.push(newStay(context, draw, kind, seasonalDate(draw, from, yesterday)));
  };
  add('inpatient', rate * years);
  add('observation', 0.45 * rate * years);
  add('emergency', emergencyRate(context) * years);
  let stays = withoutOverlaps(drawn);
  const readmissionChance = context.conditions.some((condition) => condition === HEART_FAILURE || condition === COPD)
    ? 0.2
    : 0.14;
  for (const stay of stays.filter((candidate) => candidate.kind === 'inpatient')) {
    if (!draw.chance(readmissionChance)) continue;
    const admit = addDays(stay.discharge, draw.integer(1, 29));
    if (admit >= yesterday) continue;
    const readmission = newStay(context, draw, 'inpatient', admit);
    // Half come back with the same problem (unless that would code a chronic condition this scenario must not).
    const isSame = draw.chance(0.5) && (!stay.diagnosis.isExacerbation || mayCodeChronic(context, admit));
    stays.push(isSame ? { ...readmission, diagnosis: stay.diagnosis } : readmission);
  }
  stays = withoutOverlaps(stays).filter((stay) => stay.discharge <= yesterday);
  return withRecentDischarge(context, stays, rate);
}

/** Stays in admission order, each after the one before has ended. */
function withoutOverlaps(stays: readonly Stay[]): Stay[] {
  const sorted = [...stays].sort((left, right) => (left.admit < right.admit ? -1 : left.admit > right.admit ? 1 : 0));
  const kept: Stay[] = [];
  for (const stay of sorted) {
    const last = kept.at(-1);
    if (!last || stay.admit > last.discharge) kept.push(stay);
  }
  return kept;
}

/**
 * Whether patient `index` is one of the one in eighty (more of the sick and old) discharged in the last
 * two weeks on top of the stays drawn at random. Chosen by the golden-ratio sequence rather than a draw,
 * so that every run of patients holds its share (3 of the demo's 240, give or take one), not 0 or 9.
 */
function isRecentlyDischarged(index: number, rate: number): boolean {
  const spread = (index * 0.618_033_988_75) % 1;
  return spread < (1 / 80) * Math.min(4, rate / 0.15);
}

/**
 * A few patients were discharged in the last two weeks on top of the stays drawn above (see
 * `isRecentlyDischarged`). After the latest discharge of those two weeks, about a third have been seen
 * (a transitional care visit: CPT 99496 after an admission, 99495 after observation), a fifth have the
 * visit booked, the rest neither: the patients a care manager calls this week.
 */
function withRecentDischarge(context: PatientContext, stays: Stay[], rate: number): StayPlan {
  const { today } = context.options;
  const draw = drawFor(context.options.seed ^ RECENT_SALT, context.options.index);
  const plan: StayPlan = { stays };
  if (isRecentlyDischarged(context.options.index, rate)) {
    const kind: StayKind = draw.chance(0.7) ? 'inpatient' : 'observation';
    const discharge = addDays(today, -draw.integer(1, 13));
    const diagnosis = dischargeDiagnosis(context, draw, { kind, admit: discharge });
    const admit = addDays(discharge, -lengthOfStay(draw, kind, diagnosis));
    const recent: Stay = { kind, admit, discharge, diagnosis, isClaimOnly: false };
    plan.stays = [...stays.filter((stay) => stay.discharge < addDays(admit, -1)), recent];
  }
  const latest = plan.stays.at(-1);
  const isRecent =
    latest !== undefined &&
    latest.kind !== 'emergency' &&
    !latest.isClaimOnly &&
    latest.discharge >= addDays(today, -13);
  if (!isRecent) return plan;
  const since = daysBetween(latest.discharge, today);
  const outcome = draw.next();
  if (outcome < 0.35 && since >= 2 && context.scenario !== 'no-visit-this-year')
    plan.followUpVisit = {
      date: addDays(latest.discharge, draw.integer(1, Math.min(7, since - 1))),
      code: latest.kind === 'inpatient' ? '99496' : '99495',
    };
  else if (outcome < 0.55) plan.followUpBooked = addDays(today, draw.integer(1, 10));
  return plan;
}
