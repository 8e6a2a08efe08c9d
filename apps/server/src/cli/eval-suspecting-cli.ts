// `npm run --silent eval:suspecting -- [--json] DIR...`: measures the suspecting engine on Synthea
// bundles (every `.json` file of each DIR, the DIR's name is the data set). Each bundle is imported into
// a scratch in-memory PGlite twice, as it is and without its conditions, and `suspect()` is scored
// against the patient's own active chronic V28 HCC conditions (docs/benchmarks.md, "Suspecting recall on
// Synthea"). Progress goes to stderr; the report (Markdown, or JSON with --json) to stdout.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { parseFhirJson } from '../integrations/fhir/fhir-json';
import { createEvaluationOrganisations, evaluateBundle, type PatientResult } from './eval-suspecting/evaluate';
import { buildReport, formatReport } from './eval-suspecting/report';

const USAGE = 'Usage: npm run --silent eval:suspecting -- [--json] DIR...';

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { json: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length === 0) throw new Error(`No directory given\n${USAGE}`);
  const database = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
  try {
    await runMigrations(database);
    const organisations = await createEvaluationOrganisations(database.db);
    const results: PatientResult[] = [];
    for (const directory of positionals) {
      const dataset = basename(directory.replace(/\/+$/, ''));
      const files = (await readdir(directory)).filter((file) => file.endsWith('.json')).sort();
      for (const file of files) {
        const bundle = parseFhirJson(await readFile(join(directory, file), 'utf8'));
        const result = await evaluateBundle(database.db, { organisations, dataset, file, bundle });
        process.stderr.write(
          `${dataset}/${file}: ${result ? `as of ${result.asOf}` : 'skipped (no patient or encounter)'}\n`,
        );
        if (result) results.push(result);
      }
    }
    const report = buildReport(results);
    process.stdout.write(values.json ? `${JSON.stringify({ report, patients: results })}\n` : formatReport(report));
  } finally {
    await database.close();
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
