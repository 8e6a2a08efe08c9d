import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analysisJobs, patientAnalyses, patients, qualityJobs } from '../../db/clinical-schema';

/** The PostgreSQL channel a worker listens on to start at once instead of at its next poll. */
export const ANALYSIS_CHANNEL = 'cairn_analysis';

/**
 * Records that these patients' data changed: their data version goes up by one and an analysis job
 * is queued for each (at most one pending per patient). Call it in the same transaction as the
 * change, so that a change is never seen without its job.
 */
export async function markPatientsChanged(
  db: Db,
  organisationId: string,
  patientIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(patientIds)];
  if (ids.length === 0) return;
  await db
    .update(patients)
    .set({ dataVersion: sql`${patients.dataVersion} + 1` })
    .where(and(eq(patients.organisationId, organisationId), inArray(patients.id, ids)));
  await db
    .insert(analysisJobs)
    .values(ids.map((patientId) => ({ organisationId, patientId })))
    .onConflictDoNothing({ target: analysisJobs.patientId, where: sql`${analysisJobs.status} = 'pending'` });
  await db.execute(sql`select pg_notify(${ANALYSIS_CHANNEL}, ${organisationId})`);
}

/**
 * Queues an analysis of every patient (of one organisation, or all) in one statement, as after a rule
 * update: the data did not change, so data versions stay and an analysis of the same version replaces
 * the stored one. A patient who already has a pending job keeps it. Answers how many jobs were queued.
 */
export async function queueAllPatients(db: Db, organisationId?: string): Promise<number> {
  const result = await db.execute(sql`
    with queued as (
      insert into ${analysisJobs} (organisation_id, patient_id)
      select organisation_id, id from ${patients}
      ${organisationId === undefined ? sql`` : sql`where organisation_id = ${organisationId}`}
      on conflict (patient_id) where status = 'pending' do nothing
      returning 1
    )
    select count(*)::int as count from queued`);
  await db.execute(sql`select pg_notify(${ANALYSIS_CHANNEL}, ${organisationId ?? ''})`);
  return (result as { rows: { count: number }[] }).rows[0]?.count ?? 0;
}

/**
 * Queues a quality evaluation of every analysed patient (of one organisation, or all) in one statement,
 * as after an update of the measures' content: each job evaluates again when the input's digest (which
 * holds the content's) changed. A patient who already has a pending job keeps it. Answers how many jobs
 * were queued.
 */
export async function queueAllQualityJobs(db: Db, organisationId?: string): Promise<number> {
  const result = await db.execute(sql`
    with queued as (
      insert into ${qualityJobs} (organisation_id, patient_id)
      select organisation_id, patient_id from ${patientAnalyses}
      ${organisationId === undefined ? sql`` : sql`where organisation_id = ${organisationId}`}
      on conflict (patient_id) where status = 'pending' do nothing
      returning 1
    )
    select count(*)::int as count from queued`);
  await db.execute(sql`select pg_notify(${ANALYSIS_CHANNEL}, ${organisationId ?? ''})`);
  return (result as { rows: { count: number }[] }).rows[0]?.count ?? 0;
}
