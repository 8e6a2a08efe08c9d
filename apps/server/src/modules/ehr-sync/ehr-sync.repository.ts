import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ehrConnections, ehrPatientSyncs, patients } from '../../db/clinical-schema';

export type EhrConnectionRow = typeof ehrConnections.$inferSelect;

/** The organisation's connection while it is enabled (a disabled one reads nothing). */
export async function findConnection(
  db: Db,
  organisationId: string,
  connectionId: string,
): Promise<EhrConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(ehrConnections)
    .where(
      and(
        eq(ehrConnections.organisationId, organisationId),
        eq(ehrConnections.id, connectionId),
        eq(ehrConnections.isEnabled, true),
      ),
    );
  return row;
}

/** Cairn's id of the patient imported from the EHR under that FHIR id. */
export async function findEhrPatientId(db: Db, organisationId: string, fhirId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.organisationId, organisationId), eq(patients.source, 'EHR'), eq(patients.sourceId, fhirId)));
  return row?.id;
}

export interface SyncOutcome {
  organisationId: string;
  patientId: string;
  connectionId: string;
  at: Date;
  /** Null when the sync succeeded. */
  error: string | null;
}

/** Records an attempt; `last_synced_at` moves only on success, so a failure keeps the last good one. */
export async function recordSync(db: Db, outcome: SyncOutcome): Promise<void> {
  const succeeded = outcome.error === null;
  await db
    .insert(ehrPatientSyncs)
    .values({
      patientId: outcome.patientId,
      organisationId: outcome.organisationId,
      connectionId: outcome.connectionId,
      lastAttemptAt: outcome.at,
      lastSyncedAt: succeeded ? outcome.at : null,
      lastError: outcome.error,
    })
    .onConflictDoUpdate({
      target: ehrPatientSyncs.patientId,
      set: {
        connectionId: outcome.connectionId,
        lastAttemptAt: outcome.at,
        lastError: outcome.error,
        ...(succeeded ? { lastSyncedAt: outcome.at } : {}),
      },
      setWhere: eq(ehrPatientSyncs.organisationId, outcome.organisationId),
    });
}

export async function findSync(
  db: Db,
  organisationId: string,
  patientId: string,
): Promise<typeof ehrPatientSyncs.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(ehrPatientSyncs)
    .where(and(eq(ehrPatientSyncs.organisationId, organisationId), eq(ehrPatientSyncs.patientId, patientId)));
  return row;
}
