import { createFlagStreamTicket, createRealtimeTicket, type VisitEvent } from '@cairn/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeEvents } from '../../db/clinical-schema';
import { auditLog } from '../../db/schema';
import { call, callForResult, signIn } from '../../testing/api';
import { buildTestApp } from '../../testing/build-test-app';
import { createAppointment, createCareTeam, createPatient, linkUserToProvider } from '../../testing/clinical-factories';
import { createOrganisation, createUser } from '../../testing/factories';
import { connectRealtime, issueTicket, type RealtimeTestClient } from './realtime-client.testing';
import { pruneVisitEvents } from './realtime.repository';

/**
 * The websocket of one server process (on PGlite the only one; the bus is in process): subscribe,
 * live events, replay after a reconnect, resync, and who may watch which visit.
 */
describe('real-time visit events on one server process', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let organisationId: string;
  let coder: { username: string; password: string; id: string };

  beforeAll(async () => {
    ({ app } = await buildTestApp());
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    organisationId = (await createOrganisation(app.database.db)).id;
    coder = await createUser(app.database.db, { organisationId, view: 'Coder' });
  });
  afterAll(async () => {
    await app.close();
  });

  async function createVisit(inOrganisation = organisationId, providerId?: string) {
    const patient = await createPatient(app.database.db, { organisationId: inOrganisation });
    return createAppointment(app.database.db, {
      organisationId: inOrganisation,
      patientId: patient.id,
      at: '2026-11-21T09:00',
      ...(providerId ? { providerId } : {}),
    });
  }

  function decision(icdCode: string): VisitEvent {
    return { kind: 'decision.changed', icdCodes: [icdCode], by: { name: 'Casey Coder', role: 'coder' } };
  }

  async function publish(sid: string, event: VisitEvent, inOrganisation = organisationId): Promise<void> {
    await app.realtime.publish({ organisationId: inOrganisation, appointmentId: sid, event });
  }

  async function subscribed(client: RealtimeTestClient, sid: string, lastEventId?: number) {
    client.send({ type: 'subscribe', sid, ...(lastEventId === undefined ? {} : { lastEventId }) });
    const messages = [];
    for (;;) {
      const message = await client.next();
      messages.push(message);
      if (message.type === 'subscribed' || message.type === 'error') return messages;
    }
  }

  it('sends a subscriber every new event of the visit, after confirming the subscription', async () => {
    const visit = await createVisit();
    const client = await connectRealtime(baseUrl, await issueTicket(app, coder));
    try {
      expect(await subscribed(client, visit.id)).toEqual([
        { type: 'subscribed', sid: visit.id, lastEventId: expect.any(Number) as number },
      ]);
      await publish(visit.id, decision('E119'));
      expect(await client.next()).toEqual({
        type: 'event',
        id: expect.any(Number) as number,
        sid: visit.id,
        at: expect.any(String) as string,
        event: decision('E119'),
      });
    } finally {
      client.close();
    }
  });

  it('audits the subscription as a read of the patient', async () => {
    const visit = await createVisit();
    const client = await connectRealtime(baseUrl, await issueTicket(app, coder));
    try {
      await subscribed(client, visit.id);
      await expect
        .poll(async () =>
          app.database.db
            .select({ details: auditLog.details })
            .from(auditLog)
            .where(and(eq(auditLog.patientId, visit.patientId), eq(auditLog.action, 'patient.read'))),
        )
        .toEqual([{ details: { what: 'realtime', sid: visit.id } }]);
    } finally {
      client.close();
    }
  });

  it('replays the events missed while disconnected, in order, then goes on live without repeating one', async () => {
    const visit = await createVisit();
    const first = await connectRealtime(baseUrl, await issueTicket(app, coder));
    const [confirmation] = await subscribed(first, visit.id);
    first.close();
    await first.closed;
    await publish(visit.id, decision('E119'));
    await publish(visit.id, decision('I10'));

    const second = await connectRealtime(baseUrl, await issueTicket(app, coder));
    try {
      const lastEventId = confirmation?.type === 'subscribed' ? confirmation.lastEventId : -1;
      const replay = await subscribed(second, visit.id, lastEventId);
      expect(replay.map((message) => (message.type === 'event' ? message.event : message.type))).toEqual([
        decision('E119'),
        decision('I10'),
        'subscribed',
      ]);
      const ids = replay.flatMap((message) => (message.type === 'event' ? [message.id] : []));
      expect(replay.at(-1)).toEqual({ type: 'subscribed', sid: visit.id, lastEventId: ids[1] });
      await publish(visit.id, decision('N183'));
      const live = await second.next();
      expect(live.type === 'event' && live.id > (ids[1] ?? Infinity) && live.event).toEqual(decision('N183'));
    } finally {
      second.close();
    }
  });

  it('delivers events published while subscribing exactly once and in order', async () => {
    const visit = await createVisit();
    const client = await connectRealtime(baseUrl, await issueTicket(app, coder));
    try {
      await publish(visit.id, decision('A000'));
      const codes = Array.from({ length: 12 }, (_, index) => `Z${String(index).padStart(3, '0')}`);
      const publishing = Promise.all(codes.map((code) => publish(visit.id, decision(code))));
      client.send({ type: 'subscribe', sid: visit.id, lastEventId: 0 });
      await publishing;
      const ids: number[] = [];
      const seen: string[] = [];
      while (seen.length < codes.length + 1) {
        const message = await client.next();
        if (message.type !== 'event') continue;
        ids.push(message.id);
        seen.push(message.event.kind === 'decision.changed' ? (message.event.icdCodes[0] ?? '') : '');
      }
      expect([...ids].sort((left, right) => left - right)).toEqual(ids);
      expect(new Set(ids).size).toBe(ids.length);
      expect(seen.sort()).toEqual(['A000', ...codes]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(client.unread().filter((message) => message.type === 'event')).toEqual([]);
    } finally {
      client.close();
    }
  });

  it('asks a browser to reload the visit when the events it missed are no longer kept', async () => {
    const visit = await createVisit();
    await publish(visit.id, decision('E119'));
    await publish(visit.id, decision('I10'));
    await publish(visit.id, decision('N183'));
    const kept = await app.database.db
      .select({ id: realtimeEvents.id })
      .from(realtimeEvents)
      .where(eq(realtimeEvents.appointmentId, visit.id))
      .orderBy(realtimeEvents.id);
    const [oldest, , newest] = kept.map((row) => row.id);
    if (oldest === undefined || newest === undefined) throw new Error('events not stored');
    await app.database.db
      .update(realtimeEvents)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(lt(realtimeEvents.id, newest));
    await pruneVisitEvents(app.database.db);

    const client = await connectRealtime(baseUrl, await issueTicket(app, coder));
    try {
      expect(await subscribed(client, visit.id, oldest)).toEqual([
        { type: 'resync', sid: visit.id },
        { type: 'subscribed', sid: visit.id, lastEventId: newest },
      ]);
    } finally {
      client.close();
    }
  });

  it('does not ask a browser watching a quiet visit to reload once older events of other visits are pruned', async () => {
    const quiet = await createVisit();
    const busy = await createVisit();
    await publish(busy.id, decision('E119'));
    await app.database.db.update(realtimeEvents).set({ createdAt: sql`now() - interval '25 hours'` });
    await publish(busy.id, decision('I10'));
    const first = await connectRealtime(baseUrl, await issueTicket(app, coder));
    const [confirmation] = await subscribed(first, quiet.id);
    first.close();
    await pruneVisitEvents(app.database.db);

    const second = await connectRealtime(baseUrl, await issueTicket(app, coder));
    try {
      const lastEventId = confirmation?.type === 'subscribed' ? confirmation.lastEventId : -1;
      expect(await subscribed(second, quiet.id, lastEventId)).toEqual([
        { type: 'subscribed', sid: quiet.id, lastEventId },
      ]);
    } finally {
      second.close();
    }
  });

  it("refuses another organisation's visit as not found, and audits nothing", async () => {
    const otherOrganisation = (await createOrganisation(app.database.db)).id;
    const visit = await createVisit(otherOrganisation);
    const client = await connectRealtime(baseUrl, await issueTicket(app, coder));
    try {
      expect(await subscribed(client, visit.id)).toEqual([
        { type: 'error', sid: visit.id, message: 'Visit not found.' },
      ]);
      await publish(visit.id, decision('E119'), otherOrganisation);
      client.send({ type: 'ping' });
      expect(await client.next()).toEqual({ type: 'pong' });
      const audits = await app.database.db.select().from(auditLog).where(eq(auditLog.patientId, visit.patientId));
      expect(audits).toEqual([]);
    } finally {
      client.close();
    }
  });

  it("refuses a provider a visit outside their care scope (another provider's patient)", async () => {
    const mine = await createCareTeam(app.database.db, { organisationId });
    const theirs = await createCareTeam(app.database.db, { organisationId, providerLastName: 'Okafor' });
    const provider = await createUser(app.database.db, { organisationId, view: 'Provider' });
    await linkUserToProvider(app.database.db, provider.id, mine.provider.id);
    const ownVisit = await createVisit(organisationId, mine.provider.id);
    const otherVisit = await createVisit(organisationId, theirs.provider.id);
    const client = await connectRealtime(baseUrl, await issueTicket(app, provider));
    try {
      expect((await subscribed(client, otherVisit.id)).at(-1)?.type).toBe('error');
      expect((await subscribed(client, ownVisit.id)).at(-1)?.type).toBe('subscribed');
    } finally {
      client.close();
    }
  });

  it('closes the socket with 4401 for a malformed, reused or flag-stream ticket', async () => {
    expect(await (await connectRealtime(baseUrl, 'not-a-ticket')).closed).toEqual({
      code: 4401,
      reason: 'Ticket invalid, expired or already used',
    });
    const ticket = await issueTicket(app, coder);
    const first = await connectRealtime(baseUrl, ticket);
    expect((await (await connectRealtime(baseUrl, ticket)).closed).code).toBe(4401);
    first.close();

    const { token } = await signIn(app, coder);
    const flagTicket = await callForResult(app, createFlagStreamTicket, { token });
    const flagClient = await connectRealtime(baseUrl, flagTicket.ticket);
    expect((await flagClient.closed).code).toBe(4401);
  });

  it('gives a ticket only to a signed-in user', async () => {
    const response = await call(app, createRealtimeTicket);
    expect(response.statusCode).toBe(401);
  });
});
