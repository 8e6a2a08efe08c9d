import { createHash } from 'node:crypto';
import type { CareGap, PatientRecord } from '@cairn/clinical';
import {
  CARE_GAP_VERSION,
  createEcqmEngine,
  toCareGap,
  toFhirBundle,
  type EcqmEngine,
  type EcqmMeasureResult,
  type FhirBundle,
  type MeasureReport,
} from '@cairn/clinical/ecqm';

/**
 * The quality pass's computation (issue 19): a patient's care gaps by CMS's CQL (`@cairn/clinical/ecqm`),
 * over the FHIR view of their record as of the analysis date, for the calendar year of that date.
 */

let engine: EcqmEngine | undefined;

/**
 * This thread's engine, made on first use and kept: each measure is compiled once (about 1 s of CPU for
 * the twelve), then every patient of the thread runs on it.
 */
export function qualityEngine(): EcqmEngine {
  engine ??= createEcqmEngine();
  return engine;
}

/** The measurement period of an analysis: the calendar year of its as-of date. */
export function measurementPeriodOf(asOf: string): { start: string; end: string } {
  const year = asOf.slice(0, 4);
  return { start: `${year}-01-01`, end: `${year}-12-31` };
}

/** What the measures read of one patient, and its digest. */
export interface QualityInput {
  bundle: FhirBundle;
  period: { start: string; end: string };
  /**
   * SHA-256 of everything the result depends on: the care-gap derivation's version, the measures'
   * content, the period and the FHIR view (its resources in a fixed order), so that an unchanged input is
   * not evaluated again and an updated measure is.
   */
  digest: string;
}

export function qualityInputOf(record: PatientRecord, asOf: string): QualityInput {
  const period = measurementPeriodOf(asOf);
  const bundle = toFhirBundle(record, { asOf });
  const keyed = (bundle.entry ?? []).map((entry) => ({
    key: `${entry.resource?.resourceType ?? ''}/${entry.resource?.id ?? ''}`,
    json: JSON.stringify(entry.resource),
  }));
  // Rows come from the database in no particular order: the digest reads the resources sorted.
  keyed.sort((left, right) => (left.key < right.key ? -1 : left.key > right.key ? 1 : 0));
  const hash = createHash('sha256').update(
    `${String(CARE_GAP_VERSION)}\n${qualityEngine().contentDigest}\n${period.start}/${period.end}\n`,
  );
  for (const { json } of keyed) hash.update(json).update('\n');
  return { bundle, period, digest: hash.digest('base64') };
}

/** One measure's individual MeasureReport, for `measure_reports`. */
export interface ComputedMeasureReport {
  measureId: string;
  measureUrl: string;
  measureVersion: string;
  report: MeasureReport;
  evaluatedResources: string[];
}

/** The care gaps of every measure and the reports of those whose initial population the patient is in. */
export interface ComputedQuality {
  careGaps: CareGap[];
  reports: ComputedMeasureReport[];
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Evaluates every measure for the patient, one measure at a time with a turn of the event loop between
 * them, so that a thread that also serves requests (PGlite's) answers them between measures.
 */
export async function evaluateQuality(input: QualityInput): Promise<ComputedQuality> {
  const results: EcqmMeasureResult[] = [];
  const options = { periodStart: input.period.start, periodEnd: input.period.end };
  for (const measureId of qualityEngine().measureIds) {
    const [patient] = await qualityEngine().evaluate([input.bundle], { ...options, measures: [measureId] });
    results.push(...(patient?.measures ?? []));
    await yieldToEventLoop();
  }
  return {
    careGaps: results.map(toCareGap),
    reports: results
      .filter((result) => result.groups.some((group) => group.populations['initial-population'] === true))
      .map((result) => ({
        measureId: result.measureId,
        measureUrl: result.measureUrl,
        measureVersion: result.measureVersion,
        report: result.report,
        evaluatedResources: result.evaluatedResources,
      })),
  };
}
