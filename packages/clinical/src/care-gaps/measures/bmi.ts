/**
 * CMS69 Preventive Care and Screening: Body Mass Index (BMI) Screening and Follow-Up Plan (CMS69v13
 * for 2025, v14 for 2026; PCSBMIScreenAndFollowUpFHIR, cqframework/ecqm-content-qicore-2025).
 */
import type { CodeList } from '../code-list';
import { ageInYearsAt } from '../dates';
import { findHospice, findPalliativeCare, firstExclusion } from '../exclusions';
import { ageAtPeriodEnd, buildGap, checkAge, type MeasureDefinition } from '../gap-builder';
import {
  findDiagnoses,
  findEncounters,
  findMedications,
  findObservations,
  findProcedures,
  latest,
  type Finding,
  type MeasureContext,
} from '../record-query';
import type { CareGap } from '../types';
import { BMI_ENCOUNTER } from '../value-sets/encounters';
import * as preventive from '../value-sets/preventive';

export const CMS69: MeasureDefinition = {
  id: 'CMS69',
  title: 'Body Mass Index (BMI) Screening and Follow-Up Plan',
  inverse: false,
  versions: { 2025: 'CMS69v13', 2026: 'CMS69v14' },
};

/** CMS69 normal range: 18.5 <= BMI < 25 kg/m2 (adults). */
const BMI_LOW = 18.5;
const BMI_HIGH = 25;

function findFollowUp(context: MeasureContext, list: CodeList, ingredients: readonly string[]): Finding | undefined {
  const { periodStart: from, periodEnd: to } = context;
  return [
    ...findProcedures(context, list, from, to),
    ...findMedications(context, { ingredients, from, to, timing: 'starts' }),
  ][0];
}

interface BmiResult {
  met: boolean;
  evidence: Finding[];
  reason: string;
}

function assessBmi(context: MeasureContext): BmiResult {
  const { periodStart: from, periodEnd: to, year } = context;
  const readings = findObservations(context, { loinc: new Set([preventive.BMI_LOINC]), from, to }).filter(
    (item) => typeof item.value === 'number' && item.value > 0,
  );
  const valueOf = (item: Finding) => item.value as number;
  const high = readings.find((item) => valueOf(item) >= BMI_HIGH);
  const low = readings.find((item) => valueOf(item) < BMI_LOW);
  if (readings.length === 0) return { met: false, evidence: [], reason: `no BMI documented yet in ${year}.` };
  if (!high && !low) {
    const normal = latest(readings) as Finding;
    return {
      met: true,
      evidence: [normal],
      reason: `BMI ${String(normal.value)} on ${normal.date} is in the normal range.`,
    };
  }
  for (const [reading, list, ingredients, label] of [
    [high, preventive.HIGH_BMI_FOLLOW_UP, preventive.HIGH_BMI_MEDICATION_INGREDIENTS, 'above'],
    [low, preventive.LOW_BMI_FOLLOW_UP, preventive.LOW_BMI_MEDICATION_INGREDIENTS, 'below'],
  ] as const) {
    if (!reading) continue;
    const followUp = findFollowUp(context, list, ingredients);
    if (followUp) {
      const bmi = `BMI ${String(reading.value)} on ${reading.date}`;
      const reason = `${bmi} is ${label} normal, with a follow-up plan on ${followUp.date}.`;
      return { met: true, evidence: [reading, followUp], reason };
    }
  }
  const abnormal = (high ?? low) as Finding;
  const bmi = `BMI ${String(abnormal.value)} on ${abnormal.date}`;
  const reason = `${bmi} is outside the normal range and has no follow-up plan in ${year}.`;
  return { met: false, evidence: [abnormal], reason };
}

export function evaluateCms69(context: MeasureContext): CareGap {
  const { record, periodStart: from, periodEnd: to } = context;
  const ageGap = checkAge(CMS69, context, {
    age: ageAtPeriodEnd(context),
    min: 18,
    when: 'at the end of the measurement period',
  });
  if (ageGap) return ageGap;
  // Face-to-face visits only (class VR excluded), at which the patient was 18 or older.
  const virtual = new Set(record.encounters.filter((item) => item.classCode === 'VR').map((item) => item.id));
  const encounters = findEncounters(context, BMI_ENCOUNTER, from, to).filter(
    (item) => !virtual.has(item.resourceId) && ageInYearsAt(record.demographics.birthDate, item.date) >= 18,
  );
  const pregnancy = findDiagnoses(context, {
    list: preventive.PREGNANCY_OR_RELATED,
    timing: { kind: 'overlaps', from, to },
    activeOnly: true,
  });
  const result = assessBmi(context);
  return buildGap(CMS69, context, {
    populationEvidence: [],
    encounters,
    missingEncounter: `no face-to-face visit at age 18 or older yet in ${context.year}`,
    exclusion: firstExclusion([
      () => findHospice(context),
      () => findPalliativeCare(context),
      () =>
        pregnancy.length > 0 ? { label: 'pregnancy during the measurement period', evidence: pregnancy } : undefined,
    ]),
    numeratorMet: result.met,
    numeratorEvidence: result.evidence,
    numeratorReason: result.reason,
  });
}
