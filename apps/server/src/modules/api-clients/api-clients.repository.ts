import { and, desc, eq, isNull } from 'drizzle-orm';
import { isUuid } from '../../access';
import type { Db } from '../../db/client';
import { apiClientTokens } from '../../db/schema';

export type ApiClientTokenRow = typeof apiClientTokens.$inferSelect;

export async function findActiveApiClientToken(db: Db, tokenHash: string): Promise<ApiClientTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(apiClientTokens)
    .where(and(eq(apiClientTokens.tokenHash, tokenHash), isNull(apiClientTokens.revokedAt)));
  return row;
}

export async function touchApiClientToken(db: Db, tokenId: string, now: Date): Promise<void> {
  await db.update(apiClientTokens).set({ lastUsedAt: now }).where(eq(apiClientTokens.id, tokenId));
}

export function listApiClientTokenRows(db: Db, organisationId: string): Promise<ApiClientTokenRow[]> {
  return db
    .select()
    .from(apiClientTokens)
    .where(eq(apiClientTokens.organisationId, organisationId))
    .orderBy(desc(apiClientTokens.createdAt));
}

export async function insertApiClientToken(
  db: Db,
  token: typeof apiClientTokens.$inferInsert,
): Promise<ApiClientTokenRow> {
  const [row] = await db.insert(apiClientTokens).values(token).returning();
  if (!row) throw new Error('API client token not created');
  return row;
}

/** Revokes the organisation's token (once; revoking again changes nothing) and gives it, if it is theirs. */
export async function revokeApiClientTokenRow(
  db: Db,
  options: { organisationId: string; tokenId: string; now: Date },
): Promise<ApiClientTokenRow | undefined> {
  if (!isUuid(options.tokenId)) return undefined;
  const where = and(
    eq(apiClientTokens.id, options.tokenId),
    eq(apiClientTokens.organisationId, options.organisationId),
  );
  await db
    .update(apiClientTokens)
    .set({ revokedAt: options.now })
    .where(and(where, isNull(apiClientTokens.revokedAt)));
  const [row] = await db.select().from(apiClientTokens).where(where);
  return row;
}
