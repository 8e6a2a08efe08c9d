/**
 * CMS165 Controlling High Blood Pressure (CMS165v13 for 2025, v14 for 2026;
 * CMS165FHIRControllingHighBloodPressure, cqframework/ecqm-content-qicore-2025).
 */
import { unionCodeLists } from '../code-list';
import { addDays, addMonths } from '../dates';
import {
  findAdvancedIllnessAndFrailty,
  findHospice,
  findNursingHomeResidence,
  findPalliativeCare,
  firstExclusion,
  type Exclusion,
} from '../exclusions';
import { ageAtPeriodEnd, buildGap, checkAge, notApplicable, type MeasureDefinition } from '../gap-builder';
import { findDiagnoses, findEncounters, findProcedures, type Finding, type MeasureContext } from '../record-query';
import type { CareGap } from '../types';
import { ADULT_OUTPATIENT_ENCOUNTER } from '../value-sets/encounters';
import { DIASTOLIC_BP_LOINC, ESSENTIAL_HYPERTENSION, SYSTOLIC_BP_LOINC } from '../value-sets/clinical';
import * as sets from '../value-sets/exclusion-conditions';
import type { ObservationRecord } from '../../record';

export const CMS165: MeasureDefinition = {
  id: 'CMS165',
  title: 'Controlling High Blood Pressure',
  inverse: false,
  versions: { 2025: 'CMS165v13', 2026: 'CMS165v14' },
};

/** CMS165 numerator thresholds: systolic < 140 mmHg and diastolic < 90 mmHg. */
const SYSTOLIC_LIMIT = 140;
const DIASTOLIC_LIMIT = 90;

/** Readings taken in these encounter classes do not count (emergency, inpatient, observation stays). */
const EXCLUDED_ENCOUNTER_CLASSES = new Set(['EMER', 'IMP', 'ACUTE', 'NONAC', 'PRENC', 'SS']);

const PREGNANCY_OR_RENAL = unionCodeLists('Pregnancy or renal diagnosis', [
  sets.PREGNANCY,
  sets.END_STAGE_RENAL_DISEASE,
  sets.KIDNEY_TRANSPLANT_RECIPIENT,
  sets.CKD_STAGE_5,
]);
const ESRD_PROCEDURES = unionCodeLists('Kidney transplant or dialysis', [
  sets.KIDNEY_TRANSPLANT,
  sets.DIALYSIS_SERVICES,
]);

export interface BloodPressureDay {
  date: string;
  systolic: ObservationRecord;
  diastolic: ObservationRecord;
}

/**
 * "Most Recent Blood Pressure Day": the latest day in the period with both a systolic and a diastolic
 * reading, and the lowest of each taken that day (they may come from different readings).
 */
export function findMostRecentBloodPressureDay(context: MeasureContext): BloodPressureDay | undefined {
  const excludedEncounters = new Set(
    context.record.encounters
      .filter((encounter) => encounter.classCode !== undefined && EXCLUDED_ENCOUNTER_CLASSES.has(encounter.classCode))
      .map((encounter) => encounter.id),
  );
  const lowest = { systolic: new Map<string, ObservationRecord>(), diastolic: new Map<string, ObservationRecord>() };
  for (const reading of context.record.observations) {
    const kind =
      reading.loinc === SYSTOLIC_BP_LOINC ? 'systolic' : reading.loinc === DIASTOLIC_BP_LOINC ? 'diastolic' : undefined;
    if (!kind || reading.value === undefined) continue;
    if (reading.date < context.periodStart || reading.date > context.asOf) continue;
    if (reading.encounterId !== undefined && excludedEncounters.has(reading.encounterId)) continue;
    const current = lowest[kind].get(reading.date);
    if (current?.value === undefined || reading.value < current.value) lowest[kind].set(reading.date, reading);
  }
  let best: BloodPressureDay | undefined;
  for (const [date, systolic] of lowest.systolic) {
    const diastolic = lowest.diastolic.get(date);
    if (diastolic && (!best || date > best.date)) best = { date, systolic, diastolic };
  }
  return best;
}

function findRenalOrPregnancy(context: MeasureContext): Exclusion | undefined {
  const { periodStart: from, periodEnd: to } = context;
  const evidence: Finding[] = [
    ...findDiagnoses(context, { list: PREGNANCY_OR_RENAL, timing: { kind: 'overlaps', from, to } }),
    ...findProcedures(context, ESRD_PROCEDURES, '0001-01-01', to),
    ...findEncounters(context, sets.ESRD_MONTHLY_OUTPATIENT, '0001-01-01', to),
  ];
  return evidence.length > 0
    ? { label: 'pregnancy, end-stage renal disease, dialysis or kidney transplant', evidence }
    : undefined;
}

/** CMS165 numerator: lowest systolic < 140 and lowest diastolic < 90 on the most recent day. */
function isControlled(day: BloodPressureDay): boolean {
  const { systolic, diastolic } = day;
  return (systolic.value ?? Infinity) < SYSTOLIC_LIMIT && (diastolic.value ?? Infinity) < DIASTOLIC_LIMIT;
}

function readingFinding(reading: ObservationRecord, label: string): Finding {
  return {
    resourceType: 'Observation',
    resourceId: reading.id,
    date: reading.date,
    code: reading.loinc,
    ...(reading.value === undefined ? {} : { value: reading.value }),
    unit: reading.unit ?? 'mm[Hg]',
    description: `${label} ${String(reading.value)} mmHg`,
  };
}

export function evaluateCms165(context: MeasureContext): CareGap {
  const age = ageAtPeriodEnd(context);
  const ageGap = checkAge(CMS165, context, { age, min: 18, max: 85, when: 'at the end of the measurement period' });
  if (ageGap) return ageGap;
  const { periodStart: from, periodEnd: to } = context;
  // Hypertension must overlap the first six months of the period: [start, start + 6 months).
  const firstHalfEnd = addDays(addMonths(from, 6), -1);
  const hypertension = findDiagnoses(context, {
    list: ESSENTIAL_HYPERTENSION,
    timing: { kind: 'overlaps', from, to: firstHalfEnd },
  });
  if (hypertension.length === 0) {
    const reason = `No essential hypertension diagnosis overlapping ${from} to ${firstHalfEnd}.`;
    return notApplicable(CMS165, context, { why: 'no-qualifying-diagnosis', reason });
  }
  const day = findMostRecentBloodPressureDay(context);
  const controlled = day !== undefined && isControlled(day);
  const shown = day ? `${String(day.systolic.value)}/${String(day.diastolic.value)} mmHg on ${day.date}` : '';
  return buildGap(CMS165, context, {
    populationEvidence: hypertension.slice(0, 1),
    encounters: findEncounters(context, ADULT_OUTPATIENT_ENCOUNTER, from, to),
    exclusion: firstExclusion([
      () => findHospice(context),
      () => findRenalOrPregnancy(context),
      () => findAdvancedIllnessAndFrailty(context, true),
      () => findNursingHomeResidence(context),
      () => findPalliativeCare(context),
    ]),
    numeratorMet: controlled,
    numeratorEvidence: day
      ? [readingFinding(day.systolic, 'Systolic'), readingFinding(day.diastolic, 'Diastolic')]
      : [],
    numeratorReason: !day
      ? `no blood pressure recorded yet in ${context.year}.`
      : controlled
        ? `most recent blood pressure ${shown} is below 140/90.`
        : `most recent blood pressure ${shown} is not below 140/90.`,
  });
}
