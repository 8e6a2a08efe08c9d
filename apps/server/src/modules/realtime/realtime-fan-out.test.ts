import type { VisitEvent } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { openDatabase } from '../../db/client';
import { openTestDatabase } from '../../testing/build-test-app';
import { createAppointment, createPatient } from '../../testing/clinical-factories';
import { createOrganisation, createUser } from '../../testing/factories';
import { connectRealtime, issueTicket, type RealtimeTestClient } from './realtime-client.testing';
import { VISIT_EVENTS_CHANNEL } from './realtime-hub';
import { isRedisReachable, TEST_REDIS_URL } from './redis-probe.testing';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: an event published on one
 * reaches a browser subscribed on the other, through PostgreSQL LISTEN/NOTIFY, or through Redis when
 * REDIS_URL is set. Runs in the server-postgres project (TEST_DATABASE_URL); on PGlite there is one
 * process and realtime.test.ts covers it.
 */
const isPostgres = process.env.CAIRN_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const isRedisUp = isPostgres && (await isRedisReachable());
if (isPostgres && !isRedisUp) console.warn(`Redis fan-out tests skipped: no Redis answers at ${TEST_REDIS_URL}`);

const decision: VisitEvent = {
  kind: 'decision.changed',
  icdCodes: ['E119'],
  by: { name: 'Casey Coder', role: 'coder' },
};

/** Two apps on one fresh database; `env` is the configuration of both. */
async function startTwoProcesses(env: Record<string, string>) {
  const config = loadConfig({ CAIRN_ENV: 'test', CAIRN_DATA_DIR: '/nonexistent', ...env });
  const database = await openTestDatabase();
  if (database.driver.kind !== 'postgres') throw new Error('expected PostgreSQL');
  const first = await buildApp(config, { logger: false, database });
  const secondDatabase = await openDatabase({
    databaseUrl: database.driver.pool.options.connectionString,
    dataDir: '',
  });
  const second = await buildApp(config, { logger: false, database: secondDatabase });
  const firstUrl = await first.listen({ port: 0, host: '127.0.0.1' });
  const secondUrl = await second.listen({ port: 0, host: '127.0.0.1' });
  const organisationId = (await createOrganisation(first.database.db)).id;
  const coder = await createUser(first.database.db, { organisationId, view: 'Coder' });
  const patient = await createPatient(first.database.db, { organisationId });
  const visit = await createAppointment(first.database.db, {
    organisationId,
    patientId: patient.id,
    at: '2026-11-21T09:00',
  });
  return {
    first,
    second,
    firstUrl,
    secondUrl,
    coder,
    visit,
    organisationId,
    async close() {
      await second.close();
      await first.close();
    },
  };
}

async function subscribe(client: RealtimeTestClient, sid: string, lastEventId?: number): Promise<number> {
  client.send({ type: 'subscribe', sid, ...(lastEventId === undefined ? {} : { lastEventId }) });
  const message = await client.next();
  if (message.type !== 'subscribed') throw new Error(`expected subscribed, got ${message.type}`);
  return message.lastEventId;
}

async function publishOn(app: FastifyInstance, organisationId: string, sid: string): Promise<void> {
  await app.realtime.publish({ organisationId, appointmentId: sid, event: decision });
}

describe.runIf(isPostgres)('visit events across server processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let processes: Awaited<ReturnType<typeof startTwoProcesses>>;
  beforeAll(async () => {
    processes = await startTwoProcesses({});
  });
  afterAll(async () => {
    await processes.close();
  });

  it('sends an event published on one process to a subscriber of the other', async () => {
    const { first, second, secondUrl, coder, visit, organisationId } = processes;
    const client = await connectRealtime(secondUrl, await issueTicket(second, coder));
    try {
      await subscribe(client, visit.id);
      await publishOn(first, organisationId, visit.id);
      expect(await client.next()).toMatchObject({ type: 'event', sid: visit.id, event: decision });
    } finally {
      client.close();
    }
  });

  it('replays on one process what a browser missed while it was connected to the other', async () => {
    const { first, second, firstUrl, secondUrl, coder, visit, organisationId } = processes;
    const before = await connectRealtime(secondUrl, await issueTicket(second, coder));
    const lastEventId = await subscribe(before, visit.id);
    before.close();
    await before.closed;
    await publishOn(second, organisationId, visit.id);

    const after = await connectRealtime(firstUrl, await issueTicket(first, coder));
    try {
      after.send({ type: 'subscribe', sid: visit.id, lastEventId });
      const replayed = await after.next();
      expect(replayed).toMatchObject({ type: 'event', sid: visit.id, event: decision });
      expect(await after.next()).toEqual({
        type: 'subscribed',
        sid: visit.id,
        lastEventId: replayed.type === 'event' ? replayed.id : -1,
      });
    } finally {
      after.close();
    }
  });
});

describe.runIf(isRedisUp)(`visit events across server processes (Redis at ${TEST_REDIS_URL})`, () => {
  let processes: Awaited<ReturnType<typeof startTwoProcesses>>;
  let watcher: Redis;
  const announced: string[] = [];
  beforeAll(async () => {
    processes = await startTwoProcesses({ REDIS_URL: TEST_REDIS_URL });
    watcher = new Redis(TEST_REDIS_URL);
    watcher.on('message', (_channel: string, payload: string) => announced.push(payload));
    await watcher.subscribe(`cairn:${VISIT_EVENTS_CHANNEL}`);
  });
  afterAll(async () => {
    watcher.disconnect();
    await processes.close();
  });

  it('sends an event published on one process to a subscriber of the other, announced through Redis', async () => {
    const { first, second, secondUrl, coder, visit, organisationId } = processes;
    const client = await connectRealtime(secondUrl, await issueTicket(second, coder));
    try {
      await subscribe(client, visit.id);
      await publishOn(first, organisationId, visit.id);
      const event = await client.next();
      expect(event).toMatchObject({ type: 'event', sid: visit.id, event: decision });
      await expect
        .poll(() => announced.map((payload) => JSON.parse(payload) as unknown))
        .toContainEqual({ organisationId, appointmentId: visit.id, id: event.type === 'event' ? event.id : -1 });
    } finally {
      client.close();
    }
  });
});
