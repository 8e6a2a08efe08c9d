/**
 * The eCQMs Cairn executes, by CMS number, and the two facts about each that the published content does
 * not state reliably: whether the measure is inverse (every group's `cqfm-improvementNotation` in the
 * 2025 content reads `decrease`, display `increase`, even CMS125's), and which population group a care
 * gap reads when the measure has several.
 */

/** The twelve eCQMs of `data/ecqm` (measurement period 2025), in report order. */
export const ECQM_MEASURE_IDS = [
  'CMS122',
  'CMS165',
  'CMS125',
  'CMS130',
  'CMS2',
  'CMS69',
  'CMS138',
  'CMS131',
  'CMS951',
  'CMS124',
  'CMS347',
  'CMS159',
] as const;

export type EcqmMeasureId = (typeof ECQM_MEASURE_IDS)[number];

interface MeasureFacts {
  /** The numerator counts poor care (CMS122: glycemic status above 9 %), so a gap closes when it is not met. */
  inverse: boolean;
  /**
   * The 0-based group a care gap reads, or `any` for the first group the patient is in the denominator of.
   * CMS138's third group is the whole measure: screened, and if a user, given cessation help.
   */
  careGapGroup: number | 'any';
}

const FACTS: Record<EcqmMeasureId, MeasureFacts> = {
  CMS122: { inverse: true, careGapGroup: 'any' },
  CMS165: { inverse: false, careGapGroup: 'any' },
  CMS125: { inverse: false, careGapGroup: 'any' },
  CMS130: { inverse: false, careGapGroup: 'any' },
  CMS2: { inverse: false, careGapGroup: 'any' },
  CMS69: { inverse: false, careGapGroup: 'any' },
  CMS138: { inverse: false, careGapGroup: 2 },
  CMS131: { inverse: false, careGapGroup: 'any' },
  CMS951: { inverse: false, careGapGroup: 'any' },
  CMS124: { inverse: false, careGapGroup: 'any' },
  CMS347: { inverse: false, careGapGroup: 'any' },
  CMS159: { inverse: false, careGapGroup: 'any' },
};

/** Whether `value` names one of the measures Cairn executes. */
export function isEcqmMeasureId(value: string): value is EcqmMeasureId {
  return (ECQM_MEASURE_IDS as readonly string[]).includes(value);
}

/** What Cairn states about a measure beyond its published content (see the module comment). */
export function measureFacts(id: EcqmMeasureId): MeasureFacts {
  return FACTS[id];
}
