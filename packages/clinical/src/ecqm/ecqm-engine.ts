/**
 * The eCQM engine: CMS's published measure logic (ELM compiled from the measures' CQL, `data/ecqm`)
 * executed by cql-execution over cql-exec-fhir's view of FHIR R4 bundles; population membership by
 * fqm-execution's measure semantics and the individual MeasureReport by its MeasureReportBuilder
 * (`measure-result.ts`).
 *
 * Made for one engine per thread: `createEcqmEngine()` reads the content once and compiles each measure
 * on first use; `evaluate()` then runs bundles (one patient each) through every measure asked for.
 */
import { createHash } from 'node:crypto';
import { DateTime, Executor, Interval, type Results } from 'cql-execution';
import type { Bundle } from 'fhir/r4';
import { referenceDataDir } from '../data-dir';
import type { EcqmMeasureId } from './measure-catalog';
import { loadMeasureContent } from './measure-content';
import { compileMeasure, type MeasureProgram } from './measure-program';
import { measureResults } from './measure-result';
import { createPatientSource, type MeasurePatientSource } from './patient-source';
import { execInitialPopulationFirst } from './initial-population-first';
import { withoutMissingElementNotices } from './quiet-notices';
import { keyResourcesByTypeAndId } from './resource-keys';
import { rememberDateParsing } from './date-parsing';
import type { EcqmEvaluateOptions, EcqmMeasureResult, EcqmPatientResult } from './types';

export interface EcqmEngineOptions {
  /** The reference-data folder holding `ecqm/` (default: the repository's `data/`). */
  dataDir?: string;
  /**
   * Give each measure only the resources its retrieves can read, by its published data requirements
   * (`data-requirements.ts`); the same results, faster (docs/quality.md, "Speed"). Default true.
   */
  filterByDataRequirements?: boolean;
  /**
   * Let cql-execution tell resources apart by type and id (`resource-keys.ts`; for this whole process);
   * the same results, faster. Default true.
   */
  keyResourcesByTypeAndId?: boolean;
  /** Answer each profile's retrieve once per patient (`patient-source.ts`); the same results, faster. Default true. */
  rememberRetrieves?: boolean;
  /** Answer value-set membership from an index (`indexed-value-sets.ts`); the same results, faster. Default true. */
  indexValueSets?: boolean;
  /**
   * Let cql-execution parse each date-time string once (`date-parsing.ts`; for this whole process); the
   * same results, faster. Default true.
   */
  rememberDateParsing?: boolean;
  /**
   * Evaluate a patient's other definitions only when they are in one of the measure's initial populations
   * (`initial-population-first.ts`); the same populations, faster. Default true.
   */
  initialPopulationFirst?: boolean;
}

export interface EcqmEngine {
  /** The measures the content holds, in its order. */
  readonly measureIds: readonly EcqmMeasureId[];
  /**
   * A SHA-256 of the content the engine runs (each Measure resource, as published: its URL, version,
   * libraries and value sets): it changes when a measure is updated, so that what was evaluated with the
   * old content is evaluated again.
   */
  readonly contentDigest: string;
  /**
   * Evaluates each bundle (one patient's FHIR R4 resources, tagged with the QI-Core `meta.profile` the
   * measures' retrieves ask for) for every measure asked for: one result per Patient, in bundle order.
   * Calls run one after another (an engine holds one patient source).
   */
  evaluate(bundles: readonly Bundle[], options: EcqmEvaluateOptions): Promise<EcqmPatientResult[]>;
}

/** An engine over the content of `<dataDir>/ecqm` (see the module comment). */
export function createEcqmEngine(options: EcqmEngineOptions = {}): EcqmEngine {
  const content = loadMeasureContent(options.dataDir ?? referenceDataDir());
  if (options.keyResourcesByTypeAndId ?? true) keyResourcesByTypeAndId();
  if (options.rememberDateParsing ?? true) rememberDateParsing();
  const programs = new Map<EcqmMeasureId, MeasureProgram>();
  const programFor = (id: EcqmMeasureId): MeasureProgram => {
    let program = programs.get(id);
    if (!program) {
      const measure = content.find((item) => item.id === id);
      if (!measure) throw new Error(`Unknown measure ${id}`);
      program = compileMeasure(measure, { indexValueSets: options.indexValueSets ?? true });
      programs.set(id, program);
    }
    return program;
  };
  const source = createPatientSource(options.rememberRetrieves ?? true);
  const measureIds = content.map((item) => item.id);
  const contentDigest = createHash('sha256')
    .update(JSON.stringify(content.map((item) => item.measure)))
    .digest('base64');
  const filterByDataRequirements = options.filterByDataRequirements ?? true;
  const initialPopulationFirst = options.initialPopulationFirst ?? true;

  const evaluateNow = async (bundles: readonly Bundle[], evaluateOptions: EcqmEvaluateOptions) => {
    bundles.forEach(checkPatientBundle);
    const byPatient = new Map<string, EcqmMeasureResult[]>();
    source.load(bundles);
    for (const id of evaluateOptions.measures ?? measureIds) {
      const program = programFor(id);
      source.start(filterByDataRequirements ? program.keeps : undefined);
      const results = await runProgram(program, source, evaluateOptions, initialPopulationFirst);
      for (const [patientId, result] of measureResults(program, results, evaluateOptions)) {
        byPatient.set(patientId, [...(byPatient.get(patientId) ?? []), result]);
      }
    }
    return [...byPatient].map(([patientId, measures]): EcqmPatientResult => ({ patientId, measures }));
  };
  let queue: Promise<unknown> = Promise.resolve();
  return {
    measureIds,
    contentDigest,
    evaluate(bundles, evaluateOptions) {
      const run = queue.then(() => evaluateNow(bundles, evaluateOptions));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

/**
 * Throws a readable error for what cql-exec-fhir would fail on obscurely: not a Bundle, no entries, not
 * exactly one Patient.
 */
function checkPatientBundle(bundle: Bundle, index: number): void {
  const which = `Bundle ${String(index + 1)}`;
  if ((bundle as { resourceType?: unknown }).resourceType !== 'Bundle')
    throw new Error(`${which} is not a FHIR Bundle`);
  if (!Array.isArray(bundle.entry)) throw new Error(`${which} has no entries`);
  const patients = bundle.entry.filter((entry) => entry.resource?.resourceType === 'Patient').length;
  if (patients !== 1) throw new Error(`${which} has ${String(patients)} Patient resources; one patient per bundle`);
}

async function runProgram(
  program: MeasureProgram,
  source: MeasurePatientSource,
  options: EcqmEvaluateOptions,
  initialPopulationFirst: boolean,
): Promise<Results> {
  // fqm-execution's reading of a date-only period: from 00:00:00.000 to 23:59:59.999 UTC.
  const period = new Interval(
    DateTime.fromJSDate(new Date(`${options.periodStart}T00:00:00.000Z`), 0),
    DateTime.fromJSDate(new Date(`${options.periodEnd}T23:59:59.999Z`), 0),
  );
  const executor = new Executor(program.library, program.codeService, { 'Measurement Period': period });
  const now = DateTime.fromJSDate(new Date(), 0);
  return withoutMissingElementNotices(() =>
    initialPopulationFirst
      ? execInitialPopulationFirst(executor, source, now, program.initialPopulationExpressions)
      : executor.exec(source, now),
  );
}
