import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's one event bus: visit events, flag changes, ended sessions. */
    eventBus: EventBus;
  }
}

/** A message on a channel; `resync` means messages may have been missed (a lost connection). */
export type BusMessage = Record<string, unknown> & { resync?: true };
export type BusListener = (message: BusMessage) => void;

/**
 * Fan-out of small events to every server process: Redis pub/sub when `REDIS_URL` is set, otherwise
 * PostgreSQL LISTEN/NOTIFY on a PostgreSQL server (any number of processes behind a load balancer), and
 * an in-process emitter on embedded PGlite (one process). Feature flags use it for `flags.changed`, the
 * websocket hub for visit events. Messages are fire-and-forget: a process that was not listening misses
 * them, so subscribers get `{ resync: true }` after a lost connection and catch up from the database.
 */
export interface EventBus {
  publish(channel: string, message: BusMessage): Promise<void>;
  /** Resolves once the listener is live: a message published after that is delivered. */
  subscribe(channel: string, listener: BusListener): Promise<() => void>;
  close(): Promise<void>;
}

/** The one PostgreSQL channel; the bus's own channel travels inside the payload. */
const PG_CHANNEL = 'cairn_events';
/** NOTIFY payloads are limited to 8000 bytes: the bus carries ids, never documents. */
const MAX_PAYLOAD_BYTES = 7900;
const RECONNECT_DELAY_MS = 1000;

export interface EventBusOptions {
  /** `redis://` URL: Redis pub/sub instead of the database's own fan-out. */
  redisUrl?: string | undefined;
}

/** The app's bus, closed with the app. */
export function registerEventBus(app: FastifyInstance, database: Database, options: EventBusOptions): EventBus {
  const bus = createEventBus(database, options);
  app.decorate('eventBus', bus);
  app.addHook('onClose', () => bus.close());
  return bus;
}

export function createEventBus(database: Database, options: EventBusOptions = {}): EventBus {
  if (options.redisUrl) return createRedisBus(options.redisUrl);
  return database.driver.kind === 'postgres' ? createPostgresBus(database.driver.pool) : createLocalBus();
}

export function createLocalBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      // Delivered asynchronously, as over PostgreSQL: a publisher never runs its listeners inline.
      setImmediate(() => emitter.emit(channel, message));
    },
    async subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function createPostgresBus(pool: pg.Pool): EventBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  let listener: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let isClosed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  function deliver(notification: pg.Notification): void {
    if (notification.channel !== PG_CHANNEL || !notification.payload) return;
    try {
      const { channel, message } = JSON.parse(notification.payload) as { channel: string; message: BusMessage };
      local.emit(channel, message);
    } catch {
      // Not ours: ignore.
    }
  }

  function scheduleReconnect(): void {
    listener = undefined;
    connecting = undefined;
    if (isClosed || reconnectTimer || local.eventNames().length === 0) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      ensureListening()
        .then(() => {
          // Notifications sent while disconnected are lost: tell every subscriber to catch up.
          for (const channel of local.eventNames()) local.emit(channel, { resync: true });
        })
        .catch(scheduleReconnect);
    }, RECONNECT_DELAY_MS);
    reconnectTimer.unref();
  }

  function ensureListening(): Promise<void> {
    connecting ??= (async () => {
      const client = new pg.Client(pool.options);
      client.on('notification', deliver);
      client.on('error', () => {
        void client.end().catch(() => undefined);
        if (listener === client) scheduleReconnect();
      });
      client.on('end', () => {
        if (listener === client) scheduleReconnect();
      });
      await client.connect();
      await client.query(`LISTEN ${PG_CHANNEL}`);
      listener = client;
    })().catch((error: unknown) => {
      connecting = undefined;
      throw error;
    });
    return connecting;
  }

  return {
    async publish(channel, message) {
      const payload = JSON.stringify({ channel, message });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error('event bus message too large');
      await pool.query('select pg_notify($1, $2)', [PG_CHANNEL, payload]);
    },
    async subscribe(channel, handler) {
      local.on(channel, handler);
      try {
        await ensureListening();
      } catch (error) {
        local.off(channel, handler);
        throw error;
      }
      return () => local.off(channel, handler);
    },
    async close() {
      isClosed = true;
      clearTimeout(reconnectTimer);
      local.removeAllListeners();
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

/** Redis channels of the bus are prefixed: the Redis server may be shared with other applications. */
const REDIS_PREFIX = 'cairn:';

/**
 * Redis pub/sub: one connection publishes, one subscribes (a subscribed Redis connection can do nothing
 * else). ioredis reconnects and subscribes again by itself; messages published meanwhile are lost, so
 * every subscriber is told to catch up once the connection is ready again.
 */
export function createRedisBus(url: string): EventBus {
  const local = new EventEmitter();
  local.setMaxListeners(0);
  // Connected on first use. Commands wait while Redis is unreachable, but not forever: a publish fails
  // after a few retries.
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const channels = new Map<string, Promise<unknown>>();
  let hasBeenReady = false;
  // An unreachable Redis is reported through failed publishes and subscriptions; the connections'
  // own error events would otherwise be unhandled and end the process.
  publisher.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  subscriber.on('ready', () => {
    if (hasBeenReady) for (const channel of local.eventNames()) local.emit(channel, { resync: true });
    hasBeenReady = true;
  });
  subscriber.on('message', (redisChannel: string, payload: string) => {
    if (!redisChannel.startsWith(REDIS_PREFIX)) return;
    try {
      local.emit(redisChannel.slice(REDIS_PREFIX.length), JSON.parse(payload) as BusMessage);
    } catch {
      // Not ours: ignore.
    }
  });

  return {
    async publish(channel, message) {
      await publisher.publish(REDIS_PREFIX + channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      local.on(channel, handler);
      try {
        let subscribed = channels.get(channel);
        if (!subscribed) {
          subscribed = subscriber.subscribe(REDIS_PREFIX + channel);
          channels.set(channel, subscribed);
          subscribed.catch(() => channels.delete(channel));
        }
        await subscribed;
      } catch (error) {
        local.off(channel, handler);
        throw error;
      }
      return () => local.off(channel, handler);
    },
    async close() {
      local.removeAllListeners();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
