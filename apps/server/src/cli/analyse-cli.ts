// `npm run analyse -- [--all] [--quality-all] [--org SLUG] [--no-drain] [--no-quality] [--today YYYY-MM-DD] [--batch N]
// [--concurrency N] [--threads N] [--quality-threads N]`: `--all` queues an analysis of every patient (of one
// organisation with --org), as after a rule update, in one statement; `--quality-all` a quality evaluation of
// every analysed patient, as after an update of the measures (CMS's CQL; each is run again only if its input
// changed). Then, unless --no-drain, this process drains the analysis queue until it is empty, then the quality
// queue (unless --no-quality). Any number of these and of servers may drain one database at once. Progress goes
// to stderr; the last line of stdout is a JSON summary: jobs queued, analyses run, seconds, patients per
// second, and the quality pass's patients, seconds and patients per second.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { defaultAnalysisThreads, loadConfig } from '../config/env';
import { openDatabase } from '../db/client';
import { organisations } from '../db/schema';
import { runMigrations } from '../db/migrate';
import { drainAnalysisQueue, drainQualityQueue, queueAllPatients, queueAllQualityJobs } from '../modules/analysis';

const USAGE =
  'usage: npm run analyse -- [--all] [--quality-all] [--org SLUG] [--no-drain] [--no-quality] [--today YYYY-MM-DD] [--batch N] [--concurrency N] [--threads N] [--quality-threads N]';
const { values } = parseArgs({
  options: {
    all: { type: 'boolean', default: false },
    'quality-all': { type: 'boolean', default: false },
    org: { type: 'string' },
    'no-drain': { type: 'boolean', default: false },
    'no-quality': { type: 'boolean', default: false },
    'quality-threads': { type: 'string' },
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
// The quality pass's threads, one CQL engine each (default: as many as the analysis threads).
const qualityThreads = Number(values['quality-threads'] ?? threads);
const isCount = (value: number | undefined) => value === undefined || (Number.isInteger(value) && value > 0);
if (
  (values.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.today)) ||
  !isCount(batchSize) ||
  !isCount(concurrency) ||
  !Number.isInteger(threads) ||
  !Number.isInteger(qualityThreads)
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
  let organisationId: string | undefined;
  if (values.all || values['quality-all']) {
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
  }
  if (values.all) {
    queued = await queueAllPatients(database.db, organisationId);
    console.error(`queued ${String(queued)} analyses`);
  }
  if (values['quality-all']) {
    const qualityQueued = await queueAllQualityJobs(database.db, organisationId);
    console.error(`queued ${String(qualityQueued)} quality evaluations`);
  }
  const queueSeconds = Math.round(performance.now() - queueStarted) / 1000;
  let drained: Record<string, number> | undefined;
  if (!values['no-drain']) {
    const startedAt = Date.now();
    const started = performance.now();
    const today = values.today ? { today: () => values.today ?? '' } : {};
    const analyses = await drainAnalysisQueue(database, {
      ...today,
      ...(batchSize ? { batchSize } : {}),
      ...(concurrency ? { concurrency } : {}),
      threads,
      quality: false,
    });
    const seconds = (performance.now() - started) / 1000;
    drained = {
      startedAt,
      finishedAt: Date.now(),
      analyses,
      seconds: Math.round(seconds * 10) / 10,
      patientsPerSecond: Math.round(analyses / Math.max(seconds, 0.001)),
    };
    if (!values['no-quality']) {
      console.error('evaluating the quality measures...');
      const qualityStarted = performance.now();
      const qualityPatients = await drainQualityQueue(database, { ...today, threads, qualityThreads });
      const qualitySeconds = (performance.now() - qualityStarted) / 1000;
      drained = {
        ...drained,
        qualityPatients,
        qualitySeconds: Math.round(qualitySeconds * 10) / 10,
        qualityPatientsPerSecond: Math.round((qualityPatients / Math.max(qualitySeconds, 0.001)) * 10) / 10,
      };
    }
  }
  console.log(JSON.stringify({ database: database.kind, queued, queueSeconds, ...drained }));
} finally {
  await database.close();
}
