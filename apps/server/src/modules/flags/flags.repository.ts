import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { featureFlags, organisations, users } from '../../db/schema';

export type FeatureFlagRow = typeof featureFlags.$inferSelect;

/** The organisation's stored flags. */
export async function listFlags(db: Db, organisationId: string): Promise<FeatureFlagRow[]> {
  return db
    .select()
    .from(featureFlags)
    .where(eq(featureFlags.organisationId, organisationId))
    .orderBy(featureFlags.key);
}

export interface FlagWrite {
  organisationId: string;
  key: string;
  defaultValue: unknown;
  rules: unknown[];
  description: string;
  updatedBy: string;
}

export async function upsertFlag(db: Db, flag: FlagWrite): Promise<FeatureFlagRow> {
  const changes = {
    defaultValue: flag.defaultValue,
    rules: flag.rules,
    description: flag.description,
    updatedBy: flag.updatedBy,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(featureFlags)
    .values({ organisationId: flag.organisationId, key: flag.key, ...changes })
    .onConflictDoUpdate({ target: [featureFlags.organisationId, featureFlags.key], set: changes })
    .returning();
  if (!row) throw new Error('feature flag not stored');
  return row;
}

/** True when the organisation had the flag. */
export async function deleteFlag(db: Db, organisationId: string, key: string): Promise<boolean> {
  const rows = await db
    .delete(featureFlags)
    .where(and(eq(featureFlags.organisationId, organisationId), eq(featureFlags.key, key)))
    .returning({ key: featureFlags.key });
  return rows.length > 0;
}

/** What the flag user is built from: the user and their organisation, scoped by the organisation. */
export async function findFlagSubject(db: Db, organisationId: string, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      view: users.view,
      permissions: users.permissions,
      isAdmin: users.isAdmin,
      isMultipleProviders: users.isMultipleProviders,
      identitySource: users.identitySource,
      emrName: users.emrName,
      organisationId: users.organisationId,
      organisation: organisations.slug,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)));
  return row;
}
export type FlagSubject = NonNullable<Awaited<ReturnType<typeof findFlagSubject>>>;
