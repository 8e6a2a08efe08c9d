import { createFlagStreamTicket, FLAG_DEFAULTS, type FlagValues, setFeatureFlag } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { openDatabase, type Database } from '../../db/client';
import { call, callForResult, signInAsNewUser } from '../../testing/api';
import { openTestDatabase } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { createPostgresBus } from '../../plugins/event-bus';
import { openSse } from './sse-reader.testing';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: a flag changed through
 * one reaches a browser streaming from the other, through LISTEN/NOTIFY. Runs in the server-postgres
 * project (TEST_DATABASE_URL); on PGlite there is one process and flags.test.ts covers the stream.
 */
const isPostgres = process.env.CAIRN_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(isPostgres)('flag changes across server processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let first: FastifyInstance;
  let second: FastifyInstance;
  let secondDatabase: Database;
  let secondUrl: string;

  beforeAll(async () => {
    const config = loadConfig({ CAIRN_ENV: 'test', CAIRN_DATA_DIR: '/nonexistent' });
    const database = await openTestDatabase();
    if (database.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const url = database.driver.pool.options.connectionString;
    first = await buildApp(config, { logger: false, database });
    secondDatabase = await openDatabase({ databaseUrl: url, dataDir: '' });
    second = await buildApp(config, { logger: false, database: secondDatabase });
    secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('opens a stream on one process with a ticket of the other, and pushes a change made on the first', async () => {
    const organisationId = (await createOrganisation(first.database.db)).id;
    const admin = await signInAsNewUser(first, { organisationId, isAdmin: true });
    const provider = await signInAsNewUser(second, { organisationId });
    const { ticket } = await callForResult(second, createFlagStreamTicket, { token: provider.token });
    const stream = await openSse(`${secondUrl}/api/flags/stream?ticket=${ticket}`);
    try {
      expect(JSON.parse((await stream.next()).data)).toEqual(FLAG_DEFAULTS);
      const set = await call(first, setFeatureFlag, {
        token: admin.token,
        body: { key: 'ShowFeedbackButton', defaultValue: true },
      });
      expect(set.statusCode).toBe(200);
      expect((JSON.parse((await stream.next()).data) as FlagValues).ShowFeedbackButton).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('delivers a bus message published by one process to a listener of the other', async () => {
    if (secondDatabase.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const sender = createPostgresBus(secondDatabase.driver.pool);
    const receiver = createPostgresBus(secondDatabase.driver.pool);
    try {
      const received = new Promise((resolve) => {
        void receiver.subscribe('test.channel', resolve);
      });
      await receiver.subscribe('test.other', () => undefined);
      await sender.publish('test.channel', { organisationId: 'organisation-1' });
      expect(await received).toEqual({ organisationId: 'organisation-1' });
    } finally {
      await sender.close();
      await receiver.close();
    }
  });
  it('listens again after losing its connection, and tells its subscribers to catch up', async () => {
    if (secondDatabase.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const pool = secondDatabase.driver.pool;
    const bus = createPostgresBus(pool);
    const messages: unknown[] = [];
    try {
      await bus.subscribe('test.reconnect', (message) => messages.push(message));
      await pool.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and query = 'LISTEN cairn_events' and pid <> pg_backend_pid()`,
      );
      await expect.poll(() => messages, { timeout: 10_000 }).toContainEqual({ resync: true });
      await bus.publish('test.reconnect', { organisationId: 'organisation-2' });
      await expect.poll(() => messages, { timeout: 5000 }).toContainEqual({ organisationId: 'organisation-2' });
    } finally {
      await bus.close();
    }
  });
});
