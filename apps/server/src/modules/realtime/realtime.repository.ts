import type { VisitEvent } from '@cairn/contracts';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, realtimeEvents } from '../../db/clinical-schema';
import { users } from '../../db/schema';
import { appointmentInScope, type CareScope } from '../../access';

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
      .values({
        organisationId: input.organisationId,
        appointmentId: input.appointmentId,
        event: input.event,
        // The time of insert, after the lock, not of the transaction's start: a visit's events are then
        // in id order by time too, and pruning by time removes a prefix of them.
        createdAt: sql`clock_timestamp()`,
      })
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

export interface VisitSnapshot {
  /** The visit's events after `afterId`, oldest first (none when `afterId` is absent). */
  missed: StoredVisitEvent[];
  /**
   * Where the subscriber stands now: the newest event id of every visit (0 when none). Read under the
   * visit's lock, so no event of this visit is in flight: any later one gets a greater id.
   */
  cursor: number;
}

/**
 * What a new subscriber of the visit missed, and the cursor to follow it from. The cursor is the newest
 * id overall rather than the visit's own: a browser reconnecting with it is never taken for one whose
 * events were pruned just because this visit has been quiet for a day.
 */
export async function readVisitSnapshot(
  db: Db,
  options: { organisationId: string; appointmentId: string; afterId: number | undefined; limit: number },
): Promise<VisitSnapshot> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${options.appointmentId}, 0))`);
    const { afterId } = options;
    const missed = afterId === undefined ? [] : await listVisitEventsAfter(tx, { ...options, afterId });
    const [newest] = await tx.select({ id: sql<string | null>`max(${realtimeEvents.id})` }).from(realtimeEvents);
    return { missed, cursor: Math.max(Number(newest?.id ?? 0), missed.at(-1)?.id ?? 0) };
  });
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
