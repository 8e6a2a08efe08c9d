import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { NewUser, UserRow } from '../auth';

/** The signed-in user's own account, always within their organisation. */
export interface AccountKey {
  organisationId: string;
  userId: string;
}

export async function findAccount(db: Db, key: AccountKey): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, key.userId), eq(users.organisationId, key.organisationId)));
  return row;
}

export async function updateAccount(db: Db, key: AccountKey, changes: Partial<NewUser>): Promise<void> {
  await db
    .update(users)
    .set(changes)
    .where(and(eq(users.id, key.userId), eq(users.organisationId, key.organisationId)));
}
