// Issue 19, "Speed": the quality pass (care gaps by CMS's CQL, twelve measures) through the real worker
// pipeline on PostgreSQL: claim, read the records, write their FHIR view and digest, evaluate, store care
// gaps, care_gaps rows and MeasureReports. On N five-year records of the clinical package's generator:
// (a) one patient's twelve measures inside the pass (p50, p95; budget p95 <= 300 ms), on one quality thread;
// (b) the population's throughput on the quality threads (default 2, the machine's cores) and its
// extrapolation to 100,000 patients (budget <= 2 hours on 2 cores); (c) issue 18's budget beside it:
// suggestions re-analysed alone, and while the quality pass runs on its (lower-priority) thread.
//   node --import tsx bench/quality.bench.ts [patients=5000] [quality threads=2] [timed patients=300]
// A database of its own (BENCH_ADMIN_URL, default postgres://root@127.0.0.1:5432/postgres), created and dropped.
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import {
  drainAnalysisQueue,
  drainQualityQueue,
  markPatientsChanged,
  queueAllPatients,
} from '../apps/server/src/modules/analysis';
import { createOrganisation } from '../apps/server/src/testing/factories';
import { insertGeneratedPatients } from '../apps/server/src/testing/generated-patients';
import { createBenchDatabase } from './support/bench-database';

const patientCount = Number(process.argv[2] ?? 5000);
const qualityThreads = Number(process.argv[3] ?? 2);
const timedCount = Number(process.argv[4] ?? 300);
const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
// The generator's records hold five calendar years up to this day; the measurement period is its year.
const TODAY = '2026-06-30';
const today = () => TODAY;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
const seconds = (started: number) => (performance.now() - started) / 1000;
const TICKS_PER_SECOND = 100;

/**
 * The CPU seconds PostgreSQL's backends serving this benchmark's database used, sampled every second while
 * `work` runs (a backend's utime and stime from /proc, kept at their last reading): the other half of
 * the pass's cost, beside this process's.
 */
async function withDatabaseCpu<T>(work: Promise<T>): Promise<{ result: T; databaseCpuSeconds: number }> {
  const used = new Map<number, number>();
  const sample = async () => {
    const backends = await bench.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const { pid } of backends) {
      try {
        const fields =
          readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
            .split(') ')[1]
            ?.split(' ') ?? [];
        used.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
      } catch {
        // The backend ended between the query and the read.
      }
    }
  };
  const before = await bench.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  await sample();
  const baseline = new Map(used);
  const timer = setInterval(() => void sample(), 1000);
  try {
    const result = await work;
    await sample();
    const databaseCpuSeconds = [...used].reduce(
      (sum, [pid, cpu]) => sum + cpu - (before.some((row) => row.pid === pid) ? (baseline.get(pid) ?? 0) : 0),
      0,
    );
    return { result, databaseCpuSeconds };
  } finally {
    clearInterval(timer);
  }
}

console.log(`quality pass: ${String(patientCount)} patients, ${String(qualityThreads)} quality threads`);
console.log(`machine: ${String(cpus().length)} × ${cpus()[0]?.model ?? '?'}, node ${process.version}, load ${load()}`);
const bench = await createBenchDatabase(adminUrl, 'cairn_bench_quality');
const database = await openDatabase({ databaseUrl: bench.url, dataDir: '' });
try {
  await runMigrations(database);
  const { id: organisationId } = await createOrganisation(database.db);

  let started = performance.now();
  const ids: string[] = [];
  for (let firstSeed = 1; firstSeed <= patientCount; firstSeed += 500) {
    const count = Math.min(500, patientCount - firstSeed + 1);
    ids.push(...(await insertGeneratedPatients(database.db, { organisationId, count, asOf: TODAY, firstSeed })));
    console.error(`seeded ${String(ids.length)}`);
  }
  await database.db.execute(sql`analyze`);
  const rows = await bench.query<{ count: string }>(
    `select (select count(*) from encounters) + (select count(*) from conditions) + (select count(*) from observations)
      + (select count(*) from claim_diagnoses) + (select count(*) from medications) + (select count(*) from procedures) as count`,
  );
  console.log(
    `seeded ${String(ids.length)} patients, ${(Number(rows[0]?.count ?? 0) / ids.length).toFixed(0)} clinical rows each, in ${seconds(started).toFixed(0)} s`,
  );

  started = performance.now();
  await markPatientsChanged(database.db, organisationId, ids);
  const analyses = await drainAnalysisQueue(database, { today, threads: 1, quality: false });
  console.log(
    `suggestions, first analysis: ${String(analyses)} in ${seconds(started).toFixed(1)} s (quality jobs queued)`,
  );

  // (a) One patient's twelve measures inside the pass, on one quality thread (as the servers run it), the
  // others' jobs held back: each patient's evaluation (the engine and the gaps derived) as the thread times
  // it, wall and the process's CPU meanwhile (this thread idles); the batches' reads and stores are in the
  // patients per second. The thread's first patient compiles the engine: left out.
  await database.db.execute(sql`update quality_jobs set status = 'held'
    where status = 'pending' and id not in (select id from quality_jobs order by id limit ${timedCount + 1})`);
  const wall: number[] = [];
  const cpu: number[] = [];
  started = performance.now();
  await drainQualityQueue(database, {
    today,
    qualityThreads: 1,
    onEvaluated: (milliseconds, cpuMilliseconds) => {
      wall.push(milliseconds);
      cpu.push(cpuMilliseconds);
    },
  });
  const timedSeconds = seconds(started);
  wall.shift();
  cpu.shift();
  const spread = (values: number[]) => {
    const sorted = [...values].sort((left, right) => left - right);
    return `p50 ${percentile(sorted, 0.5).toFixed(0)} ms, p95 ${percentile(sorted, 0.95).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`;
  };
  console.log(
    `(a) twelve measures per patient in the pass, one quality thread, ${String(wall.length)} patients: wall ${spread(wall)}; ` +
      `CPU ${spread(cpu)}; ${((wall.length + 1) / timedSeconds).toFixed(1)} patients/s with reads, stores and the compile (load ${load()})`,
  );
  await database.db.execute(sql`update quality_jobs set status = 'pending' where status = 'held'`);

  // (b) The rest of the population on the quality threads.
  started = performance.now();
  const drainCpu = process.cpuUsage();
  const { result: evaluated, databaseCpuSeconds } = await withDatabaseCpu(
    drainQualityQueue(database, { today, qualityThreads }),
  );
  const drainSeconds = seconds(started);
  const drainCpuUsed = process.cpuUsage(drainCpu);
  const perSecond = evaluated / drainSeconds;
  const cairnCpu = (drainCpuUsed.user + drainCpuUsed.system) / 1000 / evaluated;
  const databaseCpu = (databaseCpuSeconds * 1000) / evaluated;
  // On 2 cores of their own, the pass would run as fast as its CPU (Cairn's and PostgreSQL's) allows.
  const cpuBoundHours = (100_000 * (cairnCpu + databaseCpu)) / 1000 / cpus().length / 3600;
  console.log(
    `(b) ${String(evaluated)} patients on ${String(qualityThreads)} quality threads in ${drainSeconds.toFixed(0)} s = ` +
      `${perSecond.toFixed(1)} patients/s (100,000 at this rate: ${(100_000 / perSecond / 3600).toFixed(2)} h); CPU a patient: ` +
      `Cairn ${cairnCpu.toFixed(0)} ms, PostgreSQL ${databaseCpu.toFixed(0)} ms; 100,000 patients on ${String(cpus().length)} ` +
      `cores of their own: ${cpuBoundHours.toFixed(2)} h (load ${load()})`,
  );
  const stored = await bench.query<{ reports: string; gaps: string; size: string }>(
    `select (select count(*) from measure_reports) as reports, (select count(*) from care_gaps) as gaps,
      pg_total_relation_size('measure_reports') as size`,
  );
  console.log(
    `    stored: ${stored[0]?.reports ?? '?'} MeasureReports (${(Number(stored[0]?.size ?? 0) / ids.length / 1024).toFixed(1)} kB a patient), ${stored[0]?.gaps ?? '?'} care_gaps rows`,
  );

  // (c) Issue 18: suggestions re-analysed alone, then while the quality pass works (its thread at nice 10).
  started = performance.now();
  await queueAllPatients(database.db, organisationId);
  const alone = await drainAnalysisQueue(database, { today, threads: 1, quality: false });
  const aloneRate = alone / seconds(started);
  await database.db.execute(sql`update patient_analyses set quality_digest = null`);
  await database.db.execute(sql`insert into quality_jobs (organisation_id, patient_id)
    select organisation_id, patient_id from patient_analyses order by patient_id limit 300`);
  const quality = drainQualityQueue(database, { today, qualityThreads: 1 });
  await new Promise((resolve) => setTimeout(resolve, 5000));
  started = performance.now();
  await queueAllPatients(database.db, organisationId);
  const beside = await drainAnalysisQueue(database, { today, threads: 1, quality: false });
  const besideRate = beside / seconds(started);
  console.log(
    `(c) suggestions re-analysed on one thread: ${aloneRate.toFixed(0)} patients/s alone, ` +
      `${besideRate.toFixed(0)} patients/s beside a quality thread (load ${load()})`,
  );
  await quality;
} finally {
  await database.close();
  await bench.drop();
}
