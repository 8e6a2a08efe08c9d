import type { LastSignInFilter, UserRoleFilter, UserStatus, View } from '@cairn/contracts';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clinics, providers, userClinics, userProviders } from '../../db/clinical-schema';
import { userInvitations, users } from '../../db/schema';
import { DAY_MS, type UserRow } from '../auth';

export interface UserListFilters {
  search?: string;
  role?: UserRoleFilter;
  view?: View;
  status?: UserStatus;
  isLocked?: boolean;
  lastSignIn?: LastSignInFilter;
}

/** A user with what the admin tool shows beside the row: linked providers and clinics, open invitation. */
export interface UserWithLinks {
  user: UserRow;
  providerIds: string[];
  clinicIds: string[];
  invitationExpiresAt: Date | null;
}

/** `%` and `_` are wildcards of LIKE: a search for them finds them as typed. */
function likePattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** An account with no password of its own that can still be given one: waiting for its invitation. */
const isInvited = and(isNull(users.deactivatedAt), isNull(users.passwordHash), eq(users.identitySource, 'cairn'));

function statusCondition(status: UserStatus): SQL | undefined {
  switch (status) {
    case 'deactivated':
      return isNotNull(users.deactivatedAt);
    case 'invited':
      return isInvited;
    case 'active':
      return and(isNull(users.deactivatedAt), or(isNotNull(users.passwordHash), ne(users.identitySource, 'cairn')));
  }
}

function roleCondition(role: UserRoleFilter): SQL | undefined {
  switch (role) {
    case 'admin':
      return eq(users.isAdmin, true);
    case 'coder':
      return eq(users.view, 'Coder');
    case 'provider':
      return inArray(users.view, ['Provider', 'Classic']);
  }
}

function lastSignInCondition(filter: LastSignInFilter, now: Date): SQL | undefined {
  switch (filter) {
    case 'never':
      return isNull(users.lastLoginAt);
    case 'last30Days':
      return gt(users.lastLoginAt, new Date(now.getTime() - 30 * DAY_MS));
    case 'over90Days':
      return lt(users.lastLoginAt, new Date(now.getTime() - 90 * DAY_MS));
  }
}

function listConditions(organisationId: string, filters: UserListFilters, now: Date): SQL | undefined {
  const search = filters.search?.trim();
  const pattern = search ? likePattern(search) : undefined;
  return and(
    eq(users.organisationId, organisationId),
    pattern
      ? or(
          sql`${users.username} ilike ${pattern}`,
          sql`${users.email} ilike ${pattern}`,
          sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
          sql`(${users.lastName} || ', ' || ${users.firstName}) ilike ${pattern}`,
        )
      : undefined,
    filters.role ? roleCondition(filters.role) : undefined,
    filters.view ? eq(users.view, filters.view) : undefined,
    filters.status ? statusCondition(filters.status) : undefined,
    filters.isLocked === undefined
      ? undefined
      : filters.isLocked
        ? gt(users.lockedUntil, now)
        : or(isNull(users.lockedUntil), sql`${users.lockedUntil} <= ${now}`),
    filters.lastSignIn ? lastSignInCondition(filters.lastSignIn, now) : undefined,
  );
}

/** A page of the organisation's users, by last name, first name and username, and how many match in all. */
export async function listUsersPage(
  db: Db,
  options: { organisationId: string; filters: UserListFilters; page: number; pageSize: number; now: Date },
): Promise<{ rows: UserWithLinks[]; total: number }> {
  const where = listConditions(options.organisationId, options.filters, options.now);
  const [totalRow] = await db.select({ value: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.username))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return { rows: await withLinks(db, rows, options.now), total: totalRow?.value ?? 0 };
}

/** One user of the organisation with its links; `undefined` for another organisation's. */
export async function findUserWithLinks(
  db: Db,
  options: { organisationId: string; userId: string; now: Date },
): Promise<UserWithLinks | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, options.userId), eq(users.organisationId, options.organisationId)));
  if (!row) return undefined;
  const [withLink] = await withLinks(db, [row], options.now);
  return withLink;
}

async function withLinks(db: Db, rows: UserRow[], now: Date): Promise<UserWithLinks[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [providerLinks, clinicLinks, invitations] = await Promise.all([
    db.select().from(userProviders).where(inArray(userProviders.userId, ids)),
    db.select().from(userClinics).where(inArray(userClinics.userId, ids)),
    db
      .select({ userId: userInvitations.userId, expiresAt: userInvitations.expiresAt })
      .from(userInvitations)
      .where(
        and(
          inArray(userInvitations.userId, ids),
          isNull(userInvitations.usedAt),
          isNull(userInvitations.revokedAt),
          gt(userInvitations.expiresAt, now),
        ),
      ),
  ]);
  return rows.map((user) => ({
    user,
    providerIds: providerLinks.filter((link) => link.userId === user.id).map((link) => link.providerId),
    clinicIds: clinicLinks.filter((link) => link.userId === user.id).map((link) => link.clinicId),
    invitationExpiresAt:
      invitations
        .filter((invitation) => invitation.userId === user.id)
        .map((invitation) => invitation.expiresAt)
        .sort((a, b) => b.getTime() - a.getTime())[0] ?? null,
  }));
}

/** Whether any account anywhere (deactivated ones too) has this username: sign-in names are global. */
export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row !== undefined;
}

/** Which of `username` (anywhere: sign-in names are global) and `email` (in the organisation) are taken. */
export async function findTakenIdentity(
  db: Db,
  options: { organisationId: string; username?: string; email: string; exceptUserId?: string },
): Promise<'username' | 'email' | undefined> {
  const except = options.exceptUserId ? ne(users.id, options.exceptUserId) : undefined;
  if (options.username !== undefined && (await isUsernameTaken(db, options.username))) return 'username';
  const [byEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.organisationId, options.organisationId),
        sql`lower(${users.email}) = lower(${options.email})`,
        except,
      ),
    );
  return byEmail ? 'email' : undefined;
}

/** Of these ids, those that are not the organisation's providers (or clinics). */
export async function findForeignLinks(
  db: Db,
  options: { organisationId: string; providerIds: string[]; clinicIds: string[] },
): Promise<{ providerIds: string[]; clinicIds: string[] }> {
  const [ownProviders, ownClinics] = await Promise.all([
    options.providerIds.length === 0
      ? []
      : db
          .select({ id: providers.id })
          .from(providers)
          .where(and(eq(providers.organisationId, options.organisationId), inArray(providers.id, options.providerIds))),
    options.clinicIds.length === 0
      ? []
      : db
          .select({ id: clinics.id })
          .from(clinics)
          .where(and(eq(clinics.organisationId, options.organisationId), inArray(clinics.id, options.clinicIds))),
  ]);
  const isOwnProvider = new Set(ownProviders.map((row) => row.id));
  const isOwnClinic = new Set(ownClinics.map((row) => row.id));
  return {
    providerIds: options.providerIds.filter((id) => !isOwnProvider.has(id)),
    clinicIds: options.clinicIds.filter((id) => !isOwnClinic.has(id)),
  };
}

/** Replaces a user's linked providers and clinics. */
export async function setUserLinks(
  db: Db,
  options: { userId: string; providerIds: string[]; clinicIds: string[] },
): Promise<void> {
  const { userId } = options;
  await db.delete(userProviders).where(eq(userProviders.userId, userId));
  await db.delete(userClinics).where(eq(userClinics.userId, userId));
  const providerIds = [...new Set(options.providerIds)];
  const clinicIds = [...new Set(options.clinicIds)];
  if (providerIds.length > 0) {
    await db.insert(userProviders).values(providerIds.map((providerId) => ({ userId, providerId })));
  }
  if (clinicIds.length > 0) {
    await db.insert(userClinics).values(clinicIds.map((clinicId) => ({ userId, clinicId })));
  }
}

/**
 * The organisation's active admins, their rows locked until the transaction ends: two administrators
 * demoting each other at once cannot leave the organisation without one.
 */
export async function lockActiveAdmins(db: Db, organisationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, organisationId), eq(users.isAdmin, true), isNull(users.deactivatedAt)))
    .for('update');
  return rows.map((row) => row.id);
}

/** The organisation's clinics and providers, by name, for the user form. */
export async function listLinkOptions(
  db: Db,
  organisationId: string,
): Promise<{
  clinics: { id: string; name: string }[];
  providers: { id: string; firstName: string; lastName: string; suffix: string | null; npi: string | null }[];
}> {
  const [clinicRows, providerRows] = await Promise.all([
    db
      .select({ id: clinics.id, name: clinics.name })
      .from(clinics)
      .where(eq(clinics.organisationId, organisationId))
      .orderBy(asc(clinics.name)),
    db
      .select({
        id: providers.id,
        firstName: providers.firstName,
        lastName: providers.lastName,
        suffix: providers.suffix,
        npi: providers.npi,
      })
      .from(providers)
      .where(eq(providers.organisationId, organisationId))
      .orderBy(asc(providers.lastName), asc(providers.firstName)),
  ]);
  return { clinics: clinicRows, providers: providerRows };
}
