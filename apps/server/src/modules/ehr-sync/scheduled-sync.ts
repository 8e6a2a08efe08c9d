import { setTimeout as delay } from 'node:timers/promises';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, ehrPatientSyncs, patients } from '../../db/clinical-schema';
import type { FhirClient } from '../../integrations/fhir/fhir-client';
import type { FileStore } from '../../integrations/files/file-store';
import { syncPatientFromEhr } from './ehr-sync.service';

export interface ScheduledSyncOptions {
  organisationId: string;
  connectionId: string;
  client: FhirClient;
  /** The providers whose visits are read (the launching user's); all of the organisation's when absent. */
  providerIds: readonly string[] | undefined;
  /** The schedule's day, YYYY-MM-DD. */
  date: string;
  /** A patient read from the EHR more recently than this is not read again. */
  freshForMs: number;
  fileStore?: FileStore;
  /** At most this many patients per run (a day's schedule). */
  limit?: number;
  /** Waited between two patients. */
  pauseMs?: number;
}

export interface ScheduledSyncResult {
  synced: number;
  failed: number;
}

/**
 * Reads from the EHR the patients scheduled that day (issue 6 "FHIR sync" for scheduled patients),
 * one after the other: each patient's own reads already run with the client's bounded concurrency,
 * and the EHR is shared with the clinicians using it. Patients read recently are skipped; a failure
 * is recorded for that patient (`ehr_patient_syncs.last_error`) and the run goes on.
 */
export async function syncScheduledPatients(db: Db, options: ScheduledSyncOptions): Promise<ScheduledSyncResult> {
  const freshSince = new Date(Date.now() - options.freshForMs);
  const due = await db
    .selectDistinct({ fhirId: patients.sourceId })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(ehrPatientSyncs, eq(ehrPatientSyncs.patientId, patients.id))
    .where(
      and(
        eq(appointments.organisationId, options.organisationId),
        eq(appointments.serviceDate, options.date),
        options.providerIds ? inArray(appointments.providerId, [...options.providerIds]) : sql`true`,
        eq(patients.source, 'EHR'),
        or(isNull(ehrPatientSyncs.lastSyncedAt), lt(ehrPatientSyncs.lastSyncedAt, freshSince)),
      ),
    )
    .limit(options.limit ?? 200);
  const result: ScheduledSyncResult = { synced: 0, failed: 0 };
  for (const [index, { fhirId }] of due.entries()) {
    // A pause between patients: the EHR and Cairn's own database serve clinicians first.
    if (index > 0 && options.pauseMs) await delay(options.pauseMs);
    try {
      await syncPatientFromEhr(db, { ...options, patientFhirId: fhirId });
      result.synced += 1;
    } catch {
      // Recorded by syncPatientFromEhr for the patient; the next patient may well succeed.
      result.failed += 1;
    }
  }
  return result;
}
