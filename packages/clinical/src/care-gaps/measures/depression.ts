/**
 * CMS2 Preventive Care and Screening: Screening for Depression and Follow-Up Plan (CMS2v14 for 2025,
 * v15 for 2026; PCSDepressionScreenAndFollowUpFHIR, cqframework/ecqm-content-qicore-2025).
 */
import type { CodeList } from '../code-list';
import { addDays, minDate } from '../dates';
import { ageAtPeriodStart, buildGap, checkAge, type MeasureDefinition } from '../gap-builder';
import {
  findDiagnoses,
  findEncounters,
  findMedications,
  findProcedures,
  type Finding,
  type MeasureContext,
} from '../record-query';
import type { CareGap } from '../types';
import { DEPRESSION_SCREENING_ENCOUNTER } from '../value-sets/encounters';
import * as preventive from '../value-sets/preventive';
import { BIPOLAR_DISORDER } from '../value-sets/exclusion-conditions';
import type { ObservationRecord } from '../../record';

export const CMS2: MeasureDefinition = {
  id: 'CMS2',
  title: 'Screening for Depression and Follow-Up Plan',
  inverse: false,
  versions: { 2025: 'CMS2v14', 2026: 'CMS2v15' },
};

/**
 * Standard instruments whose total score stands in for the positive/negative finding the measure asks
 * for, at their published cut-offs: PHQ-9 >= 10 (Kroenke 2001) and PHQ-2 >= 3 (Kroenke 2003).
 */
const SCORED_INSTRUMENTS: Record<string, { name: string; positiveAt: number }> = {
  '44261-6': { name: 'PHQ-9', positiveAt: 10 },
  '55758-7': { name: 'PHQ-2', positiveAt: 3 },
};

interface Screening {
  reading: ObservationRecord;
  positive: boolean;
  description: string;
}

/** The screening's result, or `undefined` when it carries none the measure can read. */
function readScreening(reading: ObservationRecord, age: number): Screening | undefined {
  const isAdult = reading.loinc === preventive.ADULT_DEPRESSION_SCREENING_LOINC;
  const isAdolescent = reading.loinc === preventive.ADOLESCENT_DEPRESSION_SCREENING_LOINC;
  // Adolescent assessment for ages 12-17 at the period start, adult assessment for 17 and over.
  if ((isAdult && age < 17) || (isAdolescent && age > 17)) return undefined;
  if (isAdult || isAdolescent) {
    if (reading.valueCode === preventive.DEPRESSION_SCREEN_POSITIVE) {
      return { reading, positive: true, description: 'Depression screening positive' };
    }
    if (reading.valueCode === preventive.DEPRESSION_SCREEN_NEGATIVE) {
      return { reading, positive: false, description: 'Depression screening negative' };
    }
    return undefined;
  }
  const instrument = SCORED_INSTRUMENTS[reading.loinc];
  if (!instrument || reading.value === undefined) return undefined;
  const positive = reading.value >= instrument.positiveAt;
  const verdict = positive ? `>= ${instrument.positiveAt}: positive` : `< ${instrument.positiveAt}: negative`;
  return { reading, positive, description: `${instrument.name} score ${reading.value} (${verdict})` };
}

/** Screenings dated 14 days or less on or before a qualifying encounter, the latest first in time. */
function findMostRecentScreening(context: MeasureContext, encounters: readonly Finding[], age: number) {
  let best: { screening: Screening; encounter: Finding } | undefined;
  const windows = encounters.map((encounter) => ({ encounter, from: addDays(encounter.date, -14) }));
  for (const reading of context.record.observations) {
    if (reading.date > context.asOf) continue;
    const screening = readScreening(reading, age);
    if (!screening) continue;
    const encounter = windows.find(
      (item) => reading.date <= item.encounter.date && reading.date >= item.from,
    )?.encounter;
    if (encounter && (!best || reading.date > best.screening.reading.date)) best = { screening, encounter };
  }
  return best;
}

interface FollowUpSets {
  lists: CodeList[];
  ingredients: readonly string[];
}

/** The follow-up value sets for the patient's age at the period start (adolescent to 16, both at 17, adult from 18). */
function followUpSets(age: number): FollowUpSets {
  const adolescent = {
    lists: [preventive.ADOLESCENT_DEPRESSION_FOLLOW_UP],
    ingredients: preventive.ADOLESCENT_DEPRESSION_MEDICATION_INGREDIENTS,
  };
  const adult = {
    lists: [preventive.ADULT_DEPRESSION_FOLLOW_UP],
    ingredients: preventive.ADULT_DEPRESSION_MEDICATION_INGREDIENTS,
  };
  if (age <= 16) return adolescent;
  if (age >= 18) return adult;
  return { lists: [...adolescent.lists, ...adult.lists], ingredients: adult.ingredients };
}

/**
 * Follow-up on the day of the encounter, or ordered up to two days after it, within the period; from
 * 2026 (CMS2v15) also an antidepressant already active on the day of the encounter.
 */
function findFollowUp(context: MeasureContext, encounter: Finding, age: number): Finding | undefined {
  const to = minDate(addDays(encounter.date, 2), context.periodEnd);
  const { lists, ingredients } = followUpSets(age);
  return [
    ...lists.flatMap((list) => findProcedures(context, list, encounter.date, to)),
    ...findMedications(context, { ingredients, from: encounter.date, to, timing: 'starts' }),
    ...(context.year >= 2026
      ? findMedications(context, { ingredients, from: encounter.date, to: encounter.date, timing: 'overlaps' })
      : []),
  ][0];
}

export function evaluateCms2(context: MeasureContext): CareGap {
  const age = ageAtPeriodStart(context);
  const ageGap = checkAge(CMS2, context, { age, min: 12, when: 'at the start of the measurement period' });
  if (ageGap) return ageGap;
  const { periodStart: from, periodEnd: to } = context;
  const encounters = findEncounters(context, DEPRESSION_SCREENING_ENCOUNTER, from, to);
  // Bipolar disorder diagnosed before a qualifying encounter (before today while none has happened).
  const lastEncounter = encounters.reduce((date, item) => (item.date > date ? item.date : date), '');
  const bipolar = findDiagnoses(context, {
    list: BIPOLAR_DISORDER,
    timing: { kind: 'starts-on-or-before', date: lastEncounter ? addDays(lastEncounter, -1) : context.asOf },
    problemListOnly: true,
  });
  const found = findMostRecentScreening(context, encounters, age);
  const followUp = found?.screening.positive ? findFollowUp(context, found.encounter, age) : undefined;
  const met = found !== undefined && (!found.screening.positive || followUp !== undefined);
  const evidence = found ? [{ ...screeningFinding(found.screening) }, ...(followUp ? [followUp] : [])] : [];
  return buildGap(CMS2, context, {
    populationEvidence: [],
    encounters,
    exclusion:
      bipolar.length > 0 ? { label: 'bipolar disorder diagnosed before the visit', evidence: bipolar } : undefined,
    numeratorMet: met,
    numeratorEvidence: evidence,
    numeratorReason: describe(found?.screening, followUp),
  });
}

function screeningFinding(screening: Screening): Finding {
  const { reading } = screening;
  const value = reading.value ?? reading.valueCode;
  return {
    resourceType: 'Observation',
    resourceId: reading.id,
    date: reading.date,
    code: reading.loinc,
    ...(value === undefined ? {} : { value }),
    description: screening.description,
  };
}

function describe(screening: Screening | undefined, followUp: Finding | undefined): string {
  if (!screening) return 'no depression screening within 14 days before a qualifying visit this period.';
  const when = screening.reading.date;
  if (!screening.positive) return `negative depression screening on ${when}.`;
  return followUp
    ? `positive depression screening on ${when} with a follow-up plan on ${followUp.date}.`
    : `positive depression screening on ${when} without a follow-up plan on the visit day or the two days after.`;
}
