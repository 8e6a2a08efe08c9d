import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetCodes, users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

/**
 * The account a recovery names, by username or by email address, both compared without case: the
 * username first (a username may itself look like an address), else the one account with that email.
 * An email that several accounts share names none of them: the answer cannot say which one to reset.
 * A deactivated account cannot be recovered: only an administrator brings it back.
 */
export async function findRecoveryAccount(db: Db, usernameOrEmail: string): Promise<UserRow | undefined> {
  const [byUsername] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${usernameOrEmail})`, isNull(users.deactivatedAt)));
  if (byUsername || !usernameOrEmail.includes('@')) return byUsername;
  const byEmail = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${usernameOrEmail})`, isNull(users.deactivatedAt)))
    .limit(2);
  return byEmail.length === 1 ? byEmail[0] : undefined;
}

export interface ActiveResetCode {
  id: string;
  codeHash: string;
}

/** How many codes the user was sent since the given time (the per-account limit). */
export async function countResetCodesSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.userId, userId), gte(passwordResetCodes.createdAt, since)));
  return row?.value ?? 0;
}

/** A new code makes every earlier one of the user void: they expire now. */
export async function voidActiveResetCodes(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetCodes)
    .set({ expiresAt: now })
    .where(
      and(
        eq(passwordResetCodes.userId, userId),
        isNull(passwordResetCodes.usedAt),
        gt(passwordResetCodes.expiresAt, now),
      ),
    );
}

export async function insertResetCode(
  db: Db,
  code: { userId: string; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(passwordResetCodes).values(code);
}

/**
 * Counts one try against the user's current code and returns it, or `undefined` when there is none
 * that is unused, unexpired and under the limit of tries. The try is counted before the code is
 * checked, in one statement, so that concurrent guesses cannot exceed the limit.
 */
export async function claimResetCodeTry(
  db: Db,
  options: { userId: string; now: Date; maxTries: number },
): Promise<(ActiveResetCode & { tries: number }) | undefined> {
  const [current] = await db
    .select({ id: passwordResetCodes.id })
    .from(passwordResetCodes)
    .where(
      and(
        eq(passwordResetCodes.userId, options.userId),
        isNull(passwordResetCodes.usedAt),
        gt(passwordResetCodes.expiresAt, options.now),
      ),
    )
    .orderBy(desc(passwordResetCodes.createdAt))
    .limit(1);
  if (!current) return undefined;
  const [claimed] = await db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(
      and(
        eq(passwordResetCodes.id, current.id),
        isNull(passwordResetCodes.usedAt),
        gt(passwordResetCodes.expiresAt, options.now),
        lt(passwordResetCodes.attempts, options.maxTries),
      ),
    )
    .returning({
      id: passwordResetCodes.id,
      codeHash: passwordResetCodes.codeHash,
      tries: passwordResetCodes.attempts,
    });
  return claimed;
}

/** Spends the code; false when another request spent it first (a code works once). */
export async function markResetCodeUsed(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetCodes)
    .set({ usedAt: now })
    .where(and(eq(passwordResetCodes.id, id), isNull(passwordResetCodes.usedAt)))
    .returning({ id: passwordResetCodes.id });
  return rows.length === 1;
}
