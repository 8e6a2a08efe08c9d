import { roleOfView } from '@cairn/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * Usernames are case-insensitive. Sign-in looks across organisations: a username is unique everywhere.
 * A deactivated account is not found: it signs in no more than an unknown name, and answers alike.
 */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deactivatedAt)));
  return row;
}

/** A new account; its view must be one of spec §3's (an unknown or missing one raises the spec's error). */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  roleOfView(user.view);
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('user not created');
  return row;
}

export async function updateUser(db: Db, id: string, changes: Partial<NewUser>): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, id));
}

/** Counts a failed attempt atomically and returns the new count. */
export async function countFailedAttempt(db: Db, id: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ failedAttempts: sql`${users.failedAttempts} + 1` })
    .where(eq(users.id, id))
    .returning({ failedAttempts: users.failedAttempts });
  return row?.failedAttempts ?? 0;
}

/** An active account by id (a refresh of its session); a deactivated one is not found. */
export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deactivatedAt)));
  return row;
}

/** The signed-in user, within their organisation, while the account is active. */
export async function findUserInOrganisation(db: Db, organisationId: string, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.organisationId, organisationId), isNull(users.deactivatedAt)));
  return row;
}
