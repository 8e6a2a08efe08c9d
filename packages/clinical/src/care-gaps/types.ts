/**
 * The care gap: one measure's result for one patient as the product stores and shows it. The engine of
 * record is CMS's CQL (`@cairn/clinical/ecqm`: `createEcqmEngine`, then `toCareGap`); this file only says
 * the shape, so that what reads gaps need not load the CQL engine.
 */

/** The eCQMs Cairn evaluates (the measures of `data/ecqm`). */
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
 * - `open`: in the denominator (initial population, not excluded or excepted) and the numerator is not
 *   met (for the inverse CMS122: it is), on the data there is; care given by the period's end counts.
 * - `closed`: in the denominator and the numerator is met (for the inverse CMS122: the most recent
 *   HbA1c/GMI this period is 9.0 % or less).
 * - `not-applicable`: outside the population, or a denominator exclusion or exception; see
 *   `notApplicableReason`.
 *
 * There is no "prospective" (due at a future visit): the CQL decides on the data there is, and a patient
 * whose qualifying visit has not happened yet this period is not in the population.
 */
export type CareGapStatus = 'open' | 'closed' | 'not-applicable';

/**
 * Why a measure does not apply: `not-in-population` (the initial population or denominator is not met;
 * a MeasureReport does not say which criterion failed), `excluded` (a denominator exclusion: hospice,
 * palliative care, ...) or `excepted` (a denominator exception: a medical or patient reason).
 */
export type NotApplicableReason = 'not-in-population' | 'excluded' | 'excepted';

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
  /** The measure's library name and version whose logic decided it (`ControllingHighBloodPressureFHIR 0.1.000`). */
  measureVersion: string;
  title: string;
  status: CareGapStatus;
  /** True for inverse measures (CMS122): their numerator counts poor control, so the gap closes when it is NOT met. */
  inverse: boolean;
  /** The measurement period the measure was evaluated for (the product: the calendar year of the analysis). */
  measurementPeriod: { start: string; end: string };
  /** Whether the measure's numerator is met (for CMS122: poor control); `undefined` when not applicable. */
  numeratorMet: boolean | undefined;
  /** Open or closed: the end of the measurement period (the CQL does not say how long closing evidence lasts). */
  dueDate: string | undefined;
  notApplicableReason?: NotApplicableReason;
  /** One sentence saying why, from the populations and their evidence (`care-gap-reason.ts`). */
  reason: string;
  evidence: CareGapEvidence[];
}
