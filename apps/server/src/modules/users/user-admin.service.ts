import {
  PERMISSIONS,
  VIEWS,
  type AdminUser,
  type EndpointBody,
  type UserAction,
  type createUser as createUserEndpoint,
  type listUsers as listUsersEndpoint,
  type updateUserByAdmin,
} from '@cairn/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit, type AuthContext } from '../../access';
import { clearSignInFailures, endSessions, insertUser, updateUser, type AccessTokens } from '../auth';
import type { Mailer } from '../../integrations/smtp/mailer';
import { sendInvitation, revokeInvitations } from './invitation.service';
import {
  findForeignLinks,
  findTakenIdentity,
  findUserWithLinks,
  listLinkOptions,
  listUsersPage,
  lockActiveAdmins,
  setUserLinks,
  type UserWithLinks,
} from './user-admin.repository';

export interface UserAdminDeps {
  db: Db;
  accessTokens: AccessTokens;
  mailer: Mailer;
  /** Cairn's public origin: invitation links lead there. */
  publicOrigin: string;
  now?: () => Date;
}

/** Who acts in the admin tool, and from where (for the audit). */
export interface AdminCaller {
  auth: AuthContext;
  clientAddress: string | undefined;
}

type UserFields = Omit<EndpointBody<typeof updateUserByAdmin>, 'userId'>;

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** The row as the admin tool shows it (never a password hash, TOTP secret or token). */
export function toAdminUser(entry: UserWithLinks, now: Date): AdminUser {
  const { user } = entry;
  const isDeactivated = user.deactivatedAt !== null;
  const isInvited = !isDeactivated && user.passwordHash === null && user.identitySource === 'cairn';
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    view: VIEWS.find((view) => view === user.view) ?? 'Provider',
    permissions: PERMISSIONS.filter((permission) => user.permissions.includes(permission)),
    isAdmin: user.isAdmin,
    isMultipleProviders: user.isMultipleProviders,
    status: isDeactivated ? 'deactivated' : isInvited ? 'invited' : 'active',
    lockedUntil: user.lockedUntil && user.lockedUntil > now ? user.lockedUntil.toISOString() : null,
    lastLoginAt: iso(user.lastLoginAt),
    mustChangePassword: user.mustChangePassword,
    isTotpEnabled: user.isTotpEnabled,
    identitySource: user.identitySource,
    emrUsername: user.emrUsername,
    providerIds: entry.providerIds,
    clinicIds: entry.clinicIds,
    invitationExpiresAt: iso(entry.invitationExpiresAt),
    createdAt: user.createdAt.toISOString(),
  };
}

export async function listUsers(
  deps: UserAdminDeps,
  caller: AdminCaller,
  body: EndpointBody<typeof listUsersEndpoint>,
): Promise<{ users: AdminUser[]; total: number }> {
  const now = deps.now?.() ?? new Date();
  const { page, pageSize, ...filters } = body;
  const { rows, total } = await listUsersPage(deps.db, {
    organisationId: caller.auth.organisationId,
    filters,
    page,
    pageSize,
    now,
  });
  return { users: rows.map((row) => toAdminUser(row, now)), total };
}

/** The clinics and providers a user may be linked to, named as the user form lists them. */
export async function getLinkOptions(db: Db, auth: AuthContext) {
  const options = await listLinkOptions(db, auth.organisationId);
  return {
    clinics: options.clinics,
    providers: options.providers.map((provider) => ({
      id: provider.id,
      name: [`${provider.lastName}, ${provider.firstName}`.replace(/, $/, ''), provider.suffix]
        .filter(Boolean)
        .join(' '),
      npi: provider.npi,
    })),
  };
}

/**
 * A new account. Its username must be free everywhere (sign-in names are global) and its email in the
 * organisation: a 409 names the field. Without a password of its own it waits for its invitation.
 */
export async function createUser(
  deps: UserAdminDeps,
  caller: AdminCaller,
  body: EndpointBody<typeof createUserEndpoint>,
): Promise<{ user: AdminUser; isInvitationSent: boolean }> {
  const now = deps.now?.() ?? new Date();
  const organisationId = caller.auth.organisationId;
  assertMayGrant(caller, body);
  await assertIdentityFree(deps.db, { organisationId, username: body.username, email: body.email });
  await assertOwnLinks(deps.db, organisationId, body);
  const { invite, providerIds, clinicIds, ...fields } = body;
  const created = await deps.db.transaction(async (tx) => {
    const user = await insertUser(tx, { ...fields, organisationId, passwordHash: null });
    await setUserLinks(tx, { userId: user.id, providerIds, clinicIds });
    await audit(tx, caller, 'admin.user_created', user.id, {
      username: user.username,
      view: user.view,
      permissions: user.permissions,
      isAdmin: user.isAdmin,
    });
    return user;
  });
  const isInvitationSent = invite ? await sendInvitation(deps, caller, created, now) : false;
  return { user: await loadAdminUser(deps, caller, created.id, now), isInvitationSent };
}

/** Changes an account's fields; the organisation keeps at least one active admin. */
export async function updateUserAccount(
  deps: UserAdminDeps,
  caller: AdminCaller,
  body: EndpointBody<typeof updateUserByAdmin>,
): Promise<AdminUser> {
  const now = deps.now?.() ?? new Date();
  const organisationId = caller.auth.organisationId;
  const current = await findUserWithLinks(deps.db, { organisationId, userId: body.userId, now });
  if (!current) throw new AppError('NOT_FOUND', 'No such user in your organisation.');
  if (current.user.isAdmin !== body.isAdmin || current.user.isAdmin) assertMayGrant(caller, body);
  await assertIdentityFree(deps.db, { organisationId, email: body.email, exceptUserId: body.userId });
  await assertOwnLinks(deps.db, organisationId, body);
  const { userId, providerIds, clinicIds, ...fields } = body;
  await deps.db.transaction(async (tx) => {
    const db = tx;
    if (current.user.isAdmin && !fields.isAdmin) await assertOtherActiveAdmin(db, organisationId, userId);
    await updateUser(db, userId, fields);
    await setUserLinks(db, { userId, providerIds, clinicIds });
    await audit(db, caller, 'admin.user_updated', userId, { changed: changedFields(current, body) });
  });
  // New permissions or view take effect at the next sign-in; an admin right taken away ends its sessions.
  if (current.user.isAdmin && !fields.isAdmin) await endSessions(deps, { userId }, now);
  return loadAdminUser(deps, caller, userId, now);
}

/** The one-account actions: invite, deactivate, reactivate, unlock, force a password change, reset TOTP. */
export async function applyUserAction(
  deps: UserAdminDeps,
  caller: AdminCaller,
  body: { userId: string; action: UserAction },
): Promise<AdminUser> {
  const now = deps.now?.() ?? new Date();
  const organisationId = caller.auth.organisationId;
  const current = await findUserWithLinks(deps.db, { organisationId, userId: body.userId, now });
  if (!current) throw new AppError('NOT_FOUND', 'No such user in your organisation.');
  const { user } = current;
  if (user.isAdmin && !caller.auth.isAdmin) {
    throw new AppError('FORBIDDEN', "Only an admin may change an admin's account.");
  }
  const needsPassword = body.action === 'invite' || body.action === 'forcePasswordChange';
  if ((needsPassword || body.action === 'resetTotp') && user.identitySource !== 'cairn') {
    throw new AppError('CONFLICT', 'This user signs in through single sign-on: Cairn holds no password or TOTP.');
  }
  if (body.action !== 'reactivate' && user.deactivatedAt !== null && body.action !== 'unlock') {
    throw new AppError('CONFLICT', 'This account is deactivated: reactivate it first.');
  }
  await ACTIONS[body.action](deps, caller, current, now);
  return loadAdminUser(deps, caller, body.userId, now);
}

type ActionHandler = (deps: UserAdminDeps, caller: AdminCaller, current: UserWithLinks, now: Date) => Promise<void>;

const ACTIONS: Record<UserAction, ActionHandler> = {
  invite: async (deps, caller, { user }, now) => {
    if (user.passwordHash !== null) {
      throw new AppError('CONFLICT', 'This user has already chosen a password: force a password change instead.');
    }
    await sendInvitation(deps, caller, user, now);
  },
  deactivate: async (deps, caller, { user }, now) => {
    if (user.id === caller.auth.userId) throw new AppError('CONFLICT', 'You cannot deactivate your own account.');
    await deps.db.transaction(async (tx) => {
      const db = tx;
      if (user.isAdmin) await assertOtherActiveAdmin(db, user.organisationId, user.id);
      await updateUser(db, user.id, { deactivatedAt: now });
      await revokeInvitations(db, user.id, now);
      await audit(db, caller, 'admin.user_deactivated', user.id);
    });
    // Every session ends at once, on every server process.
    await endSessions(deps, { userId: user.id }, now);
  },
  reactivate: async (deps, caller, { user }) => {
    if (user.deactivatedAt === null) return;
    await updateUser(deps.db, user.id, { deactivatedAt: null, failedAttempts: 0, lockedUntil: null });
    await audit(deps.db, caller, 'admin.user_reactivated', user.id);
  },
  unlock: async (deps, caller, { user }) => {
    await updateUser(deps.db, user.id, { failedAttempts: 0, lockedUntil: null });
    await clearSignInFailures(deps.db, user.username);
    await audit(deps.db, caller, 'admin.user_unlocked', user.id);
  },
  forcePasswordChange: async (deps, caller, { user }, now) => {
    if (user.passwordHash === null) {
      throw new AppError('CONFLICT', 'This user has not chosen a password yet: send the invitation instead.');
    }
    await updateUser(deps.db, user.id, { mustChangePassword: true });
    await endSessions(deps, { userId: user.id }, now);
    await audit(deps.db, caller, 'admin.user_password_change_forced', user.id);
  },
  resetTotp: async (deps, caller, { user }) => {
    await updateUser(deps.db, user.id, { totpSecret: null, isTotpEnabled: false, totpLastStep: null });
    await audit(deps.db, caller, 'admin.user_totp_reset', user.id);
  },
};

async function loadAdminUser(deps: UserAdminDeps, caller: AdminCaller, userId: string, now: Date) {
  const entry = await findUserWithLinks(deps.db, { organisationId: caller.auth.organisationId, userId, now });
  if (!entry) throw new AppError('NOT_FOUND', 'No such user in your organisation.');
  return toAdminUser(entry, now);
}

/** Admin rights are given and taken by admins only: admin_tool alone must not make its holder an admin. */
function assertMayGrant(caller: AdminCaller, fields: { isAdmin: boolean }): void {
  if (!caller.auth.isAdmin && fields.isAdmin) {
    throw new AppError('FORBIDDEN', 'Only an admin may give or change admin rights.');
  }
}

async function assertIdentityFree(
  db: Db,
  options: { organisationId: string; username?: string; email: string; exceptUserId?: string },
): Promise<void> {
  const taken = await findTakenIdentity(db, options);
  if (taken === 'username') {
    throw new AppError('CONFLICT', `The username ${String(options.username)} is already taken.`, { field: 'username' });
  }
  if (taken === 'email') {
    throw new AppError('CONFLICT', `Another user of your organisation has the email ${options.email}.`, {
      field: 'email',
    });
  }
}

async function assertOwnLinks(
  db: Db,
  organisationId: string,
  links: { providerIds: string[]; clinicIds: string[] },
): Promise<void> {
  const foreign = await findForeignLinks(db, { organisationId, ...links });
  const issues = [
    ...foreign.providerIds.map((id) => ({
      field: `providerIds.${String(links.providerIds.indexOf(id))}`,
      message: 'No such provider in your organisation',
    })),
    ...foreign.clinicIds.map((id) => ({
      field: `clinicIds.${String(links.clinicIds.indexOf(id))}`,
      message: 'No such clinic in your organisation',
    })),
  ];
  if (issues.length > 0) throw AppError.validation(issues);
}

/** Inside a transaction: the organisation must keep an active admin other than `userId`. */
async function assertOtherActiveAdmin(db: Db, organisationId: string, userId: string): Promise<void> {
  const admins = await lockActiveAdmins(db, organisationId);
  if (!admins.some((id) => id !== userId)) {
    throw new AppError('CONFLICT', 'This is the last active admin of the organisation: make another user admin first.');
  }
}

function changedFields(current: UserWithLinks, fields: UserFields): string[] {
  const { user } = current;
  const sameList = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();
  const changes: [string, boolean][] = [
    ['email', user.email !== fields.email],
    ['firstName', user.firstName !== fields.firstName],
    ['lastName', user.lastName !== fields.lastName],
    ['view', user.view !== fields.view],
    ['permissions', !sameList(user.permissions, fields.permissions)],
    ['isAdmin', user.isAdmin !== fields.isAdmin],
    ['isMultipleProviders', user.isMultipleProviders !== fields.isMultipleProviders],
    ['emrUsername', user.emrUsername !== fields.emrUsername],
    ['providerIds', !sameList(current.providerIds, fields.providerIds)],
    ['clinicIds', !sameList(current.clinicIds, fields.clinicIds)],
  ];
  return changes.filter(([, isChanged]) => isChanged).map(([name]) => name);
}

/** An admin's action on an account, in the audit log. */
export function audit(
  db: Db,
  caller: AdminCaller,
  action: string,
  targetUserId: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  return writeAudit(db, {
    organisationId: caller.auth.organisationId,
    userId: caller.auth.userId,
    action,
    clientAddress: caller.clientAddress,
    details: { targetUserId, ...details },
  });
}
