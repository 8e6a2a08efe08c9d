import type { AuditOutcome } from '@cairn/contracts';
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { patients } from '../../db/clinical-schema';
import { auditLog, users } from '../../db/schema';

/** What the audit log is filtered by, the patient already resolved to ids (an empty list matches nothing). */
export interface AuditQuery {
  userId?: string;
  patientIds?: string[];
  action?: string;
  outcome?: AuditOutcome;
  from?: string;
  to?: string;
}

/** Where a page starts: after this entry, in the order newest first. */
export interface AuditPosition {
  /** ISO 8601 UTC to the microsecond, as `at` gives it (a JavaScript Date would lose the microseconds). */
  at: string;
  id: number;
}

export interface AuditRow {
  id: number;
  at: string;
  action: string;
  outcome: AuditOutcome;
  clientAddress: string | null;
  userId: string | null;
  username: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  patientId: string | null;
  patientFirstName: string | null;
  patientLastName: string | null;
  mrn: string | null;
  details: Record<string, unknown> | null;
}

/** The largest number of patients a name or MRN search filters by. */
export const PATIENT_MATCHES_MAX = 50;

function filterConditions(organisationId: string, query: AuditQuery): SQL[] {
  const conditions: SQL[] = [eq(auditLog.organisationId, organisationId)];
  if (query.userId) conditions.push(eq(auditLog.userId, query.userId));
  if (query.patientIds) conditions.push(inArray(auditLog.patientId, query.patientIds));
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.outcome) conditions.push(eq(auditLog.outcome, query.outcome));
  if (query.from) conditions.push(gte(auditLog.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lt(auditLog.createdAt, new Date(query.to)));
  return conditions;
}

/**
 * Entries of one organisation, newest first, after `position` (keyset: each page is one ordered index
 * range however deep it lies). Ties on time are ordered by id, so a page boundary inside them is exact.
 */
export async function findAuditEntries(
  db: Db,
  options: { organisationId: string; query: AuditQuery; after?: AuditPosition; limit: number },
): Promise<AuditRow[]> {
  const { organisationId, query, after, limit } = options;
  if (query.patientIds?.length === 0) return [];
  const conditions = filterConditions(organisationId, query);
  if (after) {
    conditions.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::bigint)`);
  }
  return selectEntries(db, organisationId)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** One entry of the organisation, or `undefined`. */
export async function findAuditEntry(db: Db, organisationId: string, id: number): Promise<AuditRow | undefined> {
  const [row] = await selectEntries(db, organisationId).where(
    and(eq(auditLog.organisationId, organisationId), eq(auditLog.id, id)),
  );
  return row;
}

function selectEntries(db: Db, organisationId: string) {
  return db
    .select({
      id: auditLog.id,
      at: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      action: auditLog.action,
      outcome: sql<AuditOutcome>`${auditLog.outcome}`,
      clientAddress: auditLog.clientAddress,
      userId: auditLog.userId,
      username: users.username,
      userFirstName: users.firstName,
      userLastName: users.lastName,
      patientId: auditLog.patientId,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
      mrn: patients.mrn,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(users, and(eq(users.id, auditLog.userId), eq(users.organisationId, organisationId)))
    .leftJoin(patients, and(eq(patients.id, auditLog.patientId), eq(patients.organisationId, organisationId)));
}

/**
 * The organisation's patients whose MRN is the text, or whose last (or first) name starts with it;
 * `last, first` matches both. At most {@link PATIENT_MATCHES_MAX}.
 */
export async function findPatientIdsByText(db: Db, organisationId: string, text: string): Promise<string[]> {
  const prefix = (value: string) =>
    `${value
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, '\\$&')}%`;
  const [last = '', first] = text.split(',', 2);
  const byName = first?.trim()
    ? and(
        sql`lower(${patients.lastName}) like ${prefix(last)}`,
        sql`lower(${patients.firstName}) like ${prefix(first)}`,
      )
    : or(sql`lower(${patients.lastName}) like ${prefix(last)}`, sql`lower(${patients.firstName}) like ${prefix(last)}`);
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.organisationId, organisationId), or(eq(patients.mrn, text.trim()), byName)))
    .orderBy(patients.lastName, patients.firstName, patients.id)
    .limit(PATIENT_MATCHES_MAX);
  return rows.map((row) => row.id);
}

/**
 * The distinct actions of the organisation's log, in order. A skip scan of the (organisation, action)
 * index: one probe per action, not a read of every row.
 */
export async function findAuditActions(db: Db, organisationId: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive found(action) as (
      (select action from ${auditLog} where organisation_id = ${organisationId} order by action limit 1)
      union all
      select (select next.action from ${auditLog} next
               where next.organisation_id = ${organisationId} and next.action > found.action
               order by next.action limit 1)
        from found where found.action is not null
    )
    select action from found where action is not null`);
  return (result as { rows: { action: string }[] }).rows.map((row) => row.action);
}

/** What the export checks again when its link is opened: the account may have changed since. */
export async function findAuditReader(
  db: Db,
  organisationId: string,
  userId: string,
): Promise<{ isAdmin: boolean; permissions: string[]; isActive: boolean } | undefined> {
  const [row] = await db
    .select({ isAdmin: users.isAdmin, permissions: users.permissions, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)));
  return row && { isAdmin: row.isAdmin, permissions: row.permissions, isActive: row.deactivatedAt === null };
}
