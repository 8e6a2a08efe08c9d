import type { VisitEvent } from '@cairn/contracts';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, realtimeEvents } from '../../db/clinical-schema';
import { users } from '../../db/schema';
import { appointmentInScope, type CareScope } from '../patients/care-scope';

/** Events are kept this long; a browser away for longer reloads the visit (`resync`). */
export const EVENT_RETENTION_HOURS = 24;

export interface StoredVisitEvent {
  id: number;
  appointmentId: string;
  createdAt: Date;
  event: VisitEvent;
}

/**
 * Stores one event. The visit is locked for the transaction, so that the ids of one visit are committed
 * in the order they were drawn: a reader that has seen id N of a visit has seen every smaller id of it,
 * and asking for `id > N` later never skips an event committed late.
 */
export async function insertVisitEvent(
  db: Db,
  input: { organisationId: string; appointmentId: string; event: VisitEvent },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${input.appointmentId}, 0))`);
    const [row] = await tx
      .insert(realtimeEvents)
      .values({ organisationId: input.organisationId, appointmentId: input.appointmentId, event: input.event })
      .returning({ id: realtimeEvents.id });
    if (!row) throw new Error('realtime event not stored');
    return row.id;
  });
}

/** The visit's events after `afterId`, oldest first, at most `limit`. */
export async function listVisitEventsAfter(
  db: Db,
  options: { organisationId: string; appointmentId: string; afterId: number; limit: number },
): Promise<StoredVisitEvent[]> {
  const rows = await db
    .select({
      id: realtimeEvents.id,
      appointmentId: realtimeEvents.appointmentId,
      createdAt: realtimeEvents.createdAt,
      event: realtimeEvents.event,
    })
    .from(realtimeEvents)
    .where(
      and(
        eq(realtimeEvents.organisationId, options.organisationId),
        eq(realtimeEvents.appointmentId, options.appointmentId),
        gt(realtimeEvents.id, options.afterId),
      ),
    )
    .orderBy(asc(realtimeEvents.id))
    .limit(options.limit);
  return rows.map((row) => ({ ...row, event: row.event as VisitEvent }));
}

/** The newest event id of the visit, 0 when it has none. */
export async function findNewestVisitEventId(db: Db, organisationId: string, appointmentId: string): Promise<number> {
  const [row] = await db
    .select({ id: sql<string | null>`max(${realtimeEvents.id})` })
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.organisationId, organisationId), eq(realtimeEvents.appointmentId, appointmentId)));
  return Number(row?.id ?? 0);
}

/** The smallest and largest ids kept, of every visit; `undefined` when none is kept. */
export async function findKeptEventRange(db: Db): Promise<{ oldest: number; newest: number } | undefined> {
  const [row] = await db
    .select({
      oldest: sql<string | null>`min(${realtimeEvents.id})`,
      newest: sql<string | null>`max(${realtimeEvents.id})`,
    })
    .from(realtimeEvents);
  if (!row?.oldest || !row.newest) return undefined;
  return { oldest: Number(row.oldest), newest: Number(row.newest) };
}

/**
 * Deletes the events older than the retention, as a prefix of ids: everything below the oldest id still
 * within it. Ids kept are then exactly those from the oldest kept one on, which is how a reconnecting
 * browser's last id is known to be outdated. With no recent event nothing is deleted (the last ones stay).
 */
export async function pruneVisitEvents(db: Db): Promise<void> {
  await db.execute(sql`
    delete from ${realtimeEvents} where ${realtimeEvents.id} < (
      select min(${realtimeEvents.id}) from ${realtimeEvents}
       where ${realtimeEvents.createdAt} >= now() - make_interval(hours => ${EVENT_RETENTION_HOURS})
    )`);
}

/** The visit's patient, when the visit is the organisation's and in the caller's care scope. */
export async function findVisitInScope(
  db: Db,
  scope: CareScope,
  appointmentId: string,
): Promise<{ patientId: string } | undefined> {
  const [row] = await db
    .select({ patientId: appointments.patientId })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), appointmentInScope(scope)));
  return row;
}

/** Whether the user still exists in the organisation, and is an admin (care scope), at the time of connecting. */
export async function findRealtimeUser(
  db: Db,
  organisationId: string,
  userId: string,
): Promise<{ isAdmin: boolean } | undefined> {
  const [row] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)));
  return row;
}
