import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
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
