import { FLAG_DEFAULTS, FLAG_NAMES, FLAG_STREAM_EVENTS, type FlagName, type FlagValues } from '@cairn/contracts';
import { readJson, writeJson } from '../storage-keys';

/** Spec §4 "Feature-flag client": initializing, then initialized or failed. */
export type FlagClientState = 'initializing' | 'initialized' | 'failed';

export const NOT_INITIALIZED_MESSAGE = 'FeatureFlag client is not initialized';

/** Spec §9, feature-flag client constants. */
export const FLAG_CLIENT_TIMING = {
  /** "flag wait 5": initialization is awaited for 5 seconds. */
  initWaitMs: 5000,
  /** "stream reconnect delay 1000 ms with backoff up to 30 s". */
  reconnectDelayMs: 1000,
  maxReconnectDelayMs: 30_000,
  /** "stream read timeout 5 min": a stream silent for longer is reopened (the server pings every 25 s). */
  readTimeoutMs: 5 * 60_000,
  /** While the stream is down, flags are polled at this interval. */
  pollIntervalMs: 60_000,
};
export type FlagClientTiming = typeof FLAG_CLIENT_TIMING;

/** The part of `EventSource` the client uses (tests pass their own). */
export interface EventSourceLike {
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export interface FlagClientOptions {
  /** The caller's evaluated flags (`POST /api/getFeatureFlags`). */
  fetchFlags: () => Promise<unknown>;
  /** A single-use ticket for the stream (`POST /api/flags/streamTicket`). */
  createStreamTicket: () => Promise<string>;
  streamUrl: (ticket: string) => string;
  createEventSource?: (url: string) => EventSourceLike;
  /** Where the last values are kept as the bootstrap of the next start (spec §9 "local-storage bootstrap"). */
  storage: Storage;
  bootstrapKey: string;
  warn?: (message: string) => void;
  timing?: Partial<FlagClientTiming>;
}

/** A state change (initialized, failed), or flags whose values changed. */
export type FlagClientEvent = { type: 'state'; state: FlagClientState } | { type: 'changed'; flags: FlagName[] };
export type FlagListener = (event: FlagClientEvent) => void;

export interface FlagClient {
  readonly state: FlagClientState;
  /** A flag's value; throws 'FeatureFlag client is not initialized' while initializing. */
  getValue<N extends FlagName>(name: N): FlagValues[N];
  /** Starts once; resolves with the state reached within the initialization wait. */
  start(): Promise<FlagClientState>;
  subscribe(listener: FlagListener): () => void;
  close(): void;
}

/** Delay before reconnect attempt `attempt` (0-based): 1 s, doubling, never more than 30 s. */
export function reconnectDelay(attempt: number, timing: FlagClientTiming = FLAG_CLIENT_TIMING): number {
  return Math.min(timing.reconnectDelayMs * 2 ** attempt, timing.maxReconnectDelayMs);
}

/**
 * Spec §8: statuses 400, 408, 429 and 5xx are recoverable, other 4xx permanent. An error without a
 * status (the network) is recoverable.
 */
export function isRecoverable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number' || status < 400) return true;
  return status === 400 || status === 408 || status === 429 || status >= 500;
}

/** Keeps the flags Cairn knows, as the server sent them; anything that is not an object is refused. */
function readValues(raw: unknown): Partial<Record<FlagName, unknown>> | undefined {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const source = raw as Record<string, unknown>;
  const values: Partial<Record<FlagName, unknown>> = {};
  for (const name of FLAG_NAMES) if (Object.hasOwn(source, name)) values[name] = source[name];
  return values;
}

export function createFlagClient(options: FlagClientOptions): FlagClient {
  const timing = { ...FLAG_CLIENT_TIMING, ...options.timing };
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const openSource = options.createEventSource ?? ((url: string): EventSourceLike => new EventSource(url));
  const listeners = new Set<FlagListener>();
  let state: FlagClientState = 'initializing';
  let values: Partial<Record<FlagName, unknown>> = {};
  let started: Promise<FlagClientState> | undefined;
  let isClosed = false;
  let source: EventSourceLike | undefined;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let readTimer: ReturnType<typeof setTimeout> | undefined;
  let pollTimer: ReturnType<typeof setInterval> | undefined;

  /** Read through a function: the flag changes while `connect` awaits. */
  function isClientClosed(): boolean {
    return isClosed;
  }

  function notify(event: FlagClientEvent): void {
    for (const listener of [...listeners]) listener(event);
  }

  function setState(next: FlagClientState): void {
    if (state === next) return;
    state = next;
    notify({ type: 'state', state });
  }

  /** Takes new values; true when they were usable. */
  function apply(raw: unknown): boolean {
    const next = readValues(raw);
    if (!next) return false;
    const changed = FLAG_NAMES.filter((name) => JSON.stringify(values[name]) !== JSON.stringify(next[name]));
    values = next;
    writeJson(options.storage, options.bootstrapKey, next);
    if (state !== 'initialized') setState('initialized');
    else if (changed.length > 0) notify({ type: 'changed', flags: changed });
    return true;
  }

  async function initialize(): Promise<FlagClientState> {
    const bootstrap = readValues(readJson<unknown>(options.storage, options.bootstrapKey));
    const fresh = options.fetchFlags().then(
      (raw) => !isClosed && apply(raw),
      () => false,
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timing.initWaitMs);
    });
    const isFresh = await Promise.race([fresh, waited]).finally(() => clearTimeout(timer));
    if (isClosed) return state;
    if (!isFresh) {
      if (bootstrap) {
        values = bootstrap;
        setState('initialized');
      } else {
        warn('Feature flags could not be loaded; Cairn defaults apply until they arrive');
        setState('failed');
      }
    }
    void connect();
    return state;
  }

  function armReadTimeout(): void {
    clearTimeout(readTimer);
    readTimer = setTimeout(() => onStreamFailure(), timing.readTimeoutMs);
  }

  async function connect(): Promise<void> {
    reconnectTimer = undefined;
    if (isClosed) return;
    let ticket: string;
    try {
      ticket = await options.createStreamTicket();
    } catch (error) {
      if (isRecoverable(error)) onStreamFailure();
      else giveUp();
      return;
    }
    if (isClientClosed()) return;
    try {
      source = openSource(options.streamUrl(ticket));
    } catch {
      onStreamFailure();
      return;
    }
    const current = source;
    armReadTimeout();
    current.addEventListener(FLAG_STREAM_EVENTS.put, (event) => {
      if (current !== source) return;
      armReadTimeout();
      try {
        if (apply(JSON.parse(event.data))) {
          attempt = 0;
          stopPolling();
        }
      } catch {
        warn('A feature-flag stream event could not be read');
      }
    });
    current.addEventListener(FLAG_STREAM_EVENTS.ping, () => {
      if (current === source) armReadTimeout();
    });
    // The ticket is single-use, so EventSource's own reconnection (same URL) cannot succeed: close it
    // and reconnect with a new ticket after the backoff delay.
    current.onerror = () => {
      if (current === source) onStreamFailure();
    };
  }

  function onStreamFailure(): void {
    source?.close();
    source = undefined;
    clearTimeout(readTimer);
    if (isClosed || reconnectTimer) return;
    startPolling();
    reconnectTimer = setTimeout(() => void connect(), reconnectDelay(attempt, timing));
    attempt += 1;
  }

  /** A permanent refusal (401, 403, 404, ...): asking again would only be refused again. */
  function giveUp(): void {
    warn('Feature-flag updates stopped: the server refused them');
    source?.close();
    source = undefined;
    clearTimeout(readTimer);
    clearTimeout(reconnectTimer);
    stopPolling();
  }

  function startPolling(): void {
    if (pollTimer) return;
    pollTimer = setInterval(() => {
      options.fetchFlags().then(
        (raw) => {
          if (!isClosed) apply(raw);
        },
        (error: unknown) => {
          warn('Polling feature flags failed');
          if (!isRecoverable(error)) giveUp();
        },
      );
    }, timing.pollIntervalMs);
  }

  function stopPolling(): void {
    clearInterval(pollTimer);
    pollTimer = undefined;
  }

  return {
    get state() {
      return state;
    },
    getValue(name) {
      if (state === 'initializing') throw new Error(NOT_INITIALIZED_MESSAGE);
      return (Object.hasOwn(values, name) ? values[name] : FLAG_DEFAULTS[name]) as FlagValues[typeof name];
    },
    start() {
      started ??= initialize();
      return started;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      isClosed = true;
      source?.close();
      source = undefined;
      clearTimeout(reconnectTimer);
      clearTimeout(readTimer);
      stopPolling();
      listeners.clear();
    },
  };
}
