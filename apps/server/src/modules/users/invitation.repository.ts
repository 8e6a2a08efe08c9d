import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisations, userInvitations, users } from '../../db/schema';
import type { UserRow } from '../auth';

/** Voids the user's open invitations (a newer one is sent, or the account is deactivated). */
export async function revokeInvitations(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(userInvitations)
    .set({ revokedAt: now })
    .where(and(eq(userInvitations.userId, userId), isNull(userInvitations.usedAt), isNull(userInvitations.revokedAt)));
}

export async function insertInvitation(db: Db, row: typeof userInvitations.$inferInsert): Promise<void> {
  await db.insert(userInvitations).values(row);
}

export async function findOrganisationName(db: Db, organisationId: string): Promise<string> {
  const [row] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.name ?? '';
}

/** The invitation with this token hash while it can be used, with its account and organisation. */
export async function findUsableInvitation(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ invitationId: string; user: UserRow; organisationName: string } | undefined> {
  const [row] = await db
    .select({ invitationId: userInvitations.id, user: users, organisationName: organisations.name })
    .from(userInvitations)
    .innerJoin(users, eq(users.id, userInvitations.userId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(
      and(
        eq(userInvitations.tokenHash, tokenHash),
        isNull(userInvitations.usedAt),
        isNull(userInvitations.revokedAt),
        gt(userInvitations.expiresAt, now),
        isNull(users.deactivatedAt),
      ),
    );
  return row;
}

/** Marks the invitation used, only if it was not already: of two uses at once exactly one wins. */
export async function claimInvitation(db: Db, invitationId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(userInvitations)
    .set({ usedAt: now })
    .where(and(eq(userInvitations.id, invitationId), isNull(userInvitations.usedAt)))
    .returning({ id: userInvitations.id });
  return rows.length === 1;
}
