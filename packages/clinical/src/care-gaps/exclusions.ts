/**
 * The shared denominator exclusions of the eCQMs: the Hospice, PalliativeCare and
 * AdvancedIllnessandFrailty libraries (eCQM 2025/2026 content, cqframework/ecqm-content-qicore-2025).
 */
import { addMonths, ageInYearsAt } from './dates';
import {
  findDiagnoses,
  findEncounters,
  findMedications,
  findObservations,
  findProcedures,
  shareAcrossMeasures,
  type Finding,
  type MeasureContext,
} from './record-query';
import * as sets from './value-sets/exclusions';

/** An exclusion that applies, with the items that show it. */
export interface Exclusion {
  label: string;
  evidence: Finding[];
}

function exclusion(label: string, evidence: Finding[]): Exclusion | undefined {
  return evidence.length > 0 ? { label, evidence } : undefined;
}

/** Observations of `loinc` in the window whose coded answer is one of `answers`. */
function withAnswer(context: MeasureContext, loinc: string, answers: ReadonlySet<string>, from: string, to: string) {
  const ids = new Set(
    context.record.observations
      .filter((item) => item.loinc === loinc && item.valueCode !== undefined && answers.has(item.valueCode))
      .map((item) => item.id),
  );
  return findObservations(context, { loinc: new Set([loinc]), from, to }).filter((item) => ids.has(item.resourceId));
}

/**
 * Hospice."Has Hospice Services": hospice encounter, hospice care (order or performed), hospice
 * diagnosis or the MDS hospice item answered yes, overlapping the period; or the record's own hospice
 * flag. (Inpatient discharge to hospice needs a discharge disposition, which the record lacks.)
 */
export function findHospice(context: MeasureContext): Exclusion | undefined {
  return shareAcrossMeasures(context, 'hospice', () => computeHospice(context));
}

function computeHospice(context: MeasureContext): Exclusion | undefined {
  const { periodStart: from, periodEnd: to, record } = context;
  const evidence: Finding[] = [
    ...findEncounters(context, sets.HOSPICE_ENCOUNTER, from, to),
    ...findProcedures(context, sets.HOSPICE_CARE_AMBULATORY, from, to),
    ...findDiagnoses(context, { list: sets.HOSPICE_DIAGNOSIS, timing: { kind: 'overlaps', from, to } }),
    ...withAnswer(context, sets.HOSPICE_MDS_LOINC, new Set([sets.SNOMED_YES]), from, to),
  ];
  if (record.demographics.hospice) {
    evidence.push({
      resourceType: 'Patient',
      resourceId: record.patientId,
      date: context.asOf,
      description: 'Patient record flags hospice care',
    });
  }
  return exclusion('hospice care in the measurement period', evidence);
}

/** PalliativeCare."Has Palliative Care in the Measurement Period". */
export function findPalliativeCare(context: MeasureContext): Exclusion | undefined {
  return shareAcrossMeasures(context, 'palliative', () => computePalliativeCare(context));
}

function computePalliativeCare(context: MeasureContext): Exclusion | undefined {
  const { periodStart: from, periodEnd: to } = context;
  return exclusion('palliative care in the measurement period', [
    ...findObservations(context, { loinc: new Set([sets.FACIT_PAL_LOINC]), from, to }),
    ...findDiagnoses(context, {
      list: sets.PALLIATIVE_CARE_DIAGNOSIS,
      timing: { kind: 'overlaps', from, to },
      problemListOnly: true,
    }),
    ...findEncounters(context, sets.PALLIATIVE_CARE_ENCOUNTER, from, to),
    ...findProcedures(context, sets.PALLIATIVE_CARE_INTERVENTION, from, to),
  ]);
}

/**
 * AdvancedIllnessandFrailty."Has Criteria Indicating Frailty": a frailty device in use (LOINC 98181-1
 * answered with a device of the set), a frailty diagnosis or a frailty encounter, in the period.
 * (Device orders and frailty symptoms are not in the record.)
 */
function findFrailty(context: MeasureContext): Finding[] {
  const { periodStart: from, periodEnd: to } = context;
  return shareAcrossMeasures(context, 'frailty', () => [
    ...withAnswer(context, sets.MEDICAL_EQUIPMENT_USED_LOINC, sets.FRAILTY_DEVICE, from, to),
    ...findDiagnoses(context, { list: sets.FRAILTY_DIAGNOSIS, timing: { kind: 'overlaps', from, to } }),
    ...findEncounters(context, sets.FRAILTY_ENCOUNTER, from, to),
  ]);
}

/** Advanced illness diagnosed, or a dementia medication taken, in the year before or during the period. */
function findAdvancedIllness(context: MeasureContext): Finding[] {
  const from = addMonths(context.periodStart, -12);
  const to = context.periodEnd;
  return shareAcrossMeasures(context, 'advanced-illness', () => [
    ...findDiagnoses(context, { list: sets.ADVANCED_ILLNESS, timing: { kind: 'starts-during', from, to } }),
    ...findMedications(context, { ingredients: sets.DEMENTIA_MEDICATION_INGREDIENTS, from, to, timing: 'overlaps' }),
  ]);
}

function ageAtPeriodEnd(context: MeasureContext): number {
  return ageInYearsAt(context.record.demographics.birthDate, context.periodEnd);
}

/**
 * "Is Age 66 or Older with Advanced Illness and Frailty"; with `olderFrailtyOnly` the CMS165 variant
 * "Is Age 66 to 80 with Advanced Illness and Frailty or Is Age 81 or Older with Frailty".
 */
export function findAdvancedIllnessAndFrailty(
  context: MeasureContext,
  olderFrailtyOnly = false,
): Exclusion | undefined {
  const age = ageAtPeriodEnd(context);
  if (age < 66) return undefined;
  const frailty = findFrailty(context);
  if (frailty.length === 0) return undefined;
  if (olderFrailtyOnly && age >= 81) return { label: 'age 81 or older with frailty', evidence: frailty };
  const illness = findAdvancedIllness(context);
  if (illness.length === 0) return undefined;
  return { label: 'age 66 or older with advanced illness and frailty', evidence: [...frailty, ...illness] };
}

/** "Is Age 66 or Older Living Long Term in a Nursing Home": the latest housing status says so. */
export function findNursingHomeResidence(context: MeasureContext): Exclusion | undefined {
  if (ageAtPeriodEnd(context) < 66) return undefined;
  const statuses = context.record.observations.filter(
    (item) => item.loinc === sets.HOUSING_STATUS_LOINC && item.date <= context.periodEnd && item.date <= context.asOf,
  );
  let last = statuses[0];
  for (const status of statuses) if (last && status.date >= last.date) last = status;
  if (last?.valueCode !== sets.LIVES_IN_NURSING_HOME) return undefined;
  return {
    label: 'age 66 or older living long term in a nursing home',
    evidence: [
      {
        resourceType: 'Observation',
        resourceId: last.id,
        date: last.date,
        code: last.loinc,
        value: last.valueCode,
        description: 'Housing status: lives in a nursing home',
      },
    ],
  };
}

/** The first exclusion that applies, in the order the measures list them. */
export function firstExclusion(checks: readonly (() => Exclusion | undefined)[]): Exclusion | undefined {
  for (const check of checks) {
    const found = check();
    if (found) return found;
  }
  return undefined;
}
