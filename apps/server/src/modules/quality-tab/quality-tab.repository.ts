import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, careGapMarks, patientAnalyses, patients } from '../../db/clinical-schema';
import { users } from '../../db/schema';
import { patientInScope, type CareScope } from '../../access';

/** SQL of the Quality Insights tab: every query is scoped by organisation. */

const userName = (table: Record<'firstName' | 'lastName' | 'username', SQLWrapper>): SQL<string> =>
  sql<string>`coalesce(nullif(trim(${table.firstName} || ' ' || ${table.lastName}), ''), ${table.username})`;

export interface PatientKey {
  organisationId: string;
  patientId: string;
}

export interface VisitKey {
  organisationId: string;
  appointmentId: string;
}

/**
 * The care gaps the quality pass evaluated from the patient's present data, with the day they are as of;
 * undefined while that evaluation is pending (its data version is not the patient's).
 */
export async function findCurrentAnalysis(
  db: Db,
  key: PatientKey,
): Promise<{ careGaps: unknown[]; asOf: string } | undefined> {
  const [row] = await db
    .select({ careGaps: patientAnalyses.careGaps, asOf: patientAnalyses.qualityAsOf })
    .from(patientAnalyses)
    .innerJoin(
      patients,
      and(eq(patientAnalyses.patientId, patients.id), eq(patientAnalyses.qualityDataVersion, patients.dataVersion)),
    )
    .where(and(eq(patientAnalyses.organisationId, key.organisationId), eq(patientAnalyses.patientId, key.patientId)));
  return row?.asOf ? { careGaps: row.careGaps, asOf: row.asOf } : undefined;
}

/** The visit, when its patient is in the caller's scope (`patient`: and it is this patient's). */
export async function findVisitInScope(
  db: Db,
  options: { scope: CareScope; appointmentId: string; patientId?: string },
): Promise<{ id: string; patientId: string } | undefined> {
  const [row] = await db
    .select({ id: appointments.id, patientId: appointments.patientId })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .where(
      and(
        eq(appointments.organisationId, options.scope.organisationId),
        eq(appointments.id, options.appointmentId),
        options.patientId === undefined ? undefined : eq(appointments.patientId, options.patientId),
        patientInScope(options.scope),
      ),
    );
  return row;
}

/** The user as an event names them: their name, and their role (spec §3 Views: Coder is the coder's). */
export async function findActor(
  db: Db,
  organisationId: string,
  userId: string,
): Promise<{ name: string; role: 'coder' | 'provider' }> {
  const [row] = await db
    .select({ name: userName(users), view: users.view })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)));
  return { name: row?.name ?? '', role: row?.view === 'Coder' ? 'coder' : 'provider' };
}

const markColumns = {
  measureId: careGapMarks.measureId,
  measureVersion: careGapMarks.measureVersion,
  measureTitle: careGapMarks.measureTitle,
  note: careGapMarks.note,
  markedBy: careGapMarks.markedBy,
  markedByName: userName(users),
  markedAt: careGapMarks.markedAt,
  writeIdentifier: careGapMarks.writeIdentifier,
  sendStatus: careGapMarks.sendStatus,
  sendFailureReason: careGapMarks.sendFailureReason,
  sendAttemptedAt: careGapMarks.sendAttemptedAt,
  sentAt: careGapMarks.sentAt,
};

/** The visit's marks (those `where` keeps), in the order they were made. */
export function listMarks(db: Db, key: VisitKey, where?: SQL) {
  return db
    .select(markColumns)
    .from(careGapMarks)
    .innerJoin(users, eq(users.id, careGapMarks.markedBy))
    .where(
      and(
        eq(careGapMarks.organisationId, key.organisationId),
        eq(careGapMarks.appointmentId, key.appointmentId),
        where,
      ),
    )
    .orderBy(asc(careGapMarks.markedAt), asc(careGapMarks.measureId));
}
export type MarkRow = Awaited<ReturnType<typeof listMarks>>[number];

/** Marks the gap at the visit; a mark already there is kept as it is. */
export async function insertMark(
  db: Db,
  values: VisitKey & {
    patientId: string;
    measureId: string;
    measureVersion: string;
    measureTitle: string;
    note: string | null;
    markedBy: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(careGapMarks)
    .values(values)
    .onConflictDoNothing({ target: [careGapMarks.appointmentId, careGapMarks.measureId] })
    .returning({ id: careGapMarks.id });
  return inserted.length > 0;
}

/** The mark of one measure at the visit, if any. */
export async function findMark(db: Db, key: VisitKey & { measureId: string }): Promise<MarkRow | undefined> {
  const [row] = await listMarks(db, key, eq(careGapMarks.measureId, key.measureId));
  return row;
}

/** Deletes the mark unless it was written to the EHR; answers whether one was deleted. */
export async function deleteUnsentMark(db: Db, key: VisitKey & { measureId: string }): Promise<boolean> {
  const deleted = await db
    .delete(careGapMarks)
    .where(
      and(
        eq(careGapMarks.organisationId, key.organisationId),
        eq(careGapMarks.appointmentId, key.appointmentId),
        eq(careGapMarks.measureId, key.measureId),
        isNull(careGapMarks.sentAt),
      ),
    )
    .returning({ id: careGapMarks.id });
  return deleted.length > 0;
}

/**
 * The visit's marks not yet written to the EHR, each with the identifier of the note it goes in: marks
 * that were tried before keep theirs (a retry finds the note the EHR may already have made), new ones
 * share one fresh identifier.
 */
export async function claimUnsentMarks(db: Db, key: VisitKey): Promise<MarkRow[]> {
  const unsent = and(
    eq(careGapMarks.organisationId, key.organisationId),
    eq(careGapMarks.appointmentId, key.appointmentId),
    isNull(careGapMarks.sentAt),
  );
  await db
    .update(careGapMarks)
    .set({ writeIdentifier: randomUUID(), sendStatus: null })
    .where(and(unsent, isNull(careGapMarks.writeIdentifier)));
  return listMarks(db, key, and(isNull(careGapMarks.sentAt), isNotNull(careGapMarks.writeIdentifier)));
}

/** The outcome of writing one note: its marks written (sent) or failed with the reason. */
export async function recordNoteOutcome(
  db: Db,
  key: VisitKey & { writeIdentifier: string },
  outcome: { status: 'written'; ehrResourceId: string | undefined } | { status: 'failed'; reason: string },
): Promise<void> {
  const now = new Date();
  await db
    .update(careGapMarks)
    .set({
      sendStatus: outcome.status,
      sendAttemptedAt: now,
      sendFailureReason: outcome.status === 'failed' ? outcome.reason : null,
      ...(outcome.status === 'written' ? { sentAt: now, ehrResourceId: outcome.ehrResourceId ?? null } : {}),
    })
    .where(
      and(
        eq(careGapMarks.organisationId, key.organisationId),
        eq(careGapMarks.appointmentId, key.appointmentId),
        eq(careGapMarks.writeIdentifier, key.writeIdentifier),
      ),
    );
}
