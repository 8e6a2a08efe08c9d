/**
 * Care gaps from published eCQMs (CMS122, CMS165, CMS125, CMS130, CMS2, CMS69, CMS138, CMS131,
 * CMS951): population, exclusions, numerator, status, evidence and the date by which each must close.
 * See README.md for the status definitions and the value-set subsets.
 */
export { evaluateCareGaps, CARE_GAP_MEASURES } from './evaluate-care-gaps';
export type {
  CareGap,
  CareGapEvidence,
  CareGapStatus,
  EvaluateCareGapsOptions,
  EvidenceRole,
  MeasureId,
  NotApplicableReason,
} from './types';
