/**
 * CMS131 Diabetes: Eye Exam (CMS131v13 for 2025, v14 for 2026; DiabetesEyeExamFHIR) and CMS951
 * Kidney Health Evaluation (CMS951v3 for 2025, v4 for 2026; KidneyHealthEvaluationFHIR).
 */
import {
  findAdvancedIllnessAndFrailty,
  findHospice,
  findNursingHomeResidence,
  findPalliativeCare,
  firstExclusion,
} from '../exclusions';
import { endOfYear, yearOf } from '../dates';
import {
  ageAtPeriodEnd,
  ageAtPeriodStart,
  buildGap,
  checkAge,
  notApplicable,
  type MeasureDefinition,
} from '../gap-builder';
import {
  findDiagnoses,
  findEncounters,
  findObservations,
  findProcedures,
  latest,
  type MeasureContext,
} from '../record-query';
import type { CareGap } from '../types';
import { EYE_EXAM_ENCOUNTER, KIDNEY_EVALUATION_ENCOUNTER } from '../value-sets/encounters';
import { DIABETES, DIABETIC_RETINOPATHY, EGFR_LOINC, RETINAL_EYE_EXAM, UACR_LOINC } from '../value-sets/clinical';
import { CKD_STAGE_5, END_STAGE_RENAL_DISEASE } from '../value-sets/exclusion-conditions';
import { unionCodeLists } from '../code-list';

export const CMS131: MeasureDefinition = {
  id: 'CMS131',
  title: 'Diabetes: Eye Exam',
  inverse: false,
  versions: { 2025: 'CMS131v13', 2026: 'CMS131v14' },
};

export const CMS951: MeasureDefinition = {
  id: 'CMS951',
  title: 'Kidney Health Evaluation',
  inverse: false,
  versions: { 2025: 'CMS951v3', 2026: 'CMS951v4' },
};

function noDiabetes(definition: MeasureDefinition, context: MeasureContext): CareGap {
  return notApplicable(definition, context, {
    why: 'no-qualifying-diagnosis',
    reason: `No diabetes diagnosis in ${context.year}.`,
  });
}

/**
 * CMS131 numerator: with retinopathy this period, a retinal or dilated eye exam this period; without
 * it, an exam this period or the year before (a negative exam then lasts two periods).
 */
export function evaluateCms131(context: MeasureContext): CareGap {
  const age = ageAtPeriodEnd(context);
  const ageGap = checkAge(CMS131, context, { age, min: 18, max: 75, when: 'at the end of the measurement period' });
  if (ageGap) return ageGap;
  const { periodStart: from, periodEnd: to, year } = context;
  const diabetes = findDiagnoses(context, { list: DIABETES, timing: { kind: 'overlaps', from, to } });
  if (diabetes.length === 0) return noDiabetes(CMS131, context);
  const retinopathy = findDiagnoses(context, { list: DIABETIC_RETINOPATHY, timing: { kind: 'overlaps', from, to } });
  const lookbackStart = retinopathy.length > 0 ? from : `${String(year - 1)}-01-01`;
  const exam = latest(findProcedures(context, RETINAL_EYE_EXAM, lookbackStart, to));
  const window = retinopathy.length > 0 ? `in ${year} (retinopathy on record)` : `in ${year - 1} or ${year}`;
  return buildGap(CMS131, context, {
    populationEvidence: [...diabetes.slice(0, 1), ...retinopathy.slice(0, 1)],
    encounters: findEncounters(context, EYE_EXAM_ENCOUNTER, from, to),
    exclusion: firstExclusion([
      () => findHospice(context),
      () => findAdvancedIllnessAndFrailty(context),
      () => findNursingHomeResidence(context),
      () => findPalliativeCare(context),
    ]),
    numeratorMet: exam !== undefined,
    numeratorEvidence: exam ? [exam] : [],
    numeratorReason: exam
      ? `retinal or dilated eye exam on ${exam.date} (${window}).`
      : `no retinal or dilated eye exam ${window}.`,
    // Without retinopathy an exam counts for its own year and the next one.
    ...(exam ? { evidenceExpires: retinopathy.length > 0 ? to : endOfYear(yearOf(exam.date) + 1) } : {}),
  });
}

const KIDNEY_FAILURE = unionCodeLists('CKD stage 5 or ESRD', [CKD_STAGE_5, END_STAGE_RENAL_DISEASE]);

/** CMS951 numerator: an eGFR and a uACR, each with a result, during the period. */
export function evaluateCms951(context: MeasureContext): CareGap {
  const age = ageAtPeriodStart(context);
  const ageGap = checkAge(CMS951, context, { age, min: 18, max: 85, when: 'at the start of the measurement period' });
  if (ageGap) return ageGap;
  const { periodStart: from, periodEnd: to } = context;
  const overlaps = { kind: 'overlaps', from, to } as const;
  const diabetes = findDiagnoses(context, { list: DIABETES, timing: overlaps, activeOnly: true });
  if (diabetes.length === 0) return noDiabetes(CMS951, context);
  const egfr = latest(findObservations(context, { loinc: EGFR_LOINC, from, to, requireValue: true }));
  const uacr = latest(findObservations(context, { loinc: UACR_LOINC, from, to, requireValue: true }));
  const kidneyFailure = findDiagnoses(context, { list: KIDNEY_FAILURE, timing: overlaps, activeOnly: true });
  const missing = [egfr ? undefined : 'eGFR', uacr ? undefined : 'urine albumin-creatinine ratio'].filter(Boolean);
  return buildGap(CMS951, context, {
    populationEvidence: diabetes.slice(0, 1),
    encounters: findEncounters(context, KIDNEY_EVALUATION_ENCOUNTER, from, to),
    exclusion: firstExclusion([
      () =>
        kidneyFailure.length > 0
          ? { label: 'CKD stage 5 or end-stage renal disease', evidence: kidneyFailure }
          : undefined,
      () => findHospice(context),
      () => findPalliativeCare(context),
    ]),
    numeratorMet: missing.length === 0,
    numeratorEvidence: [egfr, uacr].filter((finding) => finding !== undefined),
    numeratorReason:
      missing.length === 0
        ? `eGFR and uACR both done in ${context.year}.`
        : `missing in ${context.year}: ${missing.join(' and ')}.`,
  });
}
