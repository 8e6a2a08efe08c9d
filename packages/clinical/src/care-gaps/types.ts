/** Public types of the care-gap engine. */

/**
 * The eCQMs Cairn evaluates: the nine of this hand-written engine, and CMS124, CMS347 and CMS159, which
 * only the CQL engine (`@cairn/clinical/ecqm`, `toCareGap`) evaluates.
 */
export type MeasureId =
  | 'CMS122'
  | 'CMS165'
  | 'CMS125'
  | 'CMS130'
  | 'CMS2'
  | 'CMS69'
  | 'CMS138'
  | 'CMS131'
  | 'CMS951'
  | 'CMS124'
  | 'CMS347'
  | 'CMS159';

/**
 * - `open`: in the denominator (initial population, not excluded), the gap is not closed, and it can
 *   still close this period (the period ends on 31 December; care given by then counts).
 * - `closed`: in the denominator and the numerator is met (for the inverse CMS122: the most recent
 *   HbA1c/GMI this period is 9.0 % or less).
 * - `prospective`: every population criterion is met except the qualifying encounter, which has not
 *   happened yet this period; the patient enters the population at the next qualifying visit before
 *   the period ends. `numeratorMet` says whether the gap would then already be closed.
 * - `not-applicable`: outside the population (age, sex, diagnosis) or excluded; `reason` says which.
 */
export type CareGapStatus = 'open' | 'closed' | 'prospective' | 'not-applicable';

/**
 * Why a measure does not apply. The CQL engine's gaps (`toCareGap`) say `not-in-population` (the initial
 * population or denominator is not met; the MeasureReport does not say which criterion failed) and
 * `excepted` (a denominator exception: a medical or patient reason); `excluded` is a denominator exclusion.
 */
export type NotApplicableReason =
  'age' | 'sex' | 'no-qualifying-diagnosis' | 'excluded' | 'not-in-population' | 'excepted';

/** What a piece of evidence did for the gap. */
export type EvidenceRole = 'population' | 'exclusion' | 'numerator';

export interface CareGapEvidence {
  role: EvidenceRole;
  /** FHIR-like type of the record item the evidence points to. */
  resourceType:
    | 'Patient'
    | 'Encounter'
    | 'Condition'
    | 'Claim'
    | 'Observation'
    | 'Procedure'
    | 'MedicationRequest'
    | 'Immunization'
    | 'AllergyIntolerance';
  /** Id of the record item (`patientId` for demographics). */
  resourceId: string;
  date: string;
  code?: string;
  value?: number | string;
  unit?: string;
  /** Short human description (`HbA1c 8.2 %`, `Colonoscopy (CPT 45378)`). */
  description: string;
}

export interface CareGap {
  measureId: MeasureId;
  /** Published version the logic follows for this period, e.g. `CMS122v14`. */
  measureVersion: string;
  title: string;
  status: CareGapStatus;
  /** True for inverse measures (CMS122): their numerator counts poor control, so the gap closes when it is NOT met. */
  inverse: boolean;
  /** The measurement period: the calendar year that contains `asOf`. */
  measurementPeriod: { start: string; end: string };
  /**
   * Whether the measure's numerator is met as of `asOf` (for CMS122: poor control), `undefined` when
   * the patient is not in the population.
   */
  numeratorMet: boolean | undefined;
  /**
   * Open or prospective: the end of the measurement period. Closed: the last day on which the closing
   * evidence still counts (the end of the last measurement period whose lookback contains it).
   * Not applicable: `undefined`.
   */
  dueDate: string | undefined;
  notApplicableReason?: NotApplicableReason;
  /** Short human reason for the status. */
  reason: string;
  evidence: CareGapEvidence[];
}

export interface EvaluateCareGapsOptions {
  /** ISO date; the measurement period is its calendar year, and nothing dated after it is used. */
  asOf: string;
  /** Only these measures (default: all). */
  measures?: readonly MeasureId[];
}
