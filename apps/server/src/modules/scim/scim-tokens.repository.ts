import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scimTokens } from '../../db/schema';
import { isUuid } from './scim.repository';

export type ScimTokenRow = typeof scimTokens.$inferSelect;

export async function findActiveToken(db: Db, tokenHash: string): Promise<ScimTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(scimTokens)
    .where(and(eq(scimTokens.tokenHash, tokenHash), isNull(scimTokens.revokedAt)));
  return row;
}

export async function touchToken(db: Db, tokenId: string, now: Date): Promise<void> {
  await db.update(scimTokens).set({ lastUsedAt: now }).where(eq(scimTokens.id, tokenId));
}

export function listTokens(db: Db, organisationId: string): Promise<ScimTokenRow[]> {
  return db
    .select()
    .from(scimTokens)
    .where(eq(scimTokens.organisationId, organisationId))
    .orderBy(desc(scimTokens.createdAt));
}

export async function insertToken(db: Db, token: typeof scimTokens.$inferInsert): Promise<ScimTokenRow> {
  const [row] = await db.insert(scimTokens).values(token).returning();
  if (!row) throw new Error('token not created');
  return row;
}

export async function revokeToken(
  db: Db,
  options: { organisationId: string; tokenId: string; now: Date },
): Promise<ScimTokenRow | undefined> {
  if (!isUuid(options.tokenId)) return undefined;
  const where = and(eq(scimTokens.id, options.tokenId), eq(scimTokens.organisationId, options.organisationId));
  await db
    .update(scimTokens)
    .set({ revokedAt: options.now })
    .where(and(where, isNull(scimTokens.revokedAt)));
  const [row] = await db.select().from(scimTokens).where(where);
  return row;
}
