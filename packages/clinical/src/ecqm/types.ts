/** Public types of the eCQM engine (`createEcqmEngine`). */
import type { FhirResource, MeasureReport } from 'fhir/r4';
import type { EcqmMeasureId } from './measure-catalog';

/** The populations of the twelve proportion measures, by their FHIR measure-population codes. */
export const POPULATION_CODES = [
  'initial-population',
  'denominator',
  'denominator-exclusion',
  'denominator-exception',
  'numerator',
  'numerator-exclusion',
] as const;

export type PopulationCode = (typeof POPULATION_CODES)[number];

/** A resource of the patient's bundle that the measure's logic used. */
export interface EcqmEvidence {
  /** `Observation/obs-1` */
  reference: string;
  resourceType: string;
  id: string;
  /** The resource as the engine read it (the object of the patient's bundle, not a copy). */
  resource: FhirResource;
}

export interface EcqmGroupResult {
  /** The Measure's group id. */
  groupId: string;
  /**
   * Membership in each population the group defines, after the measure's population semantics (a patient
   * in the numerator is in the denominator; an excluded one is in no numerator).
   */
  populations: Partial<Record<PopulationCode, boolean>>;
  /**
   * Why, per population the group defines: for a population the patient is in, the resources in the
   * results of the CQL expressions that made it true (the branches that held); for one they are not in,
   * the resources its expressions found that did not suffice (a blood pressure not below 140/90, a
   * screening too old). Patient resources are left out.
   */
  evidence: Partial<Record<PopulationCode, EcqmEvidence[]>>;
}

export interface EcqmMeasureResult {
  measureId: EcqmMeasureId;
  /** The Measure's canonical URL. */
  measureUrl: string;
  measureVersion: string;
  title: string;
  /** The patient's individual FHIR MeasureReport (fqm-execution's MeasureReportBuilder). */
  report: MeasureReport;
  groups: EcqmGroupResult[];
  /** Every resource the engine retrieved for this measure (`Condition/c-1`), as fqm's `evaluatedResource`. */
  evaluatedResources: string[];
}

export interface EcqmPatientResult {
  /** The id of the bundle's Patient. */
  patientId: string;
  /** One result per measure evaluated, in the order asked for. */
  measures: EcqmMeasureResult[];
}

export interface EcqmEvaluateOptions {
  /** First day of the measurement period (`2025-01-01`), from 00:00:00.000 UTC. */
  periodStart: string;
  /** Last day of the measurement period (`2025-12-31`), to 23:59:59.999 UTC. */
  periodEnd: string;
  /** Only these measures (default: every measure of the engine). */
  measures?: readonly EcqmMeasureId[];
}
