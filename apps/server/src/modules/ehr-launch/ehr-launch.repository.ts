import { and, arrayOverlaps, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  appointments,
  ehrConnections,
  ehrLaunchStates,
  ehrSessions,
  encounters,
  providers,
  userProviders,
} from '../../db/clinical-schema';
import { users } from '../../db/schema';
import type { UserRow } from '../auth';

export type EhrConnectionRow = typeof ehrConnections.$inferSelect;
export type EhrLaunchStateRow = typeof ehrLaunchStates.$inferSelect;
export type EhrSessionRow = typeof ehrSessions.$inferSelect;

/** The FHIR base as stored and as an EHR may send it: with and without a trailing slash. */
function baseVariants(fhirBaseUrl: string): string[] {
  const bare = fhirBaseUrl.replace(/\/+$/, '');
  return [bare, `${bare}/`];
}

/**
 * The enabled connections whose FHIR base, or one of whose issuer aliases, is this `iss`, across
 * organisations (a launch names no organisation).
 */
export async function findConnectionsByIss(db: Db, iss: string): Promise<EhrConnectionRow[]> {
  const variants = baseVariants(iss);
  return db
    .select()
    .from(ehrConnections)
    .where(
      and(
        eq(ehrConnections.isEnabled, true),
        or(inArray(ehrConnections.fhirBaseUrl, variants), arrayOverlaps(ehrConnections.issuerAliases, variants)),
      ),
    );
}

/**
 * The last launch, or the last write of diagnoses, through a connection and how it ended (`error` null
 * when it succeeded): the admin tool shows them.
 */
export async function recordActivity(
  db: Db,
  connectionId: string,
  activity: { kind: 'launch' | 'write'; at: Date; error: string | null },
): Promise<void> {
  const { at, error } = activity;
  await db
    .update(ehrConnections)
    .set(
      activity.kind === 'launch'
        ? { lastLaunchAt: at, lastLaunchError: error }
        : { lastWriteAt: at, lastWriteError: error },
    )
    .where(eq(ehrConnections.id, connectionId));
}

export async function findConnectionById(db: Db, connectionId: string): Promise<EhrConnectionRow | undefined> {
  const [row] = await db.select().from(ehrConnections).where(eq(ehrConnections.id, connectionId));
  return row;
}

export async function insertLaunchState(db: Db, row: EhrLaunchStateRow): Promise<void> {
  await db.insert(ehrLaunchStates).values(row);
}

/** Takes the launch state (once: it is deleted), sweeping expired ones on the way. */
export async function consumeLaunchState(db: Db, state: string, now: Date): Promise<EhrLaunchStateRow | undefined> {
  const [row] = await db.delete(ehrLaunchStates).where(eq(ehrLaunchStates.state, state)).returning();
  await db.delete(ehrLaunchStates).where(lt(ehrLaunchStates.expiresAt, now));
  return row;
}

/**
 * The Cairn user an EHR user (`fhirUser`, `Practitioner/<id>`) signs in as: the user whose EHR username
 * is that reference, else the one user linked to the provider imported from the EHR under that id.
 */
export async function findUserForFhirUser(
  db: Db,
  organisationId: string,
  fhirUser: string,
): Promise<UserRow | undefined> {
  const [named] = await db
    .select()
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.emrUsername, fhirUser), isNull(users.deactivatedAt)));
  if (named) return named;
  const [type, id] = fhirUser.split('/').slice(-2);
  if (type !== 'Practitioner' || !id) return undefined;
  const linked = await db
    .select({ user: users })
    .from(users)
    .innerJoin(userProviders, eq(userProviders.userId, users.id))
    .innerJoin(providers, eq(providers.id, userProviders.providerId))
    .where(
      and(
        eq(users.organisationId, organisationId),
        isNull(users.deactivatedAt),
        eq(providers.organisationId, organisationId),
        eq(providers.source, 'EHR'),
        eq(providers.sourceId, id),
      ),
    )
    .limit(2);
  return linked.length === 1 ? linked[0]?.user : undefined;
}

export async function insertEhrSession(db: Db, row: typeof ehrSessions.$inferInsert): Promise<void> {
  await db.insert(ehrSessions).values(row);
}

/** The user's latest EHR session in the organisation, with its connection. */
export async function findLatestEhrSession(
  db: Db,
  organisationId: string,
  userId: string,
): Promise<{ session: EhrSessionRow; connection: EhrConnectionRow } | undefined> {
  const [row] = await db
    .select({ session: ehrSessions, connection: ehrConnections })
    .from(ehrSessions)
    .innerJoin(ehrConnections, eq(ehrConnections.id, ehrSessions.connectionId))
    .where(
      and(
        eq(ehrSessions.organisationId, organisationId),
        eq(ehrConnections.organisationId, organisationId),
        // A disabled connection reads and writes nothing.
        eq(ehrConnections.isEnabled, true),
        eq(ehrSessions.userId, userId),
      ),
    )
    .orderBy(desc(ehrSessions.createdAt))
    .limit(1);
  return row;
}

export async function updateEhrSessionTokens(
  db: Db,
  sessionId: string,
  tokens: { accessTokenEncrypted: string; refreshTokenEncrypted: string | null; expiresAt: Date; scope: string },
): Promise<void> {
  await db.update(ehrSessions).set(tokens).where(eq(ehrSessions.id, sessionId));
}

/** Cairn's encounter imported from the EHR under that FHIR id. */
export async function findEhrEncounter(
  db: Db,
  organisationId: string,
  encounterFhirId: string,
): Promise<typeof encounters.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(encounters)
    .where(
      and(
        eq(encounters.organisationId, organisationId),
        eq(encounters.source, 'EHR'),
        eq(encounters.sourceId, encounterFhirId),
      ),
    );
  return row;
}

/**
 * The visit of an EHR encounter: the appointment already linked to it, else the patient's visit that
 * day not yet linked to any encounter (the one nearest the encounter's start), which is then linked.
 */
export async function findOrLinkVisit(
  db: Db,
  encounter: typeof encounters.$inferSelect,
  startsAt: Date | undefined,
): Promise<string | undefined> {
  const [linked] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.organisationId, encounter.organisationId), eq(appointments.encounterId, encounter.id)))
    .limit(1);
  if (linked) return linked.id;
  const nearest = startsAt
    ? sql`abs(extract(epoch from ${appointments.startAt} - ${startsAt.toISOString()}::timestamptz))`
    : appointments.startAt;
  const [sameDay] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.organisationId, encounter.organisationId),
        eq(appointments.patientId, encounter.patientId),
        eq(appointments.serviceDate, encounter.startDate),
        isNull(appointments.encounterId),
      ),
    )
    .orderBy(asc(nearest))
    .limit(1);
  if (!sameDay) return undefined;
  await db
    .update(appointments)
    .set({ encounterId: encounter.id })
    .where(and(eq(appointments.id, sameDay.id), isNull(appointments.encounterId)));
  return sameDay.id;
}

/**
 * A visit for an EHR encounter Cairn has no appointment for (a walk-in the EHR started): made from the
 * encounter, under the source id `encounter/<id>` so that a second launch finds the same one.
 */
export async function insertVisitForEncounter(
  db: Db,
  encounter: typeof encounters.$inferSelect,
  visit: { startAt: Date; status: string; visitType: string },
): Promise<string> {
  const [row] = await db
    .insert(appointments)
    .values({
      organisationId: encounter.organisationId,
      patientId: encounter.patientId,
      providerId: encounter.providerId,
      encounterId: encounter.id,
      status: visit.status,
      visitType: visit.visitType,
      startAt: visit.startAt,
      serviceDate: encounter.startDate,
      source: 'EHR',
      sourceId: `encounter/${encounter.sourceId}`,
    })
    .onConflictDoUpdate({
      target: [appointments.organisationId, appointments.source, appointments.sourceId],
      set: { encounterId: encounter.id },
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error('The visit could not be stored');
  return row.id;
}
