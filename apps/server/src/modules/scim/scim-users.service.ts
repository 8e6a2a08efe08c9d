import type { Db } from '../../db/client';
import { endSessions, insertUser, updateUser } from '../auth';
import { auditScim, isUniqueViolation, type ScimCaller, type ScimDeps } from './scim-context';
import { notFound, ScimError } from './scim-error';
import { parseScimFilter } from './scim-filter';
import { withGroupGrants } from './scim-grants';
import { applyUserPatch, readPatchRequest, type ScimUserFields } from './scim-patch';
import { listResponse, readPage, readUserResource, toScimUser, type ScimResource } from './scim-resources';
import {
  findDefaultView,
  findUser,
  findUserByUsername,
  groupsOfUsers,
  hasOtherActiveAdmin,
  isEmailTaken,
  listUsersPage,
  removeMemberships,
  SCIM_DELETED_SOURCE,
  type ScimUserRow,
} from './scim.repository';

export interface ListQuery {
  filter?: string;
  startIndex?: string;
  count?: string;
}

/** GET /Users: the organisation's users, filtered (`userName eq "x"`, ...), a page at a time. */
export async function listScimUsers(deps: ScimDeps, caller: ScimCaller, query: ListQuery): Promise<ScimResource> {
  const comparisons = query.filter
    ? parseScimFilter(query.filter, ['userName', 'externalId', 'email', 'id', 'displayName'])
    : [];
  const { startIndex, count } = readPage(query);
  const { rows, total } = await listUsersPage(deps.db, {
    organisationId: caller.organisationId,
    comparisons,
    offset: startIndex - 1,
    limit: count,
  });
  const groups = await groupsOfUsers(
    deps.db,
    rows.map((row) => row.id),
  );
  const resources = rows.map((row) => toScimUser(row, groups.get(row.id) ?? [], deps.baseUrl));
  return listResponse(resources, { total, startIndex });
}

export async function getScimUser(deps: ScimDeps, caller: ScimCaller, userId: string): Promise<ScimResource> {
  const user = await findUser(deps.db, caller.organisationId, userId);
  if (!user) throw notFound('User');
  return present(deps, user);
}

/**
 * POST /Users: a new SSO user of the organisation (no password: they sign in through its identity
 * provider, matched by email at their first sign-in). Usernames are unique across Cairn: a taken one is
 * 409 uniqueness, except a user this organisation's SCIM deleted, who comes back with their history.
 */
export async function createScimUser(deps: ScimDeps, caller: ScimCaller, body: unknown): Promise<ScimResource> {
  const now = deps.now?.() ?? new Date();
  const fields = readUserResource(body);
  const holder = await findUserByUsername(deps.db, fields.userName);
  if (holder?.organisationId === caller.organisationId && holder.identitySource === SCIM_DELETED_SOURCE) {
    await updateUser(deps.db, holder.id, { identitySource: 'oidc', passwordHash: null });
    await saveUser(deps, caller, { ...holder, identitySource: 'oidc' }, fields);
    await auditScim(deps.db, caller, 'scim.user_restored', { targetUserId: holder.id });
    return getScimUser(deps, caller, holder.id);
  }
  if (holder) throw usernameTaken();
  await assertEmailFree(deps.db, { organisationId: caller.organisationId, email: fields.email });
  const view = (await findDefaultView(deps.db, caller.organisationId)) ?? 'Provider';
  try {
    const user = await deps.db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        organisationId: caller.organisationId,
        username: fields.userName,
        email: fields.email,
        firstName: fields.givenName,
        lastName: fields.familyName,
        externalId: fields.externalId,
        passwordHash: null,
        identitySource: 'oidc',
        view,
        deactivatedAt: fields.active ? null : now,
      });
      await auditScim(tx, caller, 'scim.user_created', { targetUserId: created.id, isActive: fields.active });
      return created;
    });
    return await present(deps, user);
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

/** PUT /Users/:id: every attribute Cairn stores is replaced by the body's. */
export async function replaceScimUser(
  deps: ScimDeps,
  caller: ScimCaller,
  options: { userId: string; body: unknown },
): Promise<ScimResource> {
  const user = await findUser(deps.db, caller.organisationId, options.userId);
  if (!user) throw notFound('User');
  await saveUser(deps, caller, user, readUserResource(options.body));
  return getScimUser(deps, caller, user.id);
}

/** PATCH /Users/:id in the forms Okta and Entra ID send (see scim-patch.ts). */
export async function patchScimUser(
  deps: ScimDeps,
  caller: ScimCaller,
  options: { userId: string; body: unknown },
): Promise<ScimResource> {
  const user = await findUser(deps.db, caller.organisationId, options.userId);
  if (!user) throw notFound('User');
  const operations = readPatchRequest(options.body);
  await saveUser(deps, caller, user, applyUserPatch(fieldsOf(user), operations));
  return getScimUser(deps, caller, user.id);
}

/**
 * DELETE /Users/:id. Cairn keeps every user's history (audit entries, decisions), so the account is
 * never erased: it is deactivated (its sessions end), leaves its groups, and is hidden from SCIM, which
 * then answers 404 for it. POSTing the same userName again brings it back.
 */
export async function deleteScimUser(deps: ScimDeps, caller: ScimCaller, userId: string): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const user = await findUser(deps.db, caller.organisationId, userId);
  if (!user) throw notFound('User');
  if (user.deactivatedAt === null) await assertNotLastAdmin(deps.db, user);
  await deps.db.transaction(async (tx) => {
    await withGroupGrants(tx, [user.id], async () => {
      await removeMemberships(tx, user.id);
    });
    await updateUser(tx, user.id, { identitySource: SCIM_DELETED_SOURCE, deactivatedAt: user.deactivatedAt ?? now });
    await auditScim(tx, caller, 'scim.user_deleted', { targetUserId: user.id });
  });
  await endSessions(deps, { userId: user.id }, now);
}

function fieldsOf(user: ScimUserRow): ScimUserFields {
  return {
    userName: user.username,
    givenName: user.firstName,
    familyName: user.lastName,
    email: user.email,
    externalId: user.externalId,
    active: user.deactivatedAt === null,
  };
}

/**
 * Writes the fields that changed. `active: false` deactivates as an administrator does: every session
 * ends at once on every process, and no sign-in path finds the account; `active: true` reactivates it.
 */
async function saveUser(deps: ScimDeps, caller: ScimCaller, user: ScimUserRow, next: ScimUserFields): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const current = fieldsOf(user);
  if (next.userName.toLowerCase() !== current.userName.toLowerCase()) {
    if (await findUserByUsername(deps.db, next.userName, user.id)) throw usernameTaken();
  }
  if (next.userName === '') throw new ScimError(400, 'userName cannot be empty.', 'invalidValue');
  if (next.email.toLowerCase() !== current.email.toLowerCase()) {
    await assertEmailFree(deps.db, { organisationId: user.organisationId, email: next.email, exceptUserId: user.id });
  }
  const changed = (Object.keys(next) as (keyof ScimUserFields)[]).filter((key) => next[key] !== current[key]);
  if (changed.length === 0) return;
  if (current.active && !next.active) await assertNotLastAdmin(deps.db, user);
  try {
    await deps.db.transaction(async (tx) => {
      await updateUser(tx, user.id, {
        username: next.userName,
        firstName: next.givenName,
        lastName: next.familyName,
        email: next.email,
        externalId: next.externalId,
        ...(next.active === current.active ? {} : next.active ? reactivation() : { deactivatedAt: now }),
      });
      await auditScim(tx, caller, 'scim.user_updated', { targetUserId: user.id, changed });
      if (next.active !== current.active) {
        await auditScim(tx, caller, next.active ? 'scim.user_reactivated' : 'scim.user_deactivated', {
          targetUserId: user.id,
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  // Every session ends at once, on every server process (as when an administrator deactivates).
  if (current.active && !next.active) await endSessions(deps, { userId: user.id }, now);
}

/**
 * As in the admin tool, an email belongs to one account of the organisation (SSO finds a provisioned
 * user by it); an account may have none.
 */
async function assertEmailFree(
  db: Db,
  options: { organisationId: string; email: string; exceptUserId?: string },
): Promise<void> {
  if (options.email !== '' && (await isEmailTaken(db, options))) {
    throw new ScimError(409, 'Another user of this organisation has this email.', 'uniqueness');
  }
}

/** As in the admin tool, the organisation keeps an active admin: otherwise no one could run it. */
async function assertNotLastAdmin(db: Db, user: ScimUserRow): Promise<void> {
  if (!user.isAdmin || (await hasOtherActiveAdmin(db, user.organisationId, user.id))) return;
  throw new ScimError(
    409,
    'This is the last active admin of the organisation: make another user admin in Cairn first.',
  );
}

const reactivation = () => ({ deactivatedAt: null, failedAttempts: 0, lockedUntil: null });

async function present(deps: { db: Db; baseUrl: string }, user: ScimUserRow): Promise<ScimResource> {
  const groups = await groupsOfUsers(deps.db, [user.id]);
  return toScimUser(user, groups.get(user.id) ?? [], deps.baseUrl);
}

const usernameTaken = (): ScimError => new ScimError(409, 'userName is already taken.', 'uniqueness');
