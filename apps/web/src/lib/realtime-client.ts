import { realtimeServerMessage, type RealtimeClientMessage, type RealtimeServerMessage } from '@cairn/contracts';

/** What a visit's listener hears: an event, or `resync` (events were missed and are gone: reload the visit). */
export type VisitUpdate = Extract<RealtimeServerMessage, { type: 'event' } | { type: 'resync' }>;
export type VisitListener = (update: VisitUpdate) => void;

export interface RealtimeTiming {
  /** The first reconnection waits this long, doubling up to `maxReconnectDelayMs`. */
  reconnectDelayMs: number;
  maxReconnectDelayMs: number;
  /** A ping this often keeps proxies from closing an idle socket... */
  pingMs: number;
  /** ...and no answer within this long means the socket is dead (a closed laptop lid, a lost network). */
  pongTimeoutMs: number;
}

export const REALTIME_TIMING: RealtimeTiming = {
  reconnectDelayMs: 1000,
  maxReconnectDelayMs: 30_000,
  pingMs: 25_000,
  pongTimeoutMs: 10_000,
};

/** The browser's `WebSocket`, or a test's stand-in with the same surface. */
export type WebSocketConstructor = new (url: string) => WebSocket;

export interface RealtimeClientOptions {
  /** A single-use ticket for the next connection (`createRealtimeTicket`). */
  createTicket(): Promise<string>;
  socketUrl(ticket: string): string;
  WebSocket: WebSocketConstructor;
  timing?: RealtimeTiming;
}

export interface RealtimeClient {
  /** Listens to a visit's events until the returned function is called. */
  subscribeToVisit(sid: string, listener: VisitListener): () => void;
  close(): void;
}

interface VisitState {
  listeners: Set<VisitListener>;
  /** The last event id seen; sent when subscribing again so the server replays what was missed. */
  lastEventId: number | undefined;
}

/** `WebSocket.OPEN`, without reading the global (a test's stand-in may replace it). */
const OPEN = 1;

/** Delay before reconnect attempt `attempt` (0-based): 1 s, doubling, never more than 30 s. */
export function reconnectDelay(attempt: number, timing: RealtimeTiming = REALTIME_TIMING): number {
  return Math.min(timing.reconnectDelayMs * 2 ** attempt, timing.maxReconnectDelayMs);
}

/**
 * One websocket per tab for every visit the tab watches. It connects when the first visit is watched
 * and closes when the last one is left; after any close it reconnects with a new ticket (1 s doubling
 * to 30 s) and subscribes every visit again with the last event id it saw.
 */
export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const timing = options.timing ?? REALTIME_TIMING;
  const visits = new Map<string, VisitState>();
  let socket: WebSocket | undefined;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  let isConnecting = false;

  function send(message: RealtimeClientMessage): void {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  function subscribe(sid: string, state: VisitState): void {
    send({ type: 'subscribe', sid, ...(state.lastEventId === undefined ? {} : { lastEventId: state.lastEventId }) });
  }

  function onMessage(data: unknown): void {
    clearTimeout(pongTimer);
    const parsed = typeof data === 'string' ? safeParse(data) : undefined;
    if (!parsed) return;
    if (parsed.type === 'pong' || parsed.type === 'error') return;
    const state = visits.get(parsed.sid);
    if (!state) return;
    // Answers from the server mean the ticket was good: the next failure starts the backoff again.
    attempt = 0;
    if (parsed.type === 'subscribed') {
      state.lastEventId = parsed.lastEventId;
      return;
    }
    if (parsed.type === 'event') {
      if (state.lastEventId !== undefined && parsed.id <= state.lastEventId) return;
      state.lastEventId = parsed.id;
    }
    for (const listener of [...state.listeners]) listener(parsed);
  }

  function stopTimers(): void {
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    pingTimer = undefined;
  }

  function onClose(closed: WebSocket): void {
    if (socket !== closed) return;
    socket = undefined;
    stopTimers();
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (visits.size === 0 || reconnectTimer || socket || isConnecting) return;
    reconnectTimer = setTimeout(
      () => {
        reconnectTimer = undefined;
        void connect();
      },
      reconnectDelay(attempt, timing),
    );
    attempt += 1;
  }

  async function connect(): Promise<void> {
    if (socket || isConnecting || visits.size === 0) return;
    isConnecting = true;
    let ticket: string;
    try {
      ticket = await options.createTicket();
    } catch {
      isConnecting = false;
      return scheduleReconnect();
    }
    isConnecting = false;
    // Every visit was left while the ticket was on its way (no other connect runs meanwhile).
    if (visits.size === 0) return;
    const opened = new options.WebSocket(options.socketUrl(ticket));
    socket = opened;
    opened.addEventListener('open', () => {
      if (socket !== opened) return;
      for (const [sid, state] of visits) subscribe(sid, state);
      pingTimer = setInterval(() => {
        send({ type: 'ping' });
        clearTimeout(pongTimer);
        pongTimer = setTimeout(() => opened.close(), timing.pongTimeoutMs);
      }, timing.pingMs);
    });
    opened.addEventListener('message', (event: MessageEvent) => {
      if (socket === opened) onMessage(event.data);
    });
    opened.addEventListener('close', () => onClose(opened));
  }

  return {
    subscribeToVisit(sid, listener) {
      let state = visits.get(sid);
      if (!state) {
        state = { listeners: new Set(), lastEventId: undefined };
        visits.set(sid, state);
        subscribe(sid, state);
      }
      state.listeners.add(listener);
      void connect();
      return () => {
        const current = visits.get(sid);
        if (!current?.listeners.delete(listener) || current.listeners.size > 0) return;
        visits.delete(sid);
        send({ type: 'unsubscribe', sid });
        if (visits.size === 0) closeSocket();
      };
    },
    close() {
      visits.clear();
      closeSocket();
    },
  };

  function closeSocket(): void {
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    attempt = 0;
    stopTimers();
    const open = socket;
    socket = undefined;
    open?.close();
  }
}

function safeParse(text: string): RealtimeServerMessage | undefined {
  try {
    const parsed = realtimeServerMessage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
