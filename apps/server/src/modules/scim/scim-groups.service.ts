import { endSessions } from '../auth';
import { auditScim, isUniqueViolation, type ScimCaller, type ScimDeps } from './scim-context';
import { notFound, ScimError } from './scim-error';
import { parseScimFilter } from './scim-filter';
import { withGroupGrants, type GrantChanges } from './scim-grants';
import { applyGroupPatch, isObject, readMemberIds, readPatchRequest, type ScimGroupFields } from './scim-patch';
import { listResponse, readPage, refuseUnstorable, toScimGroup, type ScimResource } from './scim-resources';
import { findOwnUserIds } from './scim.repository';
import {
  deleteGroup,
  findGroup,
  findSignInGroupByName,
  insertGroup,
  isGroupNameTaken,
  listGroupsPage,
  memberIdsOfGroup,
  membersOfGroups,
  setGroupMembers,
  updateGroup,
  type ScimGroupRow,
} from './scim-groups.repository';
import type { ListQuery } from './scim-users.service';

/** GET /Groups, filtered by displayName or externalId; members left out when `excludedAttributes=members`. */
export async function listScimGroups(
  deps: ScimDeps,
  caller: ScimCaller,
  query: ListQuery & { excludedAttributes?: string },
): Promise<ScimResource> {
  const comparisons = query.filter ? parseScimFilter(query.filter, ['displayName', 'externalId', 'id']) : [];
  const { startIndex, count } = readPage(query);
  const { rows, total } = await listGroupsPage(deps.db, {
    organisationId: caller.organisationId,
    comparisons,
    offset: startIndex - 1,
    limit: count,
  });
  const withMembers = !isExcluded(query.excludedAttributes, 'members');
  const members = withMembers
    ? await membersOfGroups(
        deps.db,
        rows.map((row) => row.id),
      )
    : undefined;
  const resources = rows.map((row) =>
    toScimGroup(row, members ? (members.get(row.id) ?? []) : undefined, deps.baseUrl),
  );
  return listResponse(resources, { total, startIndex });
}

export async function getScimGroup(
  deps: ScimDeps,
  caller: ScimCaller,
  options: { groupId: string; excludedAttributes?: string },
): Promise<ScimResource> {
  const group = await findGroup(deps.db, caller.organisationId, options.groupId);
  if (!group) throw notFound('Group');
  const isWithoutMembers = isExcluded(options.excludedAttributes, 'members');
  const members = isWithoutMembers ? undefined : ((await membersOfGroups(deps.db, [group.id])).get(group.id) ?? []);
  return toScimGroup(group, members, deps.baseUrl);
}

/** POST /Groups: a display name unique in the organisation (409 uniqueness), and its members. */
export async function createScimGroup(deps: ScimDeps, caller: ScimCaller, body: unknown): Promise<ScimResource> {
  const fields = readGroupResource(body);
  // A group a single sign-on named first becomes this one: SCIM now keeps its name and members.
  const signInGroup = await findSignInGroupByName(deps.db, caller.organisationId, fields.displayName);
  if (signInGroup) {
    await updateGroup(deps.db, signInGroup.id, { source: 'scim' });
    await saveGroup(deps, caller, signInGroup, fields);
    return getScimGroup(deps, caller, { groupId: signInGroup.id });
  }
  await assertNameFree(deps, caller, fields.displayName);
  const memberIds = await ownMembers(deps, caller, fields.memberIds);
  let groupId = '';
  const changes = await guarded(() =>
    deps.db.transaction(async (tx) =>
      withGroupGrants(tx, [...memberIds], async () => {
        const group = await insertGroup(tx, {
          organisationId: caller.organisationId,
          displayName: fields.displayName,
          externalId: fields.externalId,
        });
        groupId = group.id;
        await setGroupMembers(tx, group.id, memberIds);
        await auditScim(tx, caller, 'scim.group_created', { groupId, addedUserIds: [...memberIds] });
      }),
    ),
  );
  await endNarrowedSessions(deps, changes);
  return getScimGroup(deps, caller, { groupId });
}

/** PUT /Groups/:id: the display name, external id and members replaced by the body's. */
export async function replaceScimGroup(
  deps: ScimDeps,
  caller: ScimCaller,
  options: { groupId: string; body: unknown },
): Promise<ScimResource> {
  const group = await findGroup(deps.db, caller.organisationId, options.groupId);
  if (!group) throw notFound('Group');
  await saveGroup(deps, caller, group, readGroupResource(options.body));
  return getScimGroup(deps, caller, { groupId: group.id });
}

/** PATCH /Groups/:id: members added, removed (also by `members[value eq "id"]`) or replaced; renamed. */
export async function patchScimGroup(
  deps: ScimDeps,
  caller: ScimCaller,
  options: { groupId: string; body: unknown },
): Promise<ScimResource> {
  const group = await findGroup(deps.db, caller.organisationId, options.groupId);
  if (!group) throw notFound('Group');
  const operations = readPatchRequest(options.body);
  refuseUnstorable(options.body);
  const current: ScimGroupFields = {
    displayName: group.displayName,
    externalId: group.externalId,
    memberIds: new Set(await memberIdsOfGroup(deps.db, group.id)),
  };
  await saveGroup(deps, caller, group, applyGroupPatch(current, operations));
  return getScimGroup(deps, caller, { groupId: group.id });
}

/** DELETE /Groups/:id: its members lose what it gave them. */
export async function deleteScimGroup(deps: ScimDeps, caller: ScimCaller, groupId: string): Promise<void> {
  const group = await findGroup(deps.db, caller.organisationId, groupId);
  if (!group) throw notFound('Group');
  const memberIds = await memberIdsOfGroup(deps.db, group.id);
  const changes = await deps.db.transaction(async (tx) =>
    withGroupGrants(tx, memberIds, async () => {
      await deleteGroup(tx, group.id);
      await auditScim(tx, caller, 'scim.group_deleted', { groupId: group.id, removedUserIds: memberIds });
    }),
  );
  await endNarrowedSessions(deps, changes);
}

async function saveGroup(deps: ScimDeps, caller: ScimCaller, group: ScimGroupRow, next: ScimGroupFields) {
  if (next.displayName === '') throw new ScimError(400, 'displayName cannot be empty.', 'invalidValue');
  if (next.displayName.toLowerCase() !== group.displayName.toLowerCase()) {
    await assertNameFree(deps, caller, next.displayName, group.id);
  }
  const memberIds = await ownMembers(deps, caller, next.memberIds);
  const before = await memberIdsOfGroup(deps.db, group.id);
  const changes = await guarded(() =>
    deps.db.transaction(async (tx) =>
      withGroupGrants(tx, [...before, ...memberIds], async () => {
        const isRenamed = next.displayName !== group.displayName || next.externalId !== group.externalId;
        if (isRenamed) {
          await updateGroup(tx, group.id, {
            displayName: next.displayName,
            externalId: next.externalId,
            updatedAt: deps.now?.() ?? new Date(),
          });
        }
        const { added, removed } = await setGroupMembers(tx, group.id, memberIds);
        if (!isRenamed && added.length === 0 && removed.length === 0) return;
        if (!isRenamed) await updateGroup(tx, group.id, { updatedAt: deps.now?.() ?? new Date() });
        await auditScim(tx, caller, 'scim.group_updated', {
          groupId: group.id,
          isRenamed,
          addedUserIds: added,
          removedUserIds: removed,
        });
      }),
    ),
  );
  await endNarrowedSessions(deps, changes);
}

/**
 * Tokens carry a user's permissions: a user whose groups no longer give a permission has every session
 * ended, so that the permission goes at once rather than at their next sign-in.
 */
export async function endNarrowedSessions(deps: Pick<ScimDeps, 'db' | 'accessTokens' | 'now'>, changes: GrantChanges) {
  const now = deps.now?.() ?? new Date();
  for (const userId of changes.narrowedUserIds) await endSessions(deps, { userId }, now);
}

function readGroupResource(body: unknown): ScimGroupFields {
  if (!isObject(body)) throw new ScimError(400, 'The body must be a Group resource.', 'invalidSyntax');
  refuseUnstorable(body);
  const { displayName, externalId, members } = body;
  if (typeof displayName !== 'string' || displayName.trim() === '' || displayName.length > 256) {
    throw new ScimError(400, 'displayName is required (a string of at most 256 characters).', 'invalidValue');
  }
  if (externalId !== undefined && externalId !== null && typeof externalId !== 'string') {
    throw new ScimError(400, 'externalId must be a string.', 'invalidValue');
  }
  return {
    displayName: displayName.trim(),
    externalId: typeof externalId === 'string' && externalId !== '' ? externalId : null,
    memberIds: new Set(members === undefined || members === null ? [] : readMemberIds(members)),
  };
}

/** Members must be users of the organisation: another organisation's user is as unknown as a wrong id. */
async function ownMembers(deps: ScimDeps, caller: ScimCaller, memberIds: Set<string>): Promise<Set<string>> {
  const own = await findOwnUserIds(deps.db, caller.organisationId, [...memberIds]);
  const unknown = [...memberIds].filter((id) => !own.has(id));
  if (unknown.length > 0)
    throw new ScimError(400, `No such user in this organisation: ${unknown[0] ?? ''}.`, 'invalidValue');
  return own;
}

async function assertNameFree(deps: ScimDeps, caller: ScimCaller, displayName: string, exceptGroupId?: string) {
  const isTaken = await isGroupNameTaken(deps.db, {
    organisationId: caller.organisationId,
    displayName,
    exceptGroupId,
  });
  if (isTaken) throw nameTaken();
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

const nameTaken = (): ScimError =>
  new ScimError(409, 'displayName is already taken in this organisation.', 'uniqueness');

function isExcluded(excludedAttributes: string | undefined, attribute: string): boolean {
  return (excludedAttributes ?? '').split(',').some((name) => name.trim().toLowerCase() === attribute);
}
