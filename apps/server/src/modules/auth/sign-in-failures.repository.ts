import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInFailures } from '../../db/schema';

/**
 * The key failures are counted under: the username as sign-in compares it (the lookup is
 * case-insensitive), so that `ADA` and `ada` share one count.
 */
export function usernameKey(username: string): string {
  return username.trim().normalize('NFKC').toLowerCase();
}

/** When the username's lock ends, if it is locked at `now`. */
export async function findSignInLock(db: Db, options: { username: string; now: Date }): Promise<Date | undefined> {
  const [row] = await db
    .select({ lockedUntil: signInFailures.lockedUntil })
    .from(signInFailures)
    .where(
      and(eq(signInFailures.usernameKey, usernameKey(options.username)), gt(signInFailures.lockedUntil, options.now)),
    );
  return row?.lockedUntil ?? undefined;
}

export interface CountedFailure {
  attempts: number;
  /** Set when the username is locked after this attempt (by it, or still by an earlier one). */
  lockedUntil?: Date;
}

/**
 * Counts a failed attempt in one statement, so that parallel guesses cannot slip past the limit.
 * The attempt that reaches the limit locks the name and restarts the count; attempts while it is
 * locked are recorded without extending the lock (which would let anyone keep a user out for good).
 */
export async function countSignInFailure(
  db: Db,
  options: { username: string; now: Date; maxAttempts: number; lockoutMs: number },
): Promise<CountedFailure> {
  const now = options.now.toISOString();
  const lockEnd = new Date(options.now.getTime() + options.lockoutMs).toISOString();
  const isLocked = sql`${signInFailures.lockedUntil} > ${now}::timestamptz`;
  const reachesLimit = sql`${signInFailures.failedAttempts} + 1 >= ${options.maxAttempts}`;
  const [row] = await db
    .insert(signInFailures)
    .values({ usernameKey: usernameKey(options.username), failedAttempts: 1, lastFailedAt: options.now })
    .onConflictDoUpdate({
      target: signInFailures.usernameKey,
      set: {
        failedAttempts: sql`case when ${isLocked} then ${signInFailures.failedAttempts} when ${reachesLimit} then 0
          else ${signInFailures.failedAttempts} + 1 end`,
        lockedUntil: sql`case when ${isLocked} then ${signInFailures.lockedUntil} when ${reachesLimit}
          then ${lockEnd}::timestamptz else ${signInFailures.lockedUntil} end`,
        lastFailedAt: options.now,
      },
    })
    .returning({ attempts: signInFailures.failedAttempts, lockedUntil: signInFailures.lockedUntil });
  if (!row) throw new Error('sign-in failure not counted');
  const isLockedNow = row.lockedUntil !== null && row.lockedUntil > options.now;
  return isLockedNow
    ? { attempts: row.attempts, lockedUntil: row.lockedUntil ?? undefined }
    : { attempts: row.attempts };
}

/** A sign-in that passed, or a password reset: the username starts counting from nothing. */
export async function clearSignInFailures(db: Db, username: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.usernameKey, usernameKey(username)));
}
