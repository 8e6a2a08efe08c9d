import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { describeErrorSafely } from '../../lib/loggable-error';
import { analysisJobs, qualityJobs } from '../../db/clinical-schema';

/**
 * The two queues of the analysis workers, the same columns and rules: `analysis_jobs` (suggestions, risk
 * score) and `quality_jobs` (care gaps by CMS's CQL, `quality-run.ts`).
 */
export type JobQueue = typeof analysisJobs | typeof qualityJobs;

/** Rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A claimed job: `attempts` counts this run. */
export interface ClaimedJob {
  id: number;
  organisationId: string;
  patientId: string;
  attempts: number;
}

/** After this many runs a failing job is `failed` for good. */
export const MAX_ATTEMPTS = 3;
/** A job still `running` this long after its claim belonged to a process that died: it is claimed again. */
const STALE_RUNNING = sql`interval '10 minutes'`;

/** Seconds before a failed job runs again, by how many runs it has had. */
export function retryDelaySeconds(attempts: number): number {
  return 5 * 4 ** (attempts - 1);
}

/**
 * Claims up to `limit` runnable jobs in one statement. `for update skip locked` lets any number of
 * workers (in this or other processes) claim at once without ever taking the same job.
 */
export async function claimJobs(db: Db, limit: number, queue: JobQueue = analysisJobs): Promise<ClaimedJob[]> {
  const result = await db.execute(sql`
    update ${queue} set status = 'running', locked_at = now(), attempts = attempts + 1
    where id in (
      select id from ${queue}
      where (status = 'pending' and run_after <= now()) or (status = 'running' and locked_at < now() - ${STALE_RUNNING})
      order by run_after, id
      limit ${limit}
      for update skip locked
    )
    returning id, organisation_id, patient_id, attempts`);
  return rowsOf<{ id: string; organisation_id: string; patient_id: string; attempts: number }>(result).map((row) => ({
    id: Number(row.id),
    organisationId: row.organisation_id,
    patientId: row.patient_id,
    attempts: row.attempts,
  }));
}

export async function completeJobs(db: Db, ids: readonly number[], queue: JobQueue = analysisJobs): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update ${queue} set status = 'done', locked_at = null, last_error = null
    where id = any(${sql.param([...ids])}::bigint[]) and status = 'running'`);
}

/**
 * The error as a job keeps it: a database error as its code and statement, any other as its class and
 * message with every digit masked, so that no name, date, age or identifier of a patient can end up
 * in the queue.
 */
export function describeJobError(error: unknown): string {
  return describeErrorSafely(error, { maskDigits: true }).slice(0, 300);
}

/**
 * A failed run: the job runs again after a backoff, or is `failed` after {@link MAX_ATTEMPTS} runs.
 * When the patient's data changed meanwhile, a newer pending job already covers the retry.
 */
export async function failJob(
  db: Db,
  job: ClaimedJob,
  lastError: string,
  options: { delaySeconds?: number | undefined; queue?: JobQueue } = {},
): Promise<'retry' | 'failed'> {
  const queue = options.queue ?? analysisJobs;
  const delaySeconds = options.delaySeconds ?? retryDelaySeconds(job.attempts);
  if (job.attempts >= MAX_ATTEMPTS) {
    await db.execute(
      sql`update ${queue} set status = 'failed', locked_at = null, last_error = ${lastError} where id = ${job.id}`,
    );
    return 'failed';
  }
  await db.execute(sql`
    update ${queue}
    set status = case when exists (
          select 1 from ${queue} other where other.patient_id = ${job.patientId} and other.status = 'pending'
        ) then 'done' else 'pending' end,
        locked_at = null,
        last_error = ${lastError},
        run_after = now() + make_interval(secs => ${delaySeconds})
    where id = ${job.id}`);
  return 'retry';
}

/**
 * The daily refresh: patients with a visit on `today` whose analysis is as of an earlier day (or who
 * have none) get a job, so that the day's suggestions and care gaps are computed as of the visit.
 */
export async function queueDailyRefresh(db: Db, today: string): Promise<number> {
  const result = await db.execute(sql`
    insert into ${analysisJobs} (organisation_id, patient_id)
    select distinct a.organisation_id, a.patient_id
    from appointments a
    left join patient_analyses pa on pa.patient_id = a.patient_id
    where a.service_date = ${today} and a.status not in ('cancelled', 'noshow', 'entered-in-error')
      and (pa.patient_id is null or pa.as_of < ${today})
    on conflict (patient_id) where status = 'pending' do nothing
    returning patient_id`);
  return rowsOf(result).length;
}

/** Finished jobs (of both queues) are kept a week for inspection, then removed. */
export async function pruneDoneJobs(db: Db): Promise<void> {
  for (const queue of [analysisJobs, qualityJobs])
    await db.execute(sql`delete from ${queue} where status = 'done' and created_at < now() - interval '7 days'`);
}
