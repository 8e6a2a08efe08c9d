// `npm run analyse -- [--all] [--org SLUG] [--no-drain] [--today YYYY-MM-DD] [--batch N] [--concurrency N] [--threads N]`: `--all` queues an analysis of
// every patient (of one organisation with --org), as after a rule update, in one statement; then, unless
// --no-drain, this process drains the queue (with or without --all) until it is empty. Any number of these
// and of servers may drain one database at once. Progress goes to stderr; the last line of stdout is a JSON
// summary: jobs queued, analyses run, seconds, patients per second.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { defaultAnalysisThreads, loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { organisations } from '../db/schema';
import { runMigrations } from '../db/migrate';
import { drainAnalysisQueue, queueAllPatients } from '../modules/analysis';

const USAGE =
  'usage: npm run analyse -- [--all] [--org SLUG] [--no-drain] [--today YYYY-MM-DD] [--batch N] [--concurrency N] [--threads N]';
const { values } = parseArgs({
  options: {
    all: { type: 'boolean', default: false },
    org: { type: 'string' },
    'no-drain': { type: 'boolean', default: false },
    today: { type: 'string' },
    batch: { type: 'string' },
    concurrency: { type: 'string' },
    threads: { type: 'string' },
  },
});
const batchSize = values.batch === undefined ? undefined : Number(values.batch);
const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
// Threads that drain the queue, each with its own connections (PostgreSQL; default one per core but one).
const threads = Number(values.threads ?? defaultAnalysisThreads());
const isCount = (value: number | undefined) => value === undefined || (Number.isInteger(value) && value > 0);
if (
  (values.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.today)) ||
  !isCount(batchSize) ||
  !isCount(concurrency) ||
  !Number.isInteger(threads)
) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig(process.env);
const database = await openDatabase(config);
try {
  await runMigrations(database);
  let queued = 0;
  const queueStarted = performance.now();
  if (values.all) {
    let organisationId: string | undefined;
    if (values.org !== undefined) {
      const [organisation] = await database.db
        .select({ id: organisations.id })
        .from(organisations)
        .where(eq(organisations.slug, values.org));
      if (!organisation) {
        console.error(`no organisation ${values.org}`);
        process.exit(1);
      }
      organisationId = organisation.id;
    }
    queued = await queueAllPatients(database.db, organisationId);
    console.error(`queued ${String(queued)} analyses`);
  }
  const queueSeconds = Math.round(performance.now() - queueStarted) / 1000;
  let drained: Record<string, number> | undefined;
  if (!values['no-drain']) {
    const startedAt = Date.now();
    const started = performance.now();
    const analyses = await drainAnalysisQueue(database, {
      ...(values.today ? { today: () => values.today ?? '' } : {}),
      ...(batchSize ? { batchSize } : {}),
      ...(concurrency ? { concurrency } : {}),
      threads,
    });
    const seconds = (performance.now() - started) / 1000;
    drained = {
      startedAt,
      finishedAt: Date.now(),
      analyses,
      seconds: Math.round(seconds * 10) / 10,
      patientsPerSecond: Math.round(analyses / Math.max(seconds, 0.001)),
    };
  }
  console.log(JSON.stringify({ database: database.kind, queued, queueSeconds, ...drained }));
} finally {
  await database.close();
}
