import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  appointments,
  ehrConditionWrites,
  ehrConnections,
  ehrProblemListWrites,
  ehrSessions,
  encounters,
  patients,
} from '../../db/clinical-schema';

export const CONDITION_WRITE_SYSTEM = 'urn:cairn:condition-write';

/** What a write needs to know of a visit: its status, its EHR encounter and its patient's EHR id. */
export interface VisitForWrite {
  patientId: string;
  appointmentStatus: string;
  encounterSource: string | null;
  encounterFhirId: string | null;
  encounterStatus: string | null;
  patientSource: string;
  patientFhirId: string;
}

export async function findVisitForWrite(
  db: Db,
  organisationId: string,
  appointmentId: string,
): Promise<VisitForWrite | undefined> {
  const [row] = await db
    .select({
      patientId: appointments.patientId,
      appointmentStatus: appointments.status,
      encounterSource: encounters.source,
      encounterFhirId: encounters.sourceId,
      encounterStatus: encounters.status,
      patientSource: patients.source,
      patientFhirId: patients.sourceId,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(encounters, eq(encounters.id, appointments.encounterId))
    .where(and(eq(appointments.organisationId, organisationId), eq(appointments.id, appointmentId)));
  return row;
}

/** True when the organisation has a connection to that FHIR base with a session whose token has not expired. */
export async function hasLiveEhrSession(db: Db, organisationId: string, fhirBaseUrl: string): Promise<boolean> {
  const bases = [fhirBaseUrl, `${fhirBaseUrl}/`];
  const [row] = await db
    .select({ id: ehrSessions.id })
    .from(ehrSessions)
    .innerJoin(ehrConnections, eq(ehrConnections.id, ehrSessions.connectionId))
    .where(
      and(
        eq(ehrConnections.organisationId, organisationId),
        eq(ehrSessions.organisationId, organisationId),
        inArray(ehrConnections.fhirBaseUrl, bases),
        gt(ehrSessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type ConditionWriteRow = typeof ehrConditionWrites.$inferSelect;

/**
 * The write row of each code for the visit, created on first request with its identifier; a retry
 * finds the same rows, so the identifier sent to the EHR never changes.
 */
export async function ensureConditionWrites(
  db: Db,
  options: { organisationId: string; appointmentId: string; icdCodes: readonly string[]; requestedBy?: string },
): Promise<ConditionWriteRow[]> {
  if (options.icdCodes.length === 0) return [];
  await db
    .insert(ehrConditionWrites)
    .values(
      options.icdCodes.map((icdCode) => ({
        organisationId: options.organisationId,
        appointmentId: options.appointmentId,
        icdCode,
        identifier: randomUUID(),
        requestedBy: options.requestedBy,
      })),
    )
    .onConflictDoNothing({ target: [ehrConditionWrites.appointmentId, ehrConditionWrites.icdCode] });
  return db
    .select()
    .from(ehrConditionWrites)
    .where(
      and(
        eq(ehrConditionWrites.organisationId, options.organisationId),
        eq(ehrConditionWrites.appointmentId, options.appointmentId),
        inArray(ehrConditionWrites.icdCode, [...options.icdCodes]),
      ),
    );
}

/** The outcome of one write to the EHR, on its row (an encounter diagnosis or a problem-list item). */
export async function recordWriteOutcome(
  db: Db,
  table: typeof ehrConditionWrites | typeof ehrProblemListWrites,
  row: { organisationId: string; id: string },
  outcome: { status: 'written' | 'failed'; ehrResourceId?: string; reason?: string },
): Promise<void> {
  await db
    .update(table)
    .set({
      status: outcome.status,
      ...(outcome.ehrResourceId ? { ehrResourceId: outcome.ehrResourceId } : {}),
      failureReason: outcome.reason ?? null,
      updatedAt: new Date(),
    })
    .where(and(eq(table.organisationId, row.organisationId), eq(table.id, row.id)));
}

export type ProblemListWriteRow = typeof ehrProblemListWrites.$inferSelect;

/**
 * The problem-list write row of each code for the patient, created on first request with its
 * identifier; a retry (from this visit or another) finds the same rows and the same identifiers.
 */
export async function ensureProblemListWrites(
  db: Db,
  options: { organisationId: string; patientId: string; icdCodes: readonly string[]; requestedBy?: string },
): Promise<ProblemListWriteRow[]> {
  if (options.icdCodes.length === 0) return [];
  await db
    .insert(ehrProblemListWrites)
    .values(
      options.icdCodes.map((icdCode) => ({
        organisationId: options.organisationId,
        patientId: options.patientId,
        icdCode,
        identifier: randomUUID(),
        requestedBy: options.requestedBy,
      })),
    )
    .onConflictDoNothing({ target: [ehrProblemListWrites.patientId, ehrProblemListWrites.icdCode] });
  return db
    .select()
    .from(ehrProblemListWrites)
    .where(
      and(
        eq(ehrProblemListWrites.organisationId, options.organisationId),
        eq(ehrProblemListWrites.patientId, options.patientId),
        inArray(ehrProblemListWrites.icdCode, [...options.icdCodes]),
      ),
    );
}
