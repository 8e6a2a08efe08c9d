import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { organisations } from '../db/schema';
import { hashPassword, insertUser, type NewUser, type UserRow } from '../modules/auth';

export async function createOrganisation(
  db: Db,
  name = 'Riverside Family Medicine',
): Promise<{ id: string; slug: string }> {
  const slug = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(3).toString('hex')}`;
  const [row] = await db.insert(organisations).values({ slug, name }).returning();
  if (!row) throw new Error('organisation not created');
  return row;
}

export interface UserFactoryOptions extends Partial<Omit<NewUser, 'passwordHash' | 'organisationId'>> {
  organisationId: string;
  password?: string;
}

/** A password user; the password is returned so that a test can sign in with it. */
export async function createUser(db: Db, options: UserFactoryOptions): Promise<UserRow & { password: string }> {
  const password = options.password ?? `pw-${randomBytes(8).toString('hex')}`;
  const username = options.username ?? `user-${randomBytes(4).toString('hex')}`;
  const user = await insertUser(db, {
    email: `${username}@clinic.test`,
    view: 'Provider',
    ...options,
    username,
    passwordHash: await hashPassword(password),
  });
  return { ...user, password };
}
