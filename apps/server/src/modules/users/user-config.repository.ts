import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userConfigs } from '../../db/schema';

export async function readUserConfig(db: Db, userId: string): Promise<Record<string, unknown>> {
  const [row] = await db.select().from(userConfigs).where(eq(userConfigs.userId, userId));
  return row?.config ?? {};
}

export async function writeUserConfig(db: Db, userId: string, config: Record<string, unknown>): Promise<void> {
  await db
    .insert(userConfigs)
    .values({ userId, config })
    .onConflictDoUpdate({ target: userConfigs.userId, set: { config, updatedAt: new Date() } });
}
