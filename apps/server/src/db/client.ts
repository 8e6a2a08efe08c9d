import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as analyticsSchema from './analytics-schema';
import * as clinicalSchema from './clinical-schema';
import * as populationSchema from './population-schema';
import * as accountSchema from './schema';

const schema = { ...accountSchema, ...clinicalSchema, ...populationSchema, ...analyticsSchema };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseDriver = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };

export interface Database {
  db: Db;
  kind: DatabaseDriver['kind'];
  driver: DatabaseDriver;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server URL; `memory://` for in-memory PGlite; absent for PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** In-memory PGlite starts from this dump instead of an empty cluster (tests: one migrated database per run). */
  pgliteDump?: Blob;
}

/** Opens the embedded PGlite (the default) or a PostgreSQL server pool when a URL is given. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl && options.databaseUrl !== 'memory://') {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', driver: { kind: 'postgres', pool }, ping: () => ping(db), close: () => pool.end() };
  }
  let dataPath: string | undefined;
  if (options.databaseUrl !== 'memory://') {
    dataPath = join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  const client = await PGlite.create({
    dataDir: dataPath,
    ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', driver: { kind: 'pglite', client }, ping: () => ping(db), close: () => client.close() };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
