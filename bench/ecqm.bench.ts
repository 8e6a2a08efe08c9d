/**
 * eCQMs on CMS's CQL (issue 19): N generated five-year records (generate-record.ts, 2021-2025), each as
 * the FHIR view of the record (`toFhirBundle`), evaluated for all twelve measures, one patient per call,
 * on one thread; patients per second (wall and CPU) and the time per patient (p50, p95).
 *
 * Ways compared, each in a process of its own (some speed-ups change cql-execution for the whole
 * process): Cairn's engine (measures compiled once, cql-execution run on them, fqm-execution's population
 * semantics and MeasureReport) with none of its speed-ups, adding them one by one (bundles filtered by
 * each measure's data requirements; resources told apart by type and id; retrieves and field reads
 * remembered per patient; value sets indexed; date-time strings parsed once; initial population first), and fqm-execution's Calculator per measure and patient as documented (out of
 * the box), tuned (no HTML, clause coverage or SDEs; ELM cached; one PatientSource), and its calculateRaw.
 * The Calculator ways run on the first tenth of the records (they are slow). Each way's populations are
 * compared with the default engine's.
 * Usage: node --import tsx bench/ecqm.bench.ts [records] [ways, comma-separated: plain,filter,keys,retrieves,value-sets,dates,cairn,fqm-default,fqm-tuned,fqm-raw]
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { cpus, loadavg } from 'node:os';
import { PatientSource } from 'cql-exec-fhir';
import type { Bundle, MeasureReport } from 'fhir/r4';
import fqm, { type CalculationOptions } from 'fqm-execution';
import {
  createEcqmEngine,
  type EcqmEngineOptions,
  loadMeasureContent,
  reportPopulationCounts,
  toFhirBundle,
} from '../packages/clinical/src/ecqm';
import { generateRecord } from '../packages/clinical/src/suspecting/testing/generate-record';

const count = Number(process.argv[2] ?? 200);
const ways = (
  process.argv[3] ?? 'plain,filter,keys,retrieves,value-sets,dates,cairn,fqm-default,fqm-tuned,fqm-raw'
).split(',');
const PERIOD = { start: '2025-01-01', end: '2025-12-31' };

/** One way of evaluating a patient's bundle for all twelve measures: their populations, as JSON. */
type Way = (bundle: Bundle) => Promise<string>;

const populationsOf = (reports: MeasureReport[]): string =>
  JSON.stringify(reports.map((report) => reportPopulationCounts(report).map((group) => group.populations)));

function cairnWay(options: EcqmEngineOptions): Way {
  const engine = createEcqmEngine(options);
  return async (bundle) => {
    const [patient] = await engine.evaluate([bundle], { periodStart: PERIOD.start, periodEnd: PERIOD.end });
    return populationsOf((patient?.measures ?? []).map((measure) => measure.report));
  };
}

function calculatorWay(options: CalculationOptions, raw = false): Way {
  const content = loadMeasureContent();
  const source = PatientSource.FHIRv401({ requireProfileTagging: true });
  const tuned = options.useElmJsonsCaching === true;
  return async (bundle) => {
    const reports: MeasureReport[] = [];
    for (const measure of content) {
      // fqm-execution changes the options it is given: a fresh copy per call.
      const calculation: CalculationOptions = {
        ...options,
        measurementPeriodStart: PERIOD.start,
        measurementPeriodEnd: PERIOD.end,
      };
      if (tuned) {
        source.reset();
        source.loadBundles([bundle]);
        calculation.patientSource = source;
      }
      const bundles = tuned ? [] : [bundle];
      if (raw) {
        await fqm.Calculator.calculateRaw(measure.bundle, bundles, calculation);
      } else {
        const { results } = await fqm.Calculator.calculateMeasureReports(measure.bundle, bundles, calculation);
        reports.push(...(Array.isArray(results) ? results : [results]));
      }
    }
    return raw ? '' : populationsOf(reports);
  };
}

const NONE = {
  filterByDataRequirements: false,
  keyResourcesByTypeAndId: false,
  rememberRetrieves: false,
  indexValueSets: false,
  rememberDateParsing: false,
  initialPopulationFirst: false,
};
const WAYS: Record<string, { label: string; share: number; make: () => Way }> = {
  plain: { label: "Cairn's engine without its speed-ups", share: 1, make: () => cairnWay(NONE) },
  filter: {
    label: "Cairn's engine, bundles filtered by data requirements",
    share: 1,
    make: () => cairnWay({ ...NONE, filterByDataRequirements: true }),
  },
  keys: {
    label: "Cairn's engine, filtered, resources told apart by type and id",
    share: 1,
    make: () => cairnWay({ ...NONE, filterByDataRequirements: true, keyResourcesByTypeAndId: true }),
  },
  retrieves: {
    label: "Cairn's engine, filtered, keys, retrieves and field reads remembered",
    share: 1,
    make: () => cairnWay({ indexValueSets: false, rememberDateParsing: false, initialPopulationFirst: false }),
  },
  'value-sets': {
    label: "Cairn's engine, the same and value sets indexed",
    share: 1,
    make: () => cairnWay({ rememberDateParsing: false, initialPopulationFirst: false }),
  },
  dates: {
    label: "Cairn's engine, the same and dates parsed once",
    share: 1,
    make: () => cairnWay({ initialPopulationFirst: false }),
  },
  cairn: {
    label:
      "Cairn's engine as it runs (filtered, keys, retrieves and field reads remembered, value sets indexed, dates parsed once, initial population first)",
    share: 1,
    make: () => cairnWay({}),
  },
  'fqm-default': {
    label: 'fqm-execution calculateMeasureReports, default options',
    share: 0.1,
    make: () => calculatorWay({ reportType: 'individual' }),
  },
  'fqm-tuned': {
    label: 'fqm-execution calculateMeasureReports: no HTML, clause coverage or SDEs; ELM cached; one PatientSource',
    share: 0.1,
    make: () =>
      calculatorWay({
        reportType: 'individual',
        calculateHTML: false,
        calculateClauseCoverage: false,
        calculateSDEs: false,
        calculateRAVs: false,
        useElmJsonsCaching: true,
      }),
  },
  'fqm-raw': {
    label: 'fqm-execution calculateRaw (engine results only, no populations), tuned as above',
    share: 0.1,
    make: () => calculatorWay({ calculateSDEs: false, calculateRAVs: false, useElmJsonsCaching: true }, true),
  },
};

interface WayRun {
  label: string;
  patients: number;
  wallSeconds: number;
  cpuSeconds: number;
  times: number[];
  outputs: string[];
}

async function runWay(name: string, bundles: Bundle[]): Promise<WayRun> {
  const way = WAYS[name];
  if (!way) throw new Error(`Unknown way ${name}`);
  const evaluate = way.make();
  const sample = bundles.slice(0, Math.max(3, Math.round(bundles.length * way.share)));
  for (const bundle of sample.slice(0, 2)) await evaluate(bundle); // compile and warm up
  const times: number[] = [];
  const outputs: string[] = [];
  const cpuStarted = process.cpuUsage();
  const wallStarted = performance.now();
  for (const bundle of sample) {
    const at = performance.now();
    outputs.push(await evaluate(bundle));
    times.push(performance.now() - at);
  }
  const cpu = process.cpuUsage(cpuStarted);
  return {
    label: way.label,
    patients: sample.length,
    wallSeconds: (performance.now() - wallStarted) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    times: times.sort((left, right) => left - right),
    outputs,
  };
}

const records = Array.from({ length: count }, (_, index) => generateRecord(index + 1, PERIOD.end));
const converting = performance.now();
const bundles = records.map((record) => toFhirBundle(record, { asOf: PERIOD.end }));
const conversionMs = performance.now() - converting;

if (process.env.ECQM_BENCH_WAY) {
  // A child: one way, its figures as JSON on stdout's last line.
  console.log(JSON.stringify(await runWay(process.env.ECQM_BENCH_WAY, bundles)));
} else {
  const resources = bundles.reduce((sum, bundle) => sum + (bundle.entry?.length ?? 0), 0);
  console.log(
    `eCQM on CMS's CQL: ${String(count)} generated records, ${(resources / count).toFixed(0)} FHIR resources each, twelve measures, period 2025`,
  );
  console.log(
    `  records converted to FHIR in ${(conversionMs / count).toFixed(2)} ms each; ${cpus()[0]?.model ?? ''}, load ${loadavg()[0]?.toFixed(1) ?? ''}`,
  );
  const percentile = (sorted: number[], p: number): number =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
  let reference: string[] | undefined;
  for (const name of ['cairn', ...ways.filter((way) => way !== 'cairn')]) {
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'bench/ecqm.bench.ts', String(count)], {
      env: { ...process.env, ECQM_BENCH_WAY: name },
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    const last = child.stdout.trim().split('\n').at(-1) ?? '';
    if (child.status !== 0 || !last.startsWith('{')) throw new Error(`${name} failed: ${child.stderr}`);
    const run = JSON.parse(last) as WayRun;
    reference ??= run.outputs;
    const comparable = run.outputs.every((output) => output !== '');
    const agree = run.outputs.filter((output, index) => output === reference?.[index]).length;
    console.log(`\n  ${run.label}: ${String(run.patients)} patients`);
    console.log(
      `    ${(run.patients / run.wallSeconds).toFixed(2)} patients/s, ${(run.patients / run.cpuSeconds).toFixed(2)} per CPU second; per patient p50 ${percentile(run.times, 0.5).toFixed(0)} ms, p95 ${percentile(run.times, 0.95).toFixed(0)} ms`,
    );
    if (comparable)
      console.log(
        `    populations equal to the default engine's for ${String(agree)} of ${String(run.patients)} patients`,
      );
  }
}
