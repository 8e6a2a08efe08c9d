import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ehrConnections, ehrPatientSyncs } from '../../db/clinical-schema';

export type EhrConnectionRow = typeof ehrConnections.$inferSelect;
export type NewEhrConnection = typeof ehrConnections.$inferInsert;

/** The last read of a patient from the EHR through a connection, and how it ended. */
export interface LastSync {
  connectionId: string;
  at: Date;
  error: string | null;
}

export async function listConnections(db: Db, organisationId: string): Promise<EhrConnectionRow[]> {
  return db
    .select()
    .from(ehrConnections)
    .where(eq(ehrConnections.organisationId, organisationId))
    .orderBy(asc(ehrConnections.name));
}

export async function findConnectionInOrganisation(
  db: Db,
  organisationId: string,
  connectionId: string,
): Promise<EhrConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(ehrConnections)
    .where(and(eq(ehrConnections.organisationId, organisationId), eq(ehrConnections.id, connectionId)));
  return row;
}

/** A connection's public key, for its JWKS URL (any organisation: the URL names the connection). */
export async function findConnectionKey(
  db: Db,
  connectionId: string,
): Promise<Pick<EhrConnectionRow, 'organisationId' | 'clientAuth' | 'privateKeyEncrypted' | 'keyId'> | undefined> {
  const [row] = await db
    .select({
      organisationId: ehrConnections.organisationId,
      clientAuth: ehrConnections.clientAuth,
      privateKeyEncrypted: ehrConnections.privateKeyEncrypted,
      keyId: ehrConnections.keyId,
    })
    .from(ehrConnections)
    .where(eq(ehrConnections.id, connectionId));
  return row;
}

/** The latest patient read per connection of the organisation. */
export async function lastSyncs(db: Db, organisationId: string): Promise<LastSync[]> {
  return db
    .selectDistinctOn([ehrPatientSyncs.connectionId], {
      connectionId: ehrPatientSyncs.connectionId,
      at: ehrPatientSyncs.lastAttemptAt,
      error: ehrPatientSyncs.lastError,
    })
    .from(ehrPatientSyncs)
    .where(eq(ehrPatientSyncs.organisationId, organisationId))
    .orderBy(ehrPatientSyncs.connectionId, desc(ehrPatientSyncs.lastAttemptAt));
}

/** Which of the name and the FHIR base another connection of the organisation already has. */
export async function findClash(
  db: Db,
  options: { organisationId: string; name: string; fhirBaseUrl: string; exceptId?: string },
): Promise<'name' | 'fhirBaseUrl' | undefined> {
  const rows = await db
    .select({ id: ehrConnections.id, name: ehrConnections.name, fhirBaseUrl: ehrConnections.fhirBaseUrl })
    .from(ehrConnections)
    .where(
      and(
        eq(ehrConnections.organisationId, options.organisationId),
        sql`(lower(${ehrConnections.name}) = lower(${options.name}) or rtrim(${ehrConnections.fhirBaseUrl}, '/') = ${options.fhirBaseUrl.replace(/\/+$/, '')})`,
      ),
    );
  const others = rows.filter((row) => row.id !== options.exceptId);
  if (others.some((row) => row.name.toLowerCase() === options.name.toLowerCase())) return 'name';
  return others.length > 0 ? 'fhirBaseUrl' : undefined;
}

export async function insertConnection(db: Db, row: NewEhrConnection): Promise<EhrConnectionRow> {
  const [created] = await db.insert(ehrConnections).values(row).returning();
  if (!created) throw new Error('connection not created');
  return created;
}

export async function updateConnection(
  db: Db,
  options: { organisationId: string; connectionId: string; changes: Partial<NewEhrConnection> },
): Promise<EhrConnectionRow | undefined> {
  const [row] = await db
    .update(ehrConnections)
    .set(options.changes)
    .where(and(eq(ehrConnections.organisationId, options.organisationId), eq(ehrConnections.id, options.connectionId)))
    .returning();
  return row;
}
