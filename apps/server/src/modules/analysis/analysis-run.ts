import { localToday } from '../../lib/local-today';
import type { PatientRecord } from '@cairn/clinical';
import type { Db } from '../../db/client';
import { computeAnalysis, type ComputedAnalysis } from './analysis-compute';
import { completeJobs, describeJobError, failJob, type ClaimedJob } from './analysis-jobs';
import { loadPatientRecords, type LoadedRecord } from './analysis-record';
import { storeAnalyses, type AnalysisToStore } from './analysis-store';

export interface RunOptions {
  log: { error(object: unknown, message: string): void };
  /** The analysis date (default: today, local). */
  today?: () => string;
  /** The computation (tests replace it to make a job fail). */
  compute?: (record: PatientRecord, asOf: string) => ComputedAnalysis;
  /** Seconds before a failed job runs again (default: growing backoff). */
  retryDelaySeconds?: (attempts: number) => number;
}

export { localToday };

/** Runs claimed jobs: per organisation one snapshot read, the engine per patient, one store. */
export async function runJobs(db: Db, jobs: readonly ClaimedJob[], options: RunOptions): Promise<void> {
  const byOrganisation = new Map<string, ClaimedJob[]>();
  for (const job of jobs)
    byOrganisation.set(job.organisationId, [...(byOrganisation.get(job.organisationId) ?? []), job]);
  for (const [organisationId, organisationJobs] of byOrganisation) {
    try {
      await runOrganisationJobs(db, organisationId, organisationJobs, options);
    } catch (error) {
      await failJobs(db, organisationJobs, error, options);
    }
  }
}

async function runOrganisationJobs(
  db: Db,
  organisationId: string,
  jobs: readonly ClaimedJob[],
  options: RunOptions,
): Promise<void> {
  const today = (options.today ?? localToday)();
  const compute = options.compute ?? computeAnalysis;
  // The data versions and the rows come from one snapshot: an analysis is stored with the version
  // of exactly the data it was computed from.
  const records = await db.transaction(
    (tx) =>
      loadPatientRecords(
        tx,
        organisationId,
        jobs.map((job) => job.patientId),
        today,
      ),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const analyses = new Map<string, AnalysisToStore>();
  const failed: { job: ClaimedJob; error: unknown }[] = [];
  const toCompute = new Map<string, { job: ClaimedJob; loaded: LoadedRecord }>();
  for (const job of jobs) {
    const loaded = records.get(job.patientId);
    if (loaded && !toCompute.has(job.patientId)) toCompute.set(job.patientId, { job, loaded });
  }
  const outcomes = [...toCompute.values()].map(({ loaded }) => computeHere(compute, loaded.record, today));
  [...toCompute.values()].forEach(({ job, loaded }, index) => {
    const outcome = outcomes[index];
    if (outcome && 'computed' in outcome) {
      const { computed } = outcome;
      analyses.set(job.patientId, { patientId: job.patientId, dataVersion: loaded.dataVersion, asOf: today, computed });
    } else failed.push({ job, error: outcome?.error ?? new Error('no outcome') });
  });
  await storeAnalyses(db, organisationId, [...analyses.values()], today);
  const failedIds = new Set(failed.map(({ job }) => job.id));
  await completeJobs(
    db,
    jobs.filter((job) => !failedIds.has(job.id)).map((job) => job.id),
  );
  for (const { job, error } of failed) await failOne(db, job, error, options);
}

function computeHere(
  compute: (record: PatientRecord, asOf: string) => ComputedAnalysis,
  record: PatientRecord,
  asOf: string,
): { computed: ComputedAnalysis } | { error: unknown } {
  try {
    return { computed: compute(record, asOf) };
  } catch (error) {
    return { error };
  }
}

async function failJobs(db: Db, jobs: readonly ClaimedJob[], error: unknown, options: RunOptions): Promise<void> {
  for (const job of jobs) await failOne(db, job, error, options);
}

async function failOne(db: Db, job: ClaimedJob, error: unknown, options: RunOptions): Promise<void> {
  const description = describeJobError(error);
  const outcome = await failJob(db, job, description, { delaySeconds: options.retryDelaySeconds?.(job.attempts) });
  options.log.error({ jobId: job.id, attempts: job.attempts, outcome, error: description }, 'analysis job failed');
}
