import { realtimeClientMessage, type RealtimeClientMessage, type RealtimeServerMessage } from '@cairn/contracts';
import type { FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Db } from '../../db/client';
import type { StreamTicketHolder, StreamTickets } from '../flags';
import { auditPatientRead, isUuid, loadCareScope } from '../../access';
import type { VisitHub, VisitSubscriber } from './realtime-hub';
import { findRealtimeUser, findVisitInScope } from './realtime.repository';

/**
 * Close codes of the real-time websocket (4000-4999 are the application's). The browser reconnects
 * with a new ticket after any of them, with its backoff.
 */
export const REALTIME_CLOSE = {
  /** The ticket is malformed, expired, of another audience, or already used. */
  ticketRefused: { code: 4401, reason: 'Ticket invalid, expired or already used' },
  /** The sign-in session the ticket was issued to has ended (signed out, locked, password changed). */
  sessionEnded: { code: 4410, reason: 'Session ended' },
  /** The user no longer exists in the organisation. */
  userGone: { code: 4403, reason: 'User no longer allowed' },
  /** The socket lived an access token's lifetime: reconnect with a fresh ticket (checks the user again). */
  lifetimeEnded: { code: 4408, reason: 'Session lifetime ended, reconnect' },
  /** The server is stopping. */
  goingAway: { code: 1001, reason: 'Server stopping' },
} as const;

/** Proxies drop idle connections after about a minute; a ping every 30 s keeps it up and finds dead peers. */
export const SERVER_PING_MS = 30_000;
/** As the flag stream: a socket outlives its ticket, and is closed after an access token's lifetime. */
export const MAX_SOCKET_MS = 15 * 60 * 1000;
/** A browser tab watches one visit, a few at most; the cap keeps one socket from holding the hub. */
const MAX_SUBSCRIPTIONS = 20;

/** What the handler uses of a `ws` socket. */
export type RealtimeSocket = Pick<WebSocket, 'send' | 'close' | 'terminate' | 'ping' | 'on' | 'readyState'>;

export interface RealtimeSocketDeps {
  db: Db;
  hub: VisitHub;
  tickets: () => Promise<StreamTickets>;
  /** Every open socket of this process, for shutdown. */
  sockets: Set<RealtimeSocket>;
}

/**
 * One browser's websocket: the ticket first, then its messages one after another. Handlers are attached
 * before anything is awaited, so that a subscribe sent right after opening is not lost.
 */
export function handleRealtimeSocket(deps: RealtimeSocketDeps, socket: RealtimeSocket, request: FastifyRequest): void {
  const subscribed = new Set<string>();
  const subscriber: VisitSubscriber = { send: (message) => send(socket, message) };
  let holder: (StreamTicketHolder & { isAdmin: boolean }) | undefined;
  let isAlive = true;
  let tickets: StreamTickets | undefined;

  deps.sockets.add(socket);
  const heartbeat = setInterval(() => {
    if (!isOpen(socket)) return;
    if (holder && tickets && !tickets.isLive(holder)) return close(REALTIME_CLOSE.sessionEnded);
    // No pong to the last ping: the peer is gone, and would never answer a close frame either.
    if (!isAlive) return socket.terminate();
    isAlive = false;
    socket.ping();
  }, SERVER_PING_MS);
  const lifetime = setTimeout(() => close(REALTIME_CLOSE.lifetimeEnded), MAX_SOCKET_MS);
  socket.on('pong', () => (isAlive = true));
  socket.on('close', () => {
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    deps.sockets.delete(socket);
    for (const sid of subscribed) deps.hub.unsubscribe(subscriber, sid);
    subscribed.clear();
  });

  function close(how: { code: number; reason: string }): void {
    socket.close(how.code, how.reason);
  }

  let queue = (async () => {
    const ticket = new URL(request.url, 'http://localhost').searchParams.get('ticket') ?? '';
    tickets = await deps.tickets();
    const redeemed = ticket ? await tickets.redeem(ticket) : undefined;
    if (!redeemed) return close(REALTIME_CLOSE.ticketRefused);
    const user = await findRealtimeUser(deps.db, redeemed.organisationId, redeemed.userId);
    if (!user) return close(REALTIME_CLOSE.userGone);
    holder = { ...redeemed, isAdmin: user.isAdmin };
  })();

  socket.on('message', (data, isBinary) => {
    queue = queue
      .then(() => (holder && !isBinary ? onMessage(parse(textOf(data))) : undefined))
      .catch(() => send(socket, { type: 'error', message: 'The message could not be handled.' }));
  });

  async function onMessage(message: RealtimeClientMessage | undefined): Promise<void> {
    if (!message) return send(socket, { type: 'error', message: 'Unknown message.' });
    switch (message.type) {
      case 'ping':
        return send(socket, { type: 'pong' });
      case 'unsubscribe':
        subscribed.delete(message.sid);
        return deps.hub.unsubscribe(subscriber, message.sid);
      case 'subscribe':
        return subscribe(message.sid, message.lastEventId);
    }
  }

  async function subscribe(sid: string, lastEventId: number | undefined): Promise<void> {
    if (!holder || !isOpen(socket)) return;
    if (tickets && !tickets.isLive(holder)) return close(REALTIME_CLOSE.sessionEnded);
    if (!subscribed.has(sid) && subscribed.size >= MAX_SUBSCRIPTIONS) {
      return send(socket, { type: 'error', sid, message: 'Too many visits on one connection.' });
    }
    // The same rule as every read of a visit: the organisation's, in the caller's care scope, audited.
    const auth = { ...holder, permissions: new Set<never>(), isSaml: false };
    const scope = await loadCareScope(deps.db, auth);
    const visit = isUuid(sid) ? await findVisitInScope(deps.db, scope, sid) : undefined;
    if (!visit) return send(socket, { type: 'error', sid, message: 'Visit not found.' });
    await auditPatientRead(deps.db, { auth, patientId: visit.patientId, what: 'realtime', request, details: { sid } });
    subscribed.add(sid);
    await deps.hub.subscribe(subscriber, { organisationId: holder.organisationId, appointmentId: sid, lastEventId });
    // Closed during the replay: the close handler ran before the hub held the subscriber.
    if (!isOpen(socket)) deps.hub.unsubscribe(subscriber, sid);
  }
}

function parse(text: string): RealtimeClientMessage | undefined {
  try {
    const parsed = realtimeClientMessage.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** `WebSocket.OPEN`: the socket's state is read afresh each time (it changes while handlers await). */
const OPEN = 1;

function isOpen(socket: RealtimeSocket): boolean {
  return socket.readyState === OPEN;
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(new Uint8Array(data)).toString('utf8');
}

function send(socket: RealtimeSocket, message: RealtimeServerMessage): void {
  if (isOpen(socket)) socket.send(JSON.stringify(message));
}
