import { and, desc, eq, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partnerNoteActions, partnerNoteHistory, partnerNotes } from '../../db/clinical-schema';
import { users } from '../../db/schema';

/** SQL of partner-organisation notes and the actions on them: every query is scoped by organisation. */

/**
 * The resource statuses of a note its partner withdrew (Task: cancelled, rejected; CommunicationRequest:
 * revoked; either: entered-in-error): such a note is not shown, nor can it be acted on.
 */
export const WITHDRAWN_STATUSES = ['cancelled', 'rejected', 'revoked', 'entered-in-error'] as const;

/** A note with its latest action (the action's columns are null when none was ever recorded). */
export interface PartnerNoteRow {
  id: string;
  partner: string;
  kind: string;
  text: string;
  authoredOn: string;
  status: string | null;
  note: string | null;
  actedByName: string | null;
  actorRole: string | null;
  actedAt: Date | null;
  version: number | null;
}

/** Which notes a visit shows: the patient's, authored up to the visit day, not withdrawn. */
export interface VisitNotes {
  organisationId: string;
  patientId: string;
  serviceDate: string;
}

const actorName = sql<
  string | null
>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

function shownAt(visit: VisitNotes): SQL | undefined {
  return and(
    eq(partnerNotes.organisationId, visit.organisationId),
    eq(partnerNotes.patientId, visit.patientId),
    lte(partnerNotes.authoredOn, visit.serviceDate),
    notInArray(partnerNotes.status, [...WITHDRAWN_STATUSES]),
  );
}

/**
 * Locks these of the visit's notes for the rest of the transaction and reads them with their latest
 * action: writes on one note queue behind each other, so the version a write compares is the stored one.
 * A note of another patient, organisation or not shown at the visit is not among the rows.
 */
export async function lockVisitNotes(db: Db, visit: VisitNotes, noteIds: readonly string[]): Promise<PartnerNoteRow[]> {
  await db
    .select({ id: partnerNotes.id })
    .from(partnerNotes)
    .where(and(shownAt(visit), inArray(partnerNotes.id, [...noteIds])))
    .for('update');
  return readNotes(db, visit, noteIds);
}

/** The visit's notes (or these of them) with their latest action, newest first. */
export function readNotes(db: Db, visit: VisitNotes, noteIds?: readonly string[]): Promise<PartnerNoteRow[]> {
  return db
    .select({
      id: partnerNotes.id,
      partner: partnerNotes.partner,
      kind: partnerNotes.kind,
      text: partnerNotes.text,
      authoredOn: partnerNotes.authoredOn,
      status: partnerNoteActions.status,
      note: partnerNoteActions.note,
      actedByName: actorName,
      actorRole: partnerNoteActions.actorRole,
      actedAt: partnerNoteActions.actedAt,
      version: partnerNoteActions.version,
    })
    .from(partnerNotes)
    .leftJoin(partnerNoteActions, eq(partnerNoteActions.partnerNoteId, partnerNotes.id))
    .leftJoin(users, eq(users.id, partnerNoteActions.actedBy))
    .where(and(shownAt(visit), noteIds ? inArray(partnerNotes.id, [...noteIds]) : undefined))
    .orderBy(desc(partnerNotes.authoredOn), partnerNotes.id);
}

export interface PartnerNoteActionValues {
  organisationId: string;
  partnerNoteId: string;
  appointmentId: string;
  /** What the request asked: acknowledge, done, not-applicable, reset. */
  action: string;
  /** What is stored: acknowledged, done, not-applicable, none. */
  status: string;
  note: string | null;
  actedBy: string;
  actorRole: string;
  version: number;
}

/** Stores a note's action at `version` (the caller holds the note's lock and checked the one before) and its history row. */
export async function writeNoteAction(db: Db, values: PartnerNoteActionValues): Promise<void> {
  const { action, ...stored } = values;
  const changes = {
    appointmentId: stored.appointmentId,
    status: stored.status,
    note: stored.note,
    actedBy: stored.actedBy,
    actorRole: stored.actorRole,
    actedAt: sql`now()`,
    version: stored.version,
  };
  await db
    .insert(partnerNoteActions)
    .values(stored)
    .onConflictDoUpdate({ target: partnerNoteActions.partnerNoteId, set: changes });
  await db.insert(partnerNoteHistory).values({
    organisationId: stored.organisationId,
    partnerNoteId: stored.partnerNoteId,
    appointmentId: stored.appointmentId,
    action,
    status: stored.status,
    note: stored.note,
    version: stored.version,
    changedBy: stored.actedBy,
    role: stored.actorRole,
  });
}
