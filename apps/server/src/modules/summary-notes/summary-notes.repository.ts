import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  appointments,
  patients,
  postVisitReviews,
  providers,
  summaryNotes,
  summaryUpdateReads,
  summaryUpdates,
} from '../../db/clinical-schema';
import { users } from '../../db/schema';
import { appointmentOfCaller, patientInScope, type CareScope } from '../../access';

/** The visit of a summary in the organisation, or undefined. */
export async function findVisit(
  db: Db,
  organisationId: string,
  sid: string,
): Promise<{ id: string; patientId: string } | undefined> {
  const [visit] = await db
    .select({ id: appointments.id, patientId: appointments.patientId })
    .from(appointments)
    .where(and(eq(appointments.id, sid), eq(appointments.organisationId, organisationId)));
  return visit;
}

const authorName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.username})`;

export async function insertNote(
  db: Db,
  values: { organisationId: string; appointmentId: string; authorId: string; note: string },
) {
  const [row] = await db.insert(summaryNotes).values(values).returning({ id: summaryNotes.id });
  if (!row) throw new Error('note not stored');
  await db.insert(summaryUpdates).values({
    organisationId: values.organisationId,
    appointmentId: values.appointmentId,
    kind: 'note-added',
    message: 'A note was added',
  });
  const [note] = await listNotes(db, values.organisationId, values.appointmentId, row.id);
  if (!note) throw new Error('note not stored');
  return note;
}

export function listNotes(db: Db, organisationId: string, appointmentId: string, noteId?: string) {
  return db
    .select({
      id: summaryNotes.id,
      note: summaryNotes.note,
      authorName,
      createdAt: summaryNotes.createdAt,
    })
    .from(summaryNotes)
    .innerJoin(users, eq(users.id, summaryNotes.authorId))
    .where(
      and(
        eq(summaryNotes.organisationId, organisationId),
        eq(summaryNotes.appointmentId, appointmentId),
        noteId === undefined ? undefined : eq(summaryNotes.id, noteId),
      ),
    )
    .orderBy(desc(summaryNotes.createdAt), desc(summaryNotes.id));
}

export function listUpdates(db: Db, organisationId: string, appointmentId: string, userId: string) {
  return db
    .select({
      id: summaryUpdates.id,
      kind: summaryUpdates.kind,
      message: summaryUpdates.message,
      createdAt: summaryUpdates.createdAt,
      isRead: sql<boolean>`coalesce(${summaryUpdateReads.isRead}, false)`,
    })
    .from(summaryUpdates)
    .leftJoin(
      summaryUpdateReads,
      and(eq(summaryUpdateReads.summaryUpdateId, summaryUpdates.id), eq(summaryUpdateReads.userId, userId)),
    )
    .where(and(eq(summaryUpdates.organisationId, organisationId), eq(summaryUpdates.appointmentId, appointmentId)))
    .orderBy(desc(summaryUpdates.createdAt), desc(summaryUpdates.id));
}

/** Answers false when the update is not one of this summary's. */
export async function setUpdateRead(
  db: Db,
  options: { organisationId: string; appointmentId: string; summaryUpdateId: string; userId: string; isRead: boolean },
): Promise<boolean> {
  const [update] = await db
    .select({ id: summaryUpdates.id })
    .from(summaryUpdates)
    .where(
      and(
        eq(summaryUpdates.id, options.summaryUpdateId),
        eq(summaryUpdates.organisationId, options.organisationId),
        eq(summaryUpdates.appointmentId, options.appointmentId),
      ),
    );
  if (!update) return false;
  await db
    .insert(summaryUpdateReads)
    .values({ summaryUpdateId: update.id, userId: options.userId, isRead: options.isRead })
    .onConflictDoUpdate({
      target: [summaryUpdateReads.summaryUpdateId, summaryUpdateReads.userId],
      set: { isRead: options.isRead, updatedAt: sql`now()` },
    });
  return true;
}

/**
 * Ready post-visit reviews not yet viewed, newest first: of a provider linked to providers, those of
 * the visits booked with them (a covering provider's visit with their patient is the covering
 * provider's to review); of anyone else, the organisation's. The patient is in scope as for any read.
 */
export function listReadyPostVisits(db: Db, scope: CareScope) {
  return db
    .select({
      sid: appointments.id,
      cairnPatientId: patients.id,
      firstName: patients.firstName,
      lastName: patients.lastName,
      visitDate: appointments.serviceDate,
      startAt: appointments.startAt,
      providerFirstName: providers.firstName,
      providerLastName: providers.lastName,
      providerSuffix: providers.suffix,
      readyAt: postVisitReviews.readyAt,
    })
    .from(postVisitReviews)
    .innerJoin(appointments, eq(appointments.id, postVisitReviews.appointmentId))
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(providers, eq(providers.id, appointments.providerId))
    .where(
      and(
        eq(postVisitReviews.organisationId, scope.organisationId),
        isNull(postVisitReviews.viewedAt),
        appointmentOfCaller(scope),
        patientInScope(scope),
      ),
    )
    .orderBy(desc(appointments.startAt), desc(appointments.id))
    .limit(200);
}

/** Answers false when the visit has no ready review. */
export async function markPostVisitViewed(
  db: Db,
  options: { organisationId: string; appointmentId: string; userId: string; isDoneByProvider: boolean },
): Promise<boolean> {
  const rows = await db
    .update(postVisitReviews)
    .set({ viewedAt: sql`now()`, viewedBy: options.userId, isDoneByProvider: options.isDoneByProvider })
    .where(
      and(
        eq(postVisitReviews.organisationId, options.organisationId),
        eq(postVisitReviews.appointmentId, options.appointmentId),
      ),
    )
    .returning({ id: postVisitReviews.appointmentId });
  return rows.length > 0;
}
