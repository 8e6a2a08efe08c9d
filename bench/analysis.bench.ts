// Issue 18, "Analysis at population speed": re-analysing every patient (as after a rule update) on
// PostgreSQL with one server process, then with two sharing the queue, and a routine refresh when no data
// changed. `npm run bench -- analysis` seeds 100,000 patients (`node --import tsx bench/analysis.bench.ts N`
// for N) into a database of its own, created and dropped. BENCH_DATABASE_URL reuses a database already
// seeded (`npm run seed -- --patients N`) and leaves it; BENCH_ADMIN_URL (default
// postgres://root@127.0.0.1:5432/postgres); BENCH_ANALYSE_ARGS passes options to the drainers
// (e.g. `--batch 250 --concurrency 2`). Each drainer is `npm run analyse`, a process of its own.
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { createBenchDatabase, type BenchDatabase } from './support/bench-database';

const patients = Number(process.argv[2] ?? 100_000);
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const reuseUrl = process.env.BENCH_DATABASE_URL;
const analyseArgs = (process.env.BENCH_ANALYSE_ARGS ?? '').split(' ').filter(Boolean);
const DATABASE_NAME = 'cairn_bench_analysis';

interface DrainSummary {
  queued: number;
  queueSeconds: number;
  analyses?: number;
  startedAt?: number;
  finishedAt?: number;
}

/** Runs a server CLI in a process of its own; answers the JSON of its last stdout line. */
function runCli<T>(script: string, args: string[], databaseUrl: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/cli/${script}`, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`${script} exited with ${String(code)}`));
      else resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as T);
    });
  });
}

const load = () => loadavg()[0]?.toFixed(1) ?? '?';
const rate = (count: number, milliseconds: number) => Math.round((count * 1000) / milliseconds);

/** Drains the queue with `processes` drainers at once; answers analyses, wall seconds and rate. */
async function drainWith(
  url: string,
  processes: number,
): Promise<{ analyses: number[]; seconds: number; perSecond: number }> {
  const runs = await Promise.all(
    Array.from({ length: processes }, () => runCli<DrainSummary>('analyse-cli.ts', analyseArgs, url)),
  );
  const started = Math.min(...runs.map((run) => run.startedAt ?? 0));
  const finished = Math.max(...runs.map((run) => run.finishedAt ?? 0));
  const analyses = runs.map((run) => run.analyses ?? 0);
  const total = analyses.reduce((sum, count) => sum + count, 0);
  return { analyses, seconds: (finished - started) / 1000, perSecond: rate(total, finished - started) };
}

async function reanalyseAll(database: BenchDatabase, processes: number): Promise<void> {
  const [{ marker } = { marker: 0 }] = await database.query<{ marker: number }>(
    'select coalesce(max(id), 0)::bigint as marker from analysis_jobs',
  );
  const queued = await runCli<DrainSummary>('analyse-cli.ts', ['--all', '--no-drain'], database.url);
  const loadBefore = load();
  const drained = await drainWith(database.url, processes);
  const [check] = await database.query<{ jobs: number; patients: number; twice: number; not_done: number }>(
    `select count(*)::int as jobs, count(distinct patient_id)::int as patients,
       count(*) filter (where attempts > 1)::int as twice, count(*) filter (where status <> 'done')::int as not_done
     from analysis_jobs where id > $1`,
    [marker],
  );
  const total = drained.analyses.reduce((sum, count) => sum + count, 0);
  console.log(
    `re-analyse all, ${String(processes)} process${processes === 1 ? '' : 'es'}: queued ${String(queued.queued)} in ` +
      `${queued.queueSeconds.toFixed(1)} s (one statement); ${String(total)} analyses ` +
      `(${drained.analyses.join(' + ')}) in ${drained.seconds.toFixed(1)} s = ${String(drained.perSecond)} patients/s; ` +
      `load average ${loadBefore} before, ${load()} after`,
  );
  console.log(
    `  each job once: ${String(check?.jobs)} jobs for ${String(check?.patients)} patients, ` +
      `${String(check?.twice)} run twice, ${String(check?.not_done)} not done, analyses counted ${String(total)}`,
  );
}

async function openBenchDatabase(): Promise<BenchDatabase> {
  if (reuseUrl) {
    // A database seeded before: kept at the end (its "drop" only ends the pool).
    const pool = new pg.Pool({ connectionString: reuseUrl, max: 2 });
    const first = await drainWith(reuseUrl, 1);
    console.log(`pending jobs of the reused database: ${String(first.analyses[0])} analysed`);
    return {
      url: reuseUrl,
      query: async <Row extends pg.QueryResultRow>(statement: string, values: unknown[] = []) =>
        (await pool.query<Row>(statement, values)).rows,
      drop: () => pool.end(),
    };
  }
  const database = await createBenchDatabase(adminUrl, DATABASE_NAME);
  const started = performance.now();
  const seeded = await runCli<{ seconds: number }>('seed-cli.ts', ['--patients', String(patients)], database.url);
  console.log(
    `seeded ${String(patients)} patients in ${seeded.seconds.toFixed(0)} s (${((performance.now() - started) / 1000).toFixed(0)} s with statistics)`,
  );
  const first = await drainWith(database.url, 1);
  console.log(
    `first analysis of the seeded queue: ${String(first.analyses[0])} in ${first.seconds.toFixed(1)} s = ${String(first.perSecond)} patients/s`,
  );
  return database;
}

console.log(
  `${String(cpus().length)} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, load average ${load()}`,
);
const database = await openBenchDatabase();
try {
  await database.query('vacuum analyze');
  await reanalyseAll(database, 1);
  await reanalyseAll(database, 2);
  const refresh = await drainWith(database.url, 1);
  console.log(
    `routine refresh, no data changed: ${String(refresh.analyses[0])} analyses in ${refresh.seconds.toFixed(2)} s`,
  );
} finally {
  await database.drop();
}
