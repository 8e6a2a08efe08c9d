import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { serverPath } from '../lib/server-path';
import type { Database } from './client';

/** Arbitrary but fixed: serialises migrations when several server processes start at once. */
const MIGRATION_LOCK_ID = 7_314_159;

/** Applies every pending migration from `apps/server/migrations`; the same files on PGlite and PostgreSQL. */
export async function runMigrations(database: Database): Promise<void> {
  const migrationsFolder = serverPath('migrations');
  const { driver } = database;
  if (driver.kind === 'pglite') {
    await migratePglite(drizzlePglite(driver.client), { migrationsFolder });
    return;
  }
  // A session-level advisory lock belongs to one connection: lock, migrate and unlock on the same one.
  const client = await driver.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
