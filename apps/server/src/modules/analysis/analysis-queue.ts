import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analysisJobs, patients } from '../../db/clinical-schema';

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
