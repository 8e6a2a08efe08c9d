// `npm run seed -- --patients N [--org SLUG] [--seed S] [--today YYYY-MM-DD] [--claim-years Y] [--analyse [--no-quality]]`:
// adds N synthetic patients with histories and appointments (and Y calendar years of claims and stays, three unless
// told) to an organisation of the configured database (PGlite
// under CAIRN_DATA_DIR unless DATABASE_URL), after applying migrations; `--analyse` analyses them, then
// evaluates their quality measures (CMS's CQL, about 0.1-0.3 s of CPU per patient; `--no-quality` leaves
// those jobs to the servers). Progress goes to stderr; the last line of stdout is a JSON summary.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { drainAnalysisQueue } from '../modules/analysis';
import { seedScale } from '../modules/demo';

const { values } = parseArgs({
  options: {
    patients: { type: 'string' },
    org: { type: 'string', default: 'scale' },
    seed: { type: 'string', default: '1' },
    today: { type: 'string' },
    'claim-years': { type: 'string' },
    analyse: { type: 'boolean', default: false },
    'no-quality': { type: 'boolean', default: false },
  },
});
const patients = Number(values.patients);
const seed = Number(values.seed);
const claimYears = values['claim-years'] === undefined ? undefined : Number(values['claim-years']);
if (
  !Number.isInteger(patients) ||
  patients < 0 ||
  !Number.isInteger(seed) ||
  (claimYears !== undefined && (!Number.isInteger(claimYears) || claimYears < 1))
) {
  console.error(
    'usage: npm run seed -- --patients N [--org SLUG] [--seed S] [--today YYYY-MM-DD] [--claim-years Y] [--analyse [--no-quality]]',
  );
  process.exit(2);
}
if (values.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.today)) {
  console.error('--today must be YYYY-MM-DD');
  process.exit(2);
}

const config = loadConfig(process.env);
const database = await openDatabase(config);
try {
  await runMigrations(database);
  const summary = await seedScale(database.db, {
    patients,
    slug: values.org,
    seed,
    ...(values.today ? { today: values.today } : {}),
    ...(claimYears === undefined ? {} : { claimYears }),
    onProgress: (message) => console.error(message),
  });
  // Fresh planner statistics after a bulk load: without them the analysis queries pick sequential scans.
  console.error('analysing table statistics...');
  await database.db.execute(sql`analyze`);
  let analysed: { analyses: number; analysisSeconds: number } | undefined;
  if (values.analyse) {
    const started = performance.now();
    console.error('analysing the queue...');
    const analyses = await drainAnalysisQueue(database, {
      ...(values.today ? { today: () => values.today ?? '' } : {}),
      quality: !values['no-quality'],
    });
    analysed = { analyses, analysisSeconds: Math.round((performance.now() - started) / 100) / 10 };
  }
  console.log(JSON.stringify({ ...summary, database: database.kind, ...analysed }));
} finally {
  await database.close();
}
