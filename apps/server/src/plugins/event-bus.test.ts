import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { isRedisReachable, TEST_REDIS_URL } from '../modules/realtime';
import { createLocalBus, createRedisBus, type BusMessage, type EventBus } from './event-bus';

const isRedisUp = await isRedisReachable();
if (!isRedisUp) console.warn(`Redis event bus tests skipped: no Redis answers at ${TEST_REDIS_URL}`);

describe('the in-process event bus (embedded PGlite, one process)', () => {
  it('delivers a message to the channel its listener subscribed to, never inline', async () => {
    const bus = createLocalBus();
    const messages: BusMessage[] = [];
    await bus.subscribe('test.channel', (message) => messages.push(message));
    await bus.subscribe('test.other', () => messages.push({ wrong: true }));
    await bus.publish('test.channel', { id: 1 });
    expect(messages).toEqual([]);
    await expect.poll(() => messages).toEqual([{ id: 1 }]);
    await bus.close();
  });
});

describe.runIf(isRedisUp)(`the Redis event bus (REDIS_URL, ${TEST_REDIS_URL})`, () => {
  const buses: EventBus[] = [];
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
  });
  function openBus(): EventBus {
    const bus = createRedisBus(TEST_REDIS_URL);
    buses.push(bus);
    return bus;
  }

  it("delivers a message published by one process's bus to a listener of another's", async () => {
    const sender = openBus();
    const receiver = openBus();
    const received = new Promise((resolve) => void receiver.subscribe('test.redis', resolve));
    await receiver.subscribe('test.redis.other', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sender.publish('test.redis', { appointmentId: 'visit-1', id: 7 });
    expect(await received).toEqual({ appointmentId: 'visit-1', id: 7 });
  });

  it('subscribes again after losing its connection, and tells its subscribers to catch up', async () => {
    const sender = openBus();
    const receiver = openBus();
    const messages: BusMessage[] = [];
    await receiver.subscribe('test.redis.reconnect', (message) => messages.push(message));
    const admin = new Redis(TEST_REDIS_URL);
    try {
      await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
    } finally {
      admin.disconnect();
    }
    await expect.poll(() => messages, { timeout: 10_000 }).toContainEqual({ resync: true });
    await sender.publish('test.redis.reconnect', { id: 8 });
    await expect.poll(() => messages, { timeout: 5000 }).toContainEqual({ id: 8 });
  });

  it('fails a publish when Redis cannot be reached, rather than waiting for ever', async () => {
    const bus = createRedisBus('redis://127.0.0.1:1');
    buses.push(bus);
    await expect(bus.publish('test.redis', { id: 9 })).rejects.toThrow();
  });
});
