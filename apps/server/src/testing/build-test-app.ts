import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type Config } from '../config/env';
import { openDatabase, type Database } from '../db/client';
import { withAdminClient } from './database-templates';

/**
 * A database of its own for one test file, started from the run's migrated one
 * (`database-templates.ts`): in-memory PGlite loaded from its dump, or, in the `server-postgres` test
 * project (run when `TEST_DATABASE_URL` is set, as in CI), a copy made on that server and dropped again
 * on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.CAIRN_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!serverUrl) {
    const pgliteDump = new Blob([await readFile(inject('pgliteTemplate'))]);
    return openDatabase({ databaseUrl: 'memory://', dataDir: '', pgliteDump });
  }
  const name = `cairn_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name} template ${template}`));
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

export interface TestAppOptions extends Omit<BuildAppOptions, 'database'> {
  env?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
}

/** The real app on its own database, silent, for `app.inject()`. Close it in `afterAll`. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({ CAIRN_ENV: 'test', CAIRN_DATA_DIR: '/nonexistent', ...options.env });
  const database = await openTestDatabase();
  const app = await buildApp(config, { logger: false, ...options, database });
  return { app, config };
}
