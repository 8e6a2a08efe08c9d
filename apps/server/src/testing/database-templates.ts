import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an in-memory PGlite with every migration applied ('' in the PostgreSQL project). */
    pgliteTemplate: string;
    /** A migrated database on the test server to copy ('' in the PGlite project). */
    postgresTemplate: string;
  }
}

/**
 * Vitest global setup of the server tests: every test file opens a database of its own, and making
 * one from nothing costs seconds (a PGlite cluster is created by initdb in WebAssembly; a server
 * database then runs every migration). The run migrates one database once and each file starts from
 * a copy (`openTestDatabase`): a PGlite dump, or `CREATE DATABASE ... TEMPLATE` on the server.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The project of the root vitest.config.ts that runs these tests on the PostgreSQL server.
  const serverUrl = project.name === 'server-postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (serverUrl) {
    const name = `cairn_template_${randomBytes(6).toString('hex')}`;
    await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    try {
      await runMigrations(database);
    } finally {
      // A template is copied only while nobody is connected to it.
      await database.close();
    }
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', '');
    return () => withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
  const database = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
  const directory = await mkdtemp(join(tmpdir(), 'cairn-pglite-template-'));
  const path = join(directory, 'migrated.tar');
  try {
    await runMigrations(database);
    if (database.driver.kind !== 'pglite') throw new Error('expected PGlite');
    const dump = await database.driver.client.dumpDataDir('none');
    await writeFile(path, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', path);
  project.provide('postgresTemplate', '');
  return () => rm(directory, { recursive: true, force: true });
}

/** Runs `run` on a connection of its own to the server's maintenance database. */
export async function withAdminClient(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
