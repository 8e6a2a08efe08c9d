import type { VisitEvent } from '@cairn/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeClient, reconnectDelay, type VisitUpdate, type WebSocketConstructor } from './realtime-client';
import { FakeWebSocket } from './realtime-client.testing';

const VISIT = '6f1c2a9e-1b7e-4c1e-9d5e-0a1b2c3d4e5f';
const OTHER_VISIT = '0b9a7c1e-2d3f-4a5b-8c6d-7e8f9a0b1c2d';
const AT = '2026-11-21T11:00:00.000Z';
const sent: VisitEvent = { kind: 'scrub.sent', by: { name: 'Casey Coder', role: 'coder' } };

function startClient(createTicket = vi.fn(async () => `ticket-${String(FakeWebSocket.instances.length + 1)}`)) {
  const client = createRealtimeClient({
    createTicket,
    socketUrl: (ticket) => `ws://cairn.test/ws?ticket=${ticket}`,
    WebSocket: FakeWebSocket as unknown as WebSocketConstructor,
  });
  return { client, createTicket };
}

/** Lets the ticket request settle and the socket be made. */
async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the real-time client', () => {
  it('opens one websocket with a ticket for every visit watched, and subscribes each once open', async () => {
    const { client, createTicket } = startClient();
    client.subscribeToVisit(VISIT, () => undefined);
    client.subscribeToVisit(OTHER_VISIT, () => undefined);
    await settle();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(createTicket).toHaveBeenCalledTimes(1);
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://cairn.test/ws?ticket=ticket-1');
    socket.open();
    expect(socket.sent).toEqual([
      { type: 'subscribe', sid: VISIT },
      { type: 'subscribe', sid: OTHER_VISIT },
    ]);
    client.close();
  });

  it("gives each visit's listeners that visit's events, once each, and resyncs", async () => {
    const { client } = startClient();
    const heard: VisitUpdate[] = [];
    const heardElsewhere: VisitUpdate[] = [];
    client.subscribeToVisit(VISIT, (update) => heard.push(update));
    client.subscribeToVisit(OTHER_VISIT, (update) => heardElsewhere.push(update));
    await settle();
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.receive({ type: 'subscribed', sid: VISIT, lastEventId: 4 });
    socket.receive({ type: 'event', id: 5, sid: VISIT, at: AT, event: sent });
    socket.receive({ type: 'event', id: 5, sid: VISIT, at: AT, event: sent });
    socket.receive({ type: 'event', id: 3, sid: VISIT, at: AT, event: sent });
    socket.receive({ type: 'resync', sid: VISIT });
    expect(heard).toEqual([
      { type: 'event', id: 5, sid: VISIT, at: AT, event: sent },
      { type: 'resync', sid: VISIT },
    ]);
    expect(heardElsewhere).toEqual([]);
    client.close();
  });

  it('reconnects with a new ticket after 1 s, then 2 s, and subscribes again from the last event seen', async () => {
    const { client, createTicket } = startClient();
    client.subscribeToVisit(VISIT, () => undefined);
    await settle();
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().receive({ type: 'subscribed', sid: VISIT, lastEventId: 7 });
    FakeWebSocket.latest().receive({ type: 'event', id: 9, sid: VISIT, at: AT, event: sent });
    FakeWebSocket.latest().drop();

    await vi.advanceTimersByTimeAsync(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.latest().drop();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://cairn.test/ws?ticket=ticket-3');
    expect(createTicket).toHaveBeenCalledTimes(3);
    socket.open();
    expect(socket.sent).toEqual([{ type: 'subscribe', sid: VISIT, lastEventId: 9 }]);
    client.close();
  });

  it('backs off from 1 s, doubling, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => reconnectDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('tries again with backoff when no ticket can be had', async () => {
    const createTicket = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('ticket-after');
    const { client } = startClient(createTicket);
    client.subscribeToVisit(VISIT, () => undefined);
    await settle();
    expect(FakeWebSocket.instances).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.latest().url).toBe('ws://cairn.test/ws?ticket=ticket-after');
    client.close();
  });

  it('pings every 25 s and, without an answer within 10 s, drops the socket and reconnects', async () => {
    const { client } = startClient();
    client.subscribeToVisit(VISIT, () => undefined);
    await settle();
    const socket = FakeWebSocket.latest();
    socket.open();
    await vi.advanceTimersByTimeAsync(25_000);
    expect(socket.sent.at(-1)).toEqual({ type: 'ping' });
    socket.receive({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(25_000);
    expect(socket.sent.filter((message) => message.type === 'ping')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    client.close();
  });

  it('leaves a visit when its last listener goes, and closes the socket when no visit is left', async () => {
    const { client } = startClient();
    const leaveFirst = client.subscribeToVisit(VISIT, () => undefined);
    const leaveSecond = client.subscribeToVisit(VISIT, () => undefined);
    const leaveOther = client.subscribeToVisit(OTHER_VISIT, () => undefined);
    await settle();
    const socket = FakeWebSocket.latest();
    socket.open();
    leaveFirst();
    expect(socket.sent).not.toContainEqual({ type: 'unsubscribe', sid: VISIT });
    leaveSecond();
    expect(socket.sent).toContainEqual({ type: 'unsubscribe', sid: VISIT });
    leaveOther();
    expect(socket.readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
