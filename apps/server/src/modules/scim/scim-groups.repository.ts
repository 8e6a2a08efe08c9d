import { and, asc, count, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scimGroupMembers, scimGroups, users } from '../../db/schema';
import type { ScimComparison } from './scim-filter';
import { isUuid, type ScimUserRow } from './scim.repository';

export type ScimGroupRow = typeof scimGroups.$inferSelect;

function groupCondition(comparison: ScimComparison): SQL | undefined {
  switch (comparison.attribute) {
    case 'displayName':
      return sql`lower(${scimGroups.displayName}) = lower(${comparison.value})`;
    case 'externalId':
      return eq(scimGroups.externalId, comparison.value);
    case 'id':
      return isUuid(comparison.value) ? eq(scimGroups.id, comparison.value) : sql`false`;
    case 'userName':
    case 'email':
      return sql`false`;
  }
}

export async function listGroupsPage(
  db: Db,
  options: { organisationId: string; comparisons: ScimComparison[]; offset: number; limit: number },
): Promise<{ rows: ScimGroupRow[]; total: number }> {
  const where = and(eq(scimGroups.organisationId, options.organisationId), ...options.comparisons.map(groupCondition));
  const [counted] = await db.select({ total: count() }).from(scimGroups).where(where);
  const rows =
    options.limit === 0
      ? []
      : await db
          .select()
          .from(scimGroups)
          .where(where)
          .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id))
          .offset(options.offset)
          .limit(options.limit);
  return { rows, total: counted?.total ?? 0 };
}

export async function findGroup(db: Db, organisationId: string, groupId: string): Promise<ScimGroupRow | undefined> {
  if (!isUuid(groupId)) return undefined;
  const [row] = await db
    .select()
    .from(scimGroups)
    .where(and(eq(scimGroups.organisationId, organisationId), eq(scimGroups.id, groupId)));
  return row;
}

export async function isGroupNameTaken(
  db: Db,
  options: { organisationId: string; displayName: string; exceptGroupId?: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: scimGroups.id })
    .from(scimGroups)
    .where(
      and(
        eq(scimGroups.organisationId, options.organisationId),
        sql`lower(${scimGroups.displayName}) = lower(${options.displayName})`,
        options.exceptGroupId === undefined ? undefined : ne(scimGroups.id, options.exceptGroupId),
      ),
    );
  return row !== undefined;
}

export async function insertGroup(db: Db, group: typeof scimGroups.$inferInsert): Promise<ScimGroupRow> {
  const [row] = await db.insert(scimGroups).values(group).returning();
  if (!row) throw new Error('group not created');
  return row;
}

export async function updateGroup(
  db: Db,
  groupId: string,
  changes: Partial<typeof scimGroups.$inferInsert>,
): Promise<void> {
  await db.update(scimGroups).set(changes).where(eq(scimGroups.id, groupId));
}

export async function deleteGroup(db: Db, groupId: string): Promise<void> {
  await db.delete(scimGroups).where(eq(scimGroups.id, groupId));
}

/** The members of each group: id and username, by username. */
export async function membersOfGroups(
  db: Db,
  groupIds: string[],
): Promise<Map<string, { id: string; username: string }[]>> {
  const result = new Map<string, { id: string; username: string }[]>();
  if (groupIds.length === 0) return result;
  const rows = await db
    .select({ groupId: scimGroupMembers.groupId, id: users.id, username: users.username })
    .from(scimGroupMembers)
    .innerJoin(users, eq(users.id, scimGroupMembers.userId))
    .where(inArray(scimGroupMembers.groupId, groupIds))
    .orderBy(asc(users.username));
  for (const { groupId, ...member } of rows) result.set(groupId, [...(result.get(groupId) ?? []), member]);
  return result;
}

/** Makes the group's members exactly `userIds`; answers who joined and who left. */
export async function setGroupMembers(
  db: Db,
  groupId: string,
  userIds: Set<string>,
): Promise<{ added: string[]; removed: string[] }> {
  const current = await db
    .select({ userId: scimGroupMembers.userId })
    .from(scimGroupMembers)
    .where(eq(scimGroupMembers.groupId, groupId));
  const before = new Set(current.map((row) => row.userId));
  const added = [...userIds].filter((id) => !before.has(id));
  const removed = [...before].filter((id) => !userIds.has(id));
  if (removed.length > 0) {
    await db
      .delete(scimGroupMembers)
      .where(and(eq(scimGroupMembers.groupId, groupId), inArray(scimGroupMembers.userId, removed)));
  }
  if (added.length > 0) {
    await db
      .insert(scimGroupMembers)
      .values(added.map((userId) => ({ groupId, userId })))
      .onConflictDoNothing();
  }
  return { added, removed };
}

/** The groups of the organisation with their member counts (the admin tool's list). */
export function listGroupsWithCounts(
  db: Db,
  organisationId: string,
): Promise<(ScimGroupRow & { memberCount: number })[]> {
  return db
    .select({
      id: scimGroups.id,
      organisationId: scimGroups.organisationId,
      displayName: scimGroups.displayName,
      externalId: scimGroups.externalId,
      source: scimGroups.source,
      view: scimGroups.view,
      permissions: scimGroups.permissions,
      createdAt: scimGroups.createdAt,
      updatedAt: scimGroups.updatedAt,
      memberCount: sql<number>`(select count(*)::int from ${scimGroupMembers} where ${scimGroupMembers.groupId} = ${scimGroups.id})`,
    })
    .from(scimGroups)
    .where(eq(scimGroups.organisationId, organisationId))
    .orderBy(asc(sql`lower(${scimGroups.displayName})`));
}

// ---- the groups' view and permissions

/** What a user's groups give them: every view their groups set, and the union of the permissions. */
export interface GroupGrant {
  views: string[];
  permissions: Set<string>;
}

export async function grantsOfUsers(db: Db, userIds: string[]): Promise<Map<string, GroupGrant>> {
  const result = new Map<string, GroupGrant>(userIds.map((id) => [id, { views: [], permissions: new Set() }]));
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: scimGroupMembers.userId, view: scimGroups.view, permissions: scimGroups.permissions })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .where(inArray(scimGroupMembers.userId, userIds));
  for (const row of rows) {
    const grant = result.get(row.userId);
    if (!grant) continue;
    if (row.view) grant.views.push(row.view);
    for (const permission of row.permissions) grant.permissions.add(permission);
  }
  return result;
}

export async function memberIdsOfGroup(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: scimGroupMembers.userId })
    .from(scimGroupMembers)
    .where(eq(scimGroupMembers.groupId, groupId));
  return rows.map((row) => row.userId);
}

export function usersByIds(db: Db, userIds: string[]): Promise<ScimUserRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.select().from(users).where(inArray(users.id, userIds));
}

/**
 * The organisation's groups named by an identity provider's groups claim, found by display name
 * (case-insensitive) or external id; those not found are created for single sign-on (`source: 'sso'`)
 * with no view or permissions, for an administrator to map.
 */
export async function groupsForSignIn(db: Db, organisationId: string, names: string[]): Promise<ScimGroupRow[]> {
  if (names.length === 0) return [];
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
  const found = await db
    .select()
    .from(scimGroups)
    .where(
      and(
        eq(scimGroups.organisationId, organisationId),
        or(inArray(sql`lower(${scimGroups.displayName})`, lowered), inArray(scimGroups.externalId, names)),
      ),
    );
  const known = new Set(found.flatMap((group) => [group.displayName.toLowerCase(), group.externalId ?? '']));
  const missing = [...new Map(names.map((name) => [name.toLowerCase(), name])).entries()]
    .filter(([lower, name]) => !known.has(lower) && !known.has(name))
    .map(([, name]) => name);
  if (missing.length === 0) return found;
  const created = await db
    .insert(scimGroups)
    .values(missing.map((displayName) => ({ organisationId, displayName, source: 'sso' })))
    .onConflictDoNothing()
    .returning();
  // A group another sign-in created at the same moment is read back.
  const raced = missing.length === created.length ? [] : await groupsForSignIn(db, organisationId, missing);
  return [...found, ...created, ...raced.filter((group) => !created.some((row) => row.id === group.id))];
}

/** Makes the user a member of exactly these groups; answers whether that changed anything. */
export async function setUserGroups(db: Db, userId: string, groupIds: string[]): Promise<boolean> {
  const current = await db
    .select({ groupId: scimGroupMembers.groupId })
    .from(scimGroupMembers)
    .where(eq(scimGroupMembers.userId, userId));
  const before = new Set(current.map((row) => row.groupId));
  const removed = [...before].filter((id) => !groupIds.includes(id));
  const added = groupIds.filter((id) => !before.has(id));
  if (removed.length > 0) {
    await db
      .delete(scimGroupMembers)
      .where(and(eq(scimGroupMembers.userId, userId), inArray(scimGroupMembers.groupId, removed)));
  }
  if (added.length > 0) {
    await db
      .insert(scimGroupMembers)
      .values(added.map((groupId) => ({ groupId, userId })))
      .onConflictDoNothing();
  }
  return removed.length > 0 || added.length > 0;
}

/** A group single sign-on created, by display name: a SCIM push of that name takes it over. */
export async function findSignInGroupByName(
  db: Db,
  organisationId: string,
  displayName: string,
): Promise<ScimGroupRow | undefined> {
  const [row] = await db
    .select()
    .from(scimGroups)
    .where(
      and(
        eq(scimGroups.organisationId, organisationId),
        eq(scimGroups.source, 'sso'),
        sql`lower(${scimGroups.displayName}) = lower(${displayName})`,
      ),
    );
  return row;
}
