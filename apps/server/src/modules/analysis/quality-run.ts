import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { patientAnalyses, qualityJobs } from '../../db/clinical-schema';
import { claimJobs, completeJobs, describeJobError, failJob, type ClaimedJob } from './analysis-jobs';
import { loadPatientRecords } from './analysis-record';
import { localToday, type RunOptions } from './analysis-run';
import { evaluateQuality, qualityInputOf } from './quality-compute';
import { storeQualityResults, type QualityToStore } from './quality-store';

/**
 * The quality pass (issue 19): care gaps and measure reports by CMS's CQL for the patients of
 * `quality_jobs`, in the analysis workers, never in a request. Per organisation: one snapshot read of the
 * records (no documents or care plans: the measures read neither), the FHIR view and its digest per
 * patient, the engine only for a digest that differs from the stored one, one store.
 */

export interface QualityRunOptions extends Pick<RunOptions, 'log' | 'today' | 'retryDelaySeconds'> {
  /**
   * Hears each patient the engine evaluated, how long it took and the CPU the process used meanwhile, in
   * milliseconds (the benchmark, which runs nothing else in the process then).
   */
  onEvaluated?: (milliseconds: number, cpuMilliseconds: number) => void;
}

/** Claims and runs one batch of quality jobs; answers how many it claimed. */
export async function runQualityBatch(db: Db, options: QualityRunOptions & { batchSize: number }): Promise<number> {
  const jobs = await claimJobs(db, options.batchSize, qualityJobs);
  if (jobs.length > 0) await runQualityJobs(db, jobs, options);
  return jobs.length;
}

/** Runs claimed quality jobs, organisation by organisation; a failure fails that organisation's jobs. */
export async function runQualityJobs(db: Db, jobs: readonly ClaimedJob[], options: QualityRunOptions): Promise<void> {
  const byOrganisation = new Map<string, ClaimedJob[]>();
  for (const job of jobs)
    byOrganisation.set(job.organisationId, [...(byOrganisation.get(job.organisationId) ?? []), job]);
  for (const [organisationId, organisationJobs] of byOrganisation) {
    try {
      await runOrganisationJobs(db, organisationId, organisationJobs, options);
    } catch (error) {
      for (const job of organisationJobs) await failQualityJob(db, job, error, options);
    }
  }
}

async function runOrganisationJobs(
  db: Db,
  organisationId: string,
  jobs: readonly ClaimedJob[],
  options: QualityRunOptions,
): Promise<void> {
  const today = (options.today ?? localToday)();
  const patientIds = [...new Set(jobs.map((job) => job.patientId))];
  // The records, their data versions and the stored digests from one snapshot.
  const { records, digests } = await db.transaction(
    async (tx) => ({
      records: await loadPatientRecords(tx, organisationId, patientIds, today, { withNotes: false }),
      digests: await storedDigests(tx, organisationId, patientIds),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const items: QualityToStore[] = [];
  const failed = new Map<string, unknown>();
  for (const patientId of patientIds) {
    const loaded = records.get(patientId);
    if (!loaded) continue;
    try {
      const input = qualityInputOf(loaded.record, today);
      const item = {
        patientId,
        dataVersion: loaded.dataVersion,
        asOf: today,
        digest: input.digest,
        period: input.period,
      };
      if (digests.get(patientId) === input.digest) {
        items.push(item);
        continue;
      }
      const started = { wall: performance.now(), cpu: process.cpuUsage() };
      const computed = await evaluateQuality(input);
      const cpu = process.cpuUsage(started.cpu);
      options.onEvaluated?.(performance.now() - started.wall, (cpu.user + cpu.system) / 1000);
      items.push({ ...item, computed });
    } catch (error) {
      failed.set(patientId, error);
    }
  }
  await storeQualityResults(db, organisationId, items, today);
  await completeJobs(
    db,
    jobs.filter((job) => !failed.has(job.patientId)).map((job) => job.id),
    qualityJobs,
  );
  for (const job of jobs)
    if (failed.has(job.patientId)) await failQualityJob(db, job, failed.get(job.patientId), options);
}

/** The digest of each patient's stored evaluation (none before the first). */
async function storedDigests(
  db: Db,
  organisationId: string,
  patientIds: readonly string[],
): Promise<Map<string, string>> {
  const result = await db.execute(sql`
    select patient_id, quality_digest from ${patientAnalyses}
    where organisation_id = ${organisationId} and patient_id = any(${sql.param([...patientIds])}::uuid[])
      and quality_digest is not null`);
  const { rows } = result as { rows: { patient_id: string; quality_digest: string }[] };
  return new Map(rows.map((row) => [row.patient_id, row.quality_digest]));
}

async function failQualityJob(db: Db, job: ClaimedJob, error: unknown, options: QualityRunOptions): Promise<void> {
  const description = describeJobError(error);
  const outcome = await failJob(db, job, description, {
    delaySeconds: options.retryDelaySeconds?.(job.attempts),
    queue: qualityJobs,
  });
  options.log.error({ jobId: job.id, attempts: job.attempts, outcome, error: description }, 'quality job failed');
}
