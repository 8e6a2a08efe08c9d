import type { ClinicalResultFlag, LabReferenceRange } from '@cairn/contracts';

/**
 * The vital signs of the summary, in the order the Vitals card shows them: LOINC codes of the FHIR
 * vital-signs profiles (FHIR R4 §observation-vitalsigns), with the common alternatives seen in EHR data.
 * Blood pressure arrives as a panel (85354-9) whose components are rows of their own.
 */
export const VITAL_SIGNS: readonly { name: string; loincs: readonly string[] }[] = [
  { name: 'Systolic blood pressure', loincs: ['8480-6'] },
  { name: 'Diastolic blood pressure', loincs: ['8462-4'] },
  { name: 'Heart rate', loincs: ['8867-4'] },
  { name: 'Respiratory rate', loincs: ['9279-1'] },
  { name: 'Body temperature', loincs: ['8310-5', '8331-1'] },
  { name: 'Body weight', loincs: ['29463-7', '3141-9'] },
  { name: 'Body height', loincs: ['8302-2', '8306-3'] },
  { name: 'Body mass index', loincs: ['39156-5'] },
  { name: 'Oxygen saturation', loincs: ['59408-5', '2708-6'] },
];

export const VITAL_SIGN_LOINCS: ReadonlySet<string> = new Set(VITAL_SIGNS.flatMap((vital) => vital.loincs));

/**
 * Screening instruments whose total score is a result of its own, recognised by code even when the
 * source gives no `survey` category: PHQ-2, PHQ-9, GAD-7, AUDIT-C, AUDIT, DAST-10, EPDS, MoCA, MMSE.
 */
export const SCREENING_LOINCS: ReadonlySet<string> = new Set([
  '55758-7',
  '44261-6',
  '70274-6',
  '72109-2',
  '75626-2',
  '82667-7',
  '71354-5',
  '72172-0',
  '72107-6',
]);

export type ResultKind = 'vital' | 'lab' | 'screening' | 'other';

/**
 * Which card a result belongs on: vitals by code; screening scores by category `survey` or code;
 * labs are results of category `laboratory`, or of any other test that is not a vital sign, a survey
 * or a social-history answer (smoking status and the like are not tests).
 */
export function kindOfResult(loinc: string, category: string | null): ResultKind {
  if (VITAL_SIGN_LOINCS.has(loinc)) return 'vital';
  if (category === 'survey' || SCREENING_LOINCS.has(loinc)) return 'screening';
  if (category === 'laboratory') return 'lab';
  if (category === 'vital-signs' || category === 'social-history') return 'other';
  return 'lab';
}

const HIGH_CODES = new Set(['H', 'HH', 'HU', '>']);
const LOW_CODES = new Set(['L', 'LL', 'LU', '<']);
const ABNORMAL_CODES = new Set(['A', 'AA', 'POS', 'DET', 'R']);

/** A result is flagged by its interpretation code (HL7 ObservationInterpretation) or, failing one, its range. */
export function flagOfResult(result: {
  value: number | null;
  interpretation: string | null;
  referenceRange: LabReferenceRange | null;
}): ClinicalResultFlag | null {
  const code = result.interpretation?.toUpperCase();
  if (code && HIGH_CODES.has(code)) return 'high';
  if (code && LOW_CODES.has(code)) return 'low';
  if (code && ABNORMAL_CODES.has(code)) return 'abnormal';
  const { value, referenceRange } = result;
  if (value === null || !referenceRange) return null;
  if (referenceRange.high !== null && value > referenceRange.high) return 'high';
  if (referenceRange.low !== null && value < referenceRange.low) return 'low';
  return null;
}

/** A result's normal range: its bounds, or its words when the source gives only those; none otherwise. */
export function referenceRangeOf(
  low: number | null,
  high: number | null,
  text: string | null = null,
): LabReferenceRange | null {
  if (low === null && high === null) return text ? { low, high, text } : null;
  return text ? { low, high, text } : { low, high };
}
