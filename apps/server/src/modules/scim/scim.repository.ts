import { and, asc, count, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identityProviders, scimGroupMembers, scimGroups, users } from '../../db/schema';
import type { ScimComparison } from './scim-filter';

export type ScimUserRow = typeof users.$inferSelect;

/**
 * A user SCIM deleted while Cairn holds their history (audit entries, decisions) keeps their row,
 * deactivated, under this identity source: SCIM no longer finds them, and no sign-in path does.
 */
export const SCIM_DELETED_SOURCE = 'scim_deleted';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id that is not a uuid names no row (and must not reach PostgreSQL's uuid cast). */
export const isUuid = (id: string): boolean => UUID.test(id);

const visibleUsers = (organisationId: string): SQL | undefined =>
  and(eq(users.organisationId, organisationId), ne(users.identitySource, SCIM_DELETED_SOURCE));

function userCondition(comparison: ScimComparison): SQL | undefined {
  switch (comparison.attribute) {
    case 'userName':
      return sql`lower(${users.username}) = lower(${comparison.value})`;
    case 'email':
      return sql`lower(${users.email}) = lower(${comparison.value})`;
    case 'externalId':
      return eq(users.externalId, comparison.value);
    case 'id':
      return isUuid(comparison.value) ? eq(users.id, comparison.value) : sql`false`;
    case 'displayName':
      return sql`lower(${users.firstName} || ' ' || ${users.lastName}) = lower(${comparison.value})`;
  }
}

/** A page of the organisation's users matching every comparison, oldest first. */
export async function listUsersPage(
  db: Db,
  options: { organisationId: string; comparisons: ScimComparison[]; offset: number; limit: number },
): Promise<{ rows: ScimUserRow[]; total: number }> {
  const where = and(visibleUsers(options.organisationId), ...options.comparisons.map(userCondition));
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  const rows =
    options.limit === 0
      ? []
      : await db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.createdAt), asc(users.id))
          .offset(options.offset)
          .limit(options.limit);
  return { rows, total: counted?.total ?? 0 };
}

export async function findUser(db: Db, organisationId: string, userId: string): Promise<ScimUserRow | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(and(visibleUsers(organisationId), eq(users.id, userId)));
  return row;
}

/** The account holding this username anywhere (usernames are global), other than `exceptUserId`. */
export async function findUserByUsername(
  db: Db,
  username: string,
  exceptUserId?: string,
): Promise<ScimUserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    );
  return row;
}

/** Whether another account of the organisation (that SCIM sees) has this email, whatever its case. */
export async function isEmailTaken(
  db: Db,
  options: { organisationId: string; email: string; exceptUserId?: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        visibleUsers(options.organisationId),
        sql`lower(${users.email}) = lower(${options.email})`,
        options.exceptUserId === undefined ? undefined : ne(users.id, options.exceptUserId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether the organisation has an active admin other than `userId`. */
export async function hasOtherActiveAdmin(db: Db, organisationId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organisationId, organisationId),
        eq(users.isAdmin, true),
        isNull(users.deactivatedAt),
        ne(users.id, userId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The view the organisation's first SSO provider gives new users, if it has one. */
export async function findDefaultView(db: Db, organisationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ defaultView: identityProviders.defaultView })
    .from(identityProviders)
    .where(eq(identityProviders.organisationId, organisationId))
    .orderBy(asc(identityProviders.createdAt), asc(identityProviders.id))
    .limit(1);
  return row?.defaultView;
}

/** The groups of each user, by display name. */
export async function groupsOfUsers(
  db: Db,
  userIds: string[],
): Promise<Map<string, { id: string; displayName: string }[]>> {
  const result = new Map<string, { id: string; displayName: string }[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: scimGroupMembers.userId, id: scimGroups.id, displayName: scimGroups.displayName })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(inArray(scimGroupMembers.userId, userIds))
    .orderBy(asc(scimGroups.displayName));
  for (const { userId, ...group } of rows) result.set(userId, [...(result.get(userId) ?? []), group]);
  return result;
}

/** Of these ids, those naming a user of the organisation that SCIM sees. */
export async function findOwnUserIds(db: Db, organisationId: string, userIds: string[]): Promise<Set<string>> {
  const ids = userIds.filter(isUuid);
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(visibleUsers(organisationId), inArray(users.id, ids)));
  return new Set(rows.map((row) => row.id));
}

export async function removeMemberships(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .delete(scimGroupMembers)
    .where(eq(scimGroupMembers.userId, userId))
    .returning({ groupId: scimGroupMembers.groupId });
  return rows.map((row) => row.groupId);
}
