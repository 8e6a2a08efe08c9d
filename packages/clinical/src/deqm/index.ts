/**
 * Gaps in care as FHIR, per the Da Vinci DEQM implementation guide STU4 (`data/fhir/deqm`): a patient's
 * stored individual MeasureReports made a gaps-in-care document Bundle. Without the CQL engine (the reports
 * are the engine's, computed beforehand), so that a request can import it. Imported as
 * `@cairn/clinical/deqm`; see README.md.
 */
export { toFhirBundle } from '../ecqm/to-fhir-bundle';
export { ECQM_MEASURE_IDS, isEcqmMeasureId, measureFacts, type EcqmMeasureId } from '../ecqm/measure-catalog';
export { loadMeasureContent, type EcqmMeasureContent } from '../ecqm/measure-content';
export {
  DEQM_EXTENSION,
  DEQM_PROFILE,
  GAP_STATUSES,
  GAPS_STATUS_SYSTEM,
  isGapStatus,
  type GapStatus,
} from './deqm-urls';
export { gapStatusOf } from './gap-status';
export { referencesIn, toGapsBundle, type GapsBundleOptions, type GapsReportMeasure } from './gaps-bundle';
export { toIndividualMeasureReport, type IndividualReportOptions } from './individual-report';
