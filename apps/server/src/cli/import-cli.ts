// `npm run --silent import -- [--org SLUG] [--source EHR|HIE] FILE...`: imports FHIR R4 bundles (JSON or
// NDJSON) into the configured database. Progress goes to stderr; the last line of stdout is the result,
// `{"imported":{...},"rejected":[...],"unmappedSnomed":[...],"totals":{...}}`; `unmappedSnomed` counts
// the conditions stored without an ICD-10-CM code per SNOMED CT code (`{code, display, conditions}`). Exit 0
// when it ran (even with rejections), 1 on usage errors and unreadable files.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { fileStoreFor } from '../integrations/files/file-store';
import { seedDemo } from '../modules/demo';
import {
  findOrganisationBySlug,
  importBundle,
  organisationTotals,
  type Rejection,
  type UnmappedSnomedCode,
  ImportFileError,
  readImportFiles,
} from '../modules/ingestion';

/** Resources imported in one run past which the planner's statistics are refreshed. */
const ANALYZE_AFTER = 10_000;

const USAGE = 'Usage: npm run --silent import -- [--org SLUG] [--source EHR|HIE] FILE...';

class UsageError extends Error {}
/** A clear failure that is not about how the command was called. */
class CliError extends Error {}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(argv);
  const source = values.source ?? 'EHR';
  if (source !== 'EHR' && source !== 'HIE') throw new UsageError(`--source must be EHR or HIE, not ${source}`);
  if (positionals.length === 0) throw new UsageError('No file to import');
  const inputs = await readImportFiles(positionals);

  const config = loadConfig(process.env);
  const database = await openDatabase(config);
  try {
    await runMigrations(database);
    if (config.demo) await seedDemo(database.db, config);
    const slug = values.org ?? 'demo';
    const organisation = await findOrganisationBySlug(database.db, slug);
    if (!organisation) throw new CliError(`Unknown organisation: ${slug}`);
    const fileStore = fileStoreFor(config);
    const imported: Record<string, number> = {};
    const rejected: (Rejection & { file: string })[] = [];
    const unmapped = new Map<string, UnmappedSnomedCode>();
    for (const input of inputs) {
      const result = await importBundle(database.db, {
        organisationId: organisation.id,
        source,
        bundle: input.bundle,
        fileStore,
      });
      for (const [type, count] of Object.entries(result.imported)) imported[type] = (imported[type] ?? 0) + count;
      rejected.push(...result.rejected.map((rejection) => ({ ...rejection, file: input.file })));
      for (const item of result.unmappedSnomed) {
        const sum = unmapped.get(item.code) ?? { ...item, conditions: 0 };
        unmapped.set(item.code, { ...sum, conditions: sum.conditions + item.conditions });
      }
      const resources = Object.values(result.imported).reduce((sum, count) => sum + count, 0);
      process.stderr.write(
        `${input.file}: ${String(resources)} imported, ${String(result.rejected.length)} rejected, ` +
          `${String(result.unmappedSnomed.length)} SNOMED CT codes without ICD-10-CM\n`,
      );
    }
    // After a bulk load the planner's statistics are stale, and the analyses' queries slow to a crawl.
    const importedCount = Object.values(imported).reduce((sum, count) => sum + count, 0);
    if (importedCount >= ANALYZE_AFTER) await database.db.execute(sql`analyze`);
    const totals = await organisationTotals(database.db, organisation.id);
    const unmappedSnomed = [...unmapped.values()].sort((left, right) => right.conditions - left.conditions);
    process.stdout.write(`${JSON.stringify({ imported, rejected, unmappedSnomed, totals })}\n`);
  } finally {
    await database.close();
  }
}

function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: { org: { type: 'string' }, source: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n${USAGE}\n`);
  } else if (error instanceof ImportFileError || error instanceof CliError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Import failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exitCode = 1;
}
