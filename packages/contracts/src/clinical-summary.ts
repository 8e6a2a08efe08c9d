import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';

/**
 * The Clinical Summary tab of the portrait (issue 5 item 7): the patient's record as lists, each item
 * with where it came from (EHR or HIE, spec §3 "Source type"), its date and its id.
 */

/** Where an item came from (spec §3 source type). */
export const clinicalItemSource = z.enum(['EHR', 'HIE']);
export type ClinicalItemSource = z.infer<typeof clinicalItemSource>;

const cairnPatientId = z.string().trim().min(1).max(100);
/** A calendar date, `YYYY-MM-DD`. */
const isoDate = z.string();

const item = { id: z.string(), source: clinicalItemSource };

/** A list cut to its first items; `total` says how many there are. */
function capped<T extends z.ZodType>(schema: T) {
  return z.object({ items: z.array(schema), total: z.int() });
}

export const clinicalProblem = z.object({
  ...item,
  display: z.string(),
  /** ICD-10-CM without the dot, as given or mapped from SNOMED CT (`icdMapped`). */
  icdCode: z.string().nullable(),
  /** The CMS long title of `icdCode` (FY2026 ICD-10-CM), null without a code or for one not in the catalog. */
  icdTitle: z.string().nullable(),
  icdMapped: z.boolean(),
  snomedCode: z.string().nullable(),
  clinicalStatus: z.string(),
  /** Onset, else recorded date. */
  date: isoDate.nullable(),
  abatementDate: isoDate.nullable(),
  /** How many records of this same problem there are (recurring episodes are shown once). */
  occurrences: z.int(),
});
export type ClinicalProblem = z.infer<typeof clinicalProblem>;

export const clinicalMedication = z.object({
  ...item,
  display: z.string(),
  rxnormCode: z.string().nullable(),
  status: z.string(),
  isActive: z.boolean(),
  dosage: z.string().nullable(),
  prescriber: z.string().nullable(),
  /** Start date. */
  date: isoDate,
  endDate: isoDate.nullable(),
  occurrences: z.int(),
});
export type ClinicalMedication = z.infer<typeof clinicalMedication>;

export const clinicalAllergy = z.object({
  ...item,
  display: z.string(),
  category: z.string().nullable(),
  criticality: z.string().nullable(),
  clinicalStatus: z.string().nullable(),
  reaction: z.string().nullable(),
  date: isoDate.nullable(),
});
export type ClinicalAllergy = z.infer<typeof clinicalAllergy>;

/**
 * A result's normal range (FHIR Observation.referenceRange): both bounds, or one (`high` only is
 * "<= high", `low` only is ">= low"); a range given only in words has neither bound and its `text`.
 */
export const labReferenceRange = z.object({
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** The range as the source wrote it, when it gave it in words ("negative", "see comment"). */
  text: z.string().nullable().optional(),
});
export type LabReferenceRange = z.infer<typeof labReferenceRange>;

/**
 * The decimal places a value was reported with (7.70: 2, 5.0: 1), for showing it as written; absent or
 * null when unknown (then it is shown without float noise, trailing zeros lost).
 */
export const decimalPlaces = z.int().min(0).max(100).nullable().optional();

/** Why a result is flagged: its interpretation code, or its value outside the reference range. */
export const CLINICAL_RESULT_FLAGS = ['high', 'low', 'abnormal'] as const;
export type ClinicalResultFlag = (typeof CLINICAL_RESULT_FLAGS)[number];

/** The latest result of one test (a vital sign, a lab test or a screening score). */
export const clinicalResult = z.object({
  ...item,
  loinc: z.string(),
  display: z.string(),
  date: isoDate,
  /** The numeric value, when there is one; otherwise `valueText` holds the coded or text answer. */
  value: z.number().nullable(),
  decimals: decimalPlaces,
  valueText: z.string().nullable(),
  unit: z.string().nullable(),
  referenceRange: labReferenceRange.nullable(),
  /** The first interpretation code as given (H, L, N, A, ...). */
  interpretation: z.string().nullable(),
  flag: z.enum(CLINICAL_RESULT_FLAGS).nullable(),
  /** How many results of this test the patient has. */
  count: z.int(),
});
export type ClinicalResult = z.infer<typeof clinicalResult>;

export const clinicalVisit = z.object({
  ...item,
  /** Start date. */
  date: isoDate,
  endDate: isoDate.nullable(),
  type: z.string().nullable(),
  /** Encounter class code: AMB, EMER, IMP, ... */
  classCode: z.string().nullable(),
  provider: z.string().nullable(),
  reason: z.string().nullable(),
  status: z.string(),
});
export type ClinicalVisit = z.infer<typeof clinicalVisit>;

export const clinicalProcedure = z.object({
  ...item,
  code: z.string(),
  system: z.string(),
  display: z.string(),
  status: z.string(),
  date: isoDate,
});
export type ClinicalProcedure = z.infer<typeof clinicalProcedure>;

export const clinicalImmunization = z.object({
  ...item,
  cvxCode: z.string(),
  display: z.string(),
  status: z.string(),
  date: isoDate,
});
export type ClinicalImmunization = z.infer<typeof clinicalImmunization>;

export const clinicalSummary = z.object({
  problems: z.object({ active: z.array(clinicalProblem), resolved: z.array(clinicalProblem) }),
  /** Active first, then past; newest first within each. */
  medications: capped(clinicalMedication),
  allergies: z.array(clinicalAllergy),
  /** The latest of each vital sign, in the order of `VITAL_SIGNS`. */
  vitals: z.array(clinicalResult),
  /** The latest result of each lab test, by name. */
  labs: capped(clinicalResult),
  /** The latest of each screening score (PHQ-9, GAD-7, ...), newest first. */
  screeningScores: z.array(clinicalResult),
  /** Newest first. */
  visits: capped(clinicalVisit),
  procedures: capped(clinicalProcedure),
  immunizations: capped(clinicalImmunization),
});
export type ClinicalSummary = z.infer<typeof clinicalSummary>;

export const getClinicalSummary = defineEndpoint({
  method: 'POST',
  path: '/getClinicalSummary',
  summary: "The patient's problems, medications, allergies, latest vitals and labs, visits, procedures, immunizations",
  tags: ['clinical-summary'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ cairnPatientId }),
  response: resultEnvelope(clinicalSummary),
});

export const labTrendPoint = z.object({
  ...item,
  date: isoDate,
  value: z.number(),
  /** As reported; null for a converted value, which keeps the significant digits of the one given. */
  decimals: decimalPlaces,
  unit: z.string().nullable(),
  interpretation: z.string().nullable(),
  /** Why the point is abnormal: its interpretation code, or its value outside the trend's reference range. */
  flag: z.enum(CLINICAL_RESULT_FLAGS).nullable().optional(),
  /** The value and unit as given, when the point was converted to the trend's unit. */
  convertedFrom: z.object({ value: z.number(), decimals: decimalPlaces, unit: z.string().nullable() }).nullable(),
});
export type LabTrendPoint = z.infer<typeof labTrendPoint>;

/**
 * How the points' units relate: all the same (`single`), made the same by converting some (`converted`),
 * or not all convertible, in which case points keep their own unit (`mixed`).
 */
export const LAB_TREND_UNITS = ['single', 'converted', 'mixed'] as const;
export type LabTrendUnits = (typeof LAB_TREND_UNITS)[number];

export const labTrend = z.object({
  loinc: z.string(),
  display: z.string(),
  /** The unit of the latest result; points in it (or converted to it) are comparable. */
  unit: z.string().nullable(),
  units: z.enum(LAB_TREND_UNITS),
  referenceRange: labReferenceRange.nullable(),
  /** Numeric results only, oldest first. */
  points: z.array(labTrendPoint),
});
export type LabTrend = z.infer<typeof labTrend>;

export const getLabTrend = defineEndpoint({
  method: 'POST',
  path: '/getLabTrend',
  summary: "One test's numeric results over time, oldest first, with the reference range",
  tags: ['clinical-summary'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({ cairnPatientId, loinc: z.string().trim().min(1).max(64) }),
  response: resultEnvelope(labTrend),
});
