import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { openDatabase, type Database } from '../db/client';
import { serverPath } from '../lib/server-path';
import { withAdminClient } from './database-templates';

/**
 * A database of its own with no migration applied, for a test of what a migration does to the rows
 * an earlier schema held: in-memory PGlite, or (in the `server-postgres` project) a new database on the
 * test server, dropped on close.
 */
export async function openEmptyTestDatabase(): Promise<Database> {
  const serverUrl = process.env.CAIRN_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) return openDatabase({ databaseUrl: 'memory://', dataDir: '' });
  const name = `cairn_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

interface Journal {
  entries: { tag: string }[];
}

/** The migration just before this one (by its tag, as `migrations/meta/_journal.json` names it). */
export async function migrationBefore(tag: string): Promise<string> {
  const journal = JSON.parse(await readFile(serverPath('migrations/meta/_journal.json'), 'utf8')) as Journal;
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  const previous = journal.entries[index - 1];
  if (!previous) throw new Error(`no migration before ${tag}`);
  return previous.tag;
}

/**
 * Applies the migrations up to and including `lastTag`, as a database deployed at that time had them
 * (the server applies the rest when it starts).
 */
export async function runMigrationsUpTo(database: Database, lastTag: string): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'cairn-migrations-'));
  try {
    await cp(serverPath('migrations'), folder, { recursive: true });
    const journalPath = join(folder, 'meta/_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as Journal;
    const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
    if (last < 0) throw new Error(`no migration ${lastTag}`);
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
    const { driver } = database;
    if (driver.kind === 'pglite') await migratePglite(drizzlePglite(driver.client), { migrationsFolder: folder });
    else await migratePg(drizzlePg(driver.pool), { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
