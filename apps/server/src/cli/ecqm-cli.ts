// `npm run --silent ecqm -- --measure CMS165|all [--period-start 2025-01-01] [--period-end 2025-12-31] FILE...`:
// evaluates FHIR R4 bundles (JSON, one patient each, with the QI-Core meta.profile tags the measures read)
// against CMS's eCQMs executed from their published CQL (@cairn/clinical/ecqm, docs/quality.md). Writes
// NDJSON to stdout: per file and measure, the patient's individual FHIR MeasureReport (measure URL,
// subject, period, each group's population counts); for a file that cannot be read or evaluated, an
// OperationOutcome naming the file, and the run goes on. `--measure` repeats or takes a comma list; the
// period defaults to the measures' own. Exit 0 when it ran, 1 on usage errors.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  createEcqmEngine,
  isEcqmMeasureId,
  loadMeasureContent,
  type EcqmMeasureId,
  type FhirBundle,
  type OperationOutcome,
} from '@cairn/clinical/ecqm';

const USAGE =
  'Usage: npm run --silent ecqm -- --measure CMS165|all [--period-start YYYY-MM-DD] [--period-end YYYY-MM-DD] FILE...';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

class UsageError extends Error {}

interface Run {
  measures: EcqmMeasureId[];
  periodStart: string;
  periodEnd: string;
  files: string[];
}

function parseCommandLine(argv: string[]): Run {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      measure: { type: 'string', multiple: true },
      'period-start': { type: 'string' },
      'period-end': { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  const content = loadMeasureContent();
  const asked = (values.measure ?? []).flatMap((value) => value.split(',')).map((value) => value.trim().toUpperCase());
  if (asked.length === 0) throw new UsageError('No --measure given');
  const measures = asked.includes('ALL') ? content.map((measure) => measure.id) : asked.filter(isEcqmMeasureId);
  const unknown = asked.filter((value) => value !== 'ALL' && !isEcqmMeasureId(value));
  if (unknown.length > 0) throw new UsageError(`Unknown measure ${unknown.join(', ')}`);
  const period = content[0]?.measure.effectivePeriod;
  const periodStart = values['period-start'] ?? period?.start ?? '';
  const periodEnd = values['period-end'] ?? period?.end ?? '';
  if (!ISO_DATE.test(periodStart) || !ISO_DATE.test(periodEnd) || periodEnd < periodStart) {
    throw new UsageError('--period-start and --period-end are dates (YYYY-MM-DD), the end not before the start');
  }
  if (positionals.length === 0) throw new UsageError('No file given');
  return { measures: [...new Set(measures)], periodStart, periodEnd, files: positionals };
}

function operationOutcome(file: string, error: unknown): OperationOutcome {
  const message = error instanceof Error ? error.message : String(error);
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'processing', diagnostics: `${file}: ${message.split('\n')[0] ?? ''}` }],
  };
}

async function main(argv: string[]): Promise<void> {
  const run = parseCommandLine(argv);
  const engine = createEcqmEngine();
  const write = (line: unknown): void => void process.stdout.write(`${JSON.stringify(line)}\n`);
  for (const file of run.files) {
    try {
      const bundle = JSON.parse(await readFile(file, 'utf8')) as FhirBundle;
      const patients = await engine.evaluate([bundle], run);
      for (const patient of patients) for (const measure of patient.measures) write(measure.report);
    } catch (error) {
      write(operationOutcome(file, error));
    }
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(error instanceof UsageError ? `${message}\n${USAGE}\n` : `${message}\n`);
  process.exitCode = 1;
}
