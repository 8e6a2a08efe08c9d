/**
 * eCQMs on CMS's published logic: the measures' CQL (as ELM, `data/ecqm`) executed by cql-execution over
 * FHIR R4, populations and individual MeasureReports by fqm-execution, with the resources that decided
 * each population. Imported as `@cairn/clinical/ecqm`, apart from the package's index, so that what
 * imports `@cairn/clinical` does not load the CQL engine. See README.md and docs/quality.md.
 */
export { createEcqmEngine } from './ecqm-engine';
export type { EcqmEngine, EcqmEngineOptions } from './ecqm-engine';
export { ECQM_MEASURE_IDS, isEcqmMeasureId, measureFacts } from './measure-catalog';
export type { EcqmMeasureId } from './measure-catalog';
export { loadMeasureContent, normalizeValueSetUrl } from './measure-content';
export type { EcqmMeasureContent } from './measure-content';
export { reportPopulationCounts } from './measure-report';
export { toFhirBundle } from './to-fhir-bundle';
export type { ToFhirBundleOptions } from './to-fhir-bundle';
export { RECORD_ITEM_SYSTEM, fhirId, recordItemOf } from './fhir-view';
export { CARE_GAP_VERSION, toCareGap } from './to-care-gap';
export type { ReportGroupCounts } from './measure-report';
export { POPULATION_CODES } from './types';
export type { Bundle as FhirBundle, MeasureReport, OperationOutcome } from 'fhir/r4';
export type {
  EcqmEvaluateOptions,
  EcqmEvidence,
  EcqmGroupResult,
  EcqmMeasureResult,
  EcqmPatientResult,
  PopulationCode,
} from './types';
