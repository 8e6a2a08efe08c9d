import websocket from '@fastify/websocket';
import { createRealtimeTicket, REALTIME_TICKET_SECONDS } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { route } from '../../lib/route';
import { getOrCreateServerSecret } from '../auth';
import { createSignedTickets, type StreamTickets } from '../flags';
import { createVisitHub } from './realtime-hub';
import type { RealtimePublisher } from './realtime-publisher';
import { handleRealtimeSocket, REALTIME_CLOSE, type RealtimeSocket } from './realtime-socket';
import { pruneVisitEvents } from './realtime.repository';
import { createRealtimePublisher, issueRealtimeTicket } from './realtime.service';

/** Old events leave the table this often (each process prunes; a second prune finds nothing). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
/** A client message is a subscribe, an unsubscribe or a ping: small. */
const MAX_MESSAGE_BYTES = 4096;

declare module 'fastify' {
  interface FastifyInstance {
    /** The real-time websocket's tickets (the ticket route lives under `/api`). */
    realtimeTickets: () => Promise<StreamTickets>;
    /** Stores and fans out a visit's event (`realtime-publisher.ts`). */
    realtime: RealtimePublisher;
  }
}

/**
 * The real-time websocket of issue 7: `app.realtime.publish` stores a visit's event and announces it on
 * the event bus (Redis when `REDIS_URL` is set, else PostgreSQL LISTEN/NOTIFY, or in process on PGlite);
 * every process's hub sends it to its subscribers of that visit at `GET /ws?ticket=...`.
 */
export async function registerRealtime(app: FastifyInstance, database: Database): Promise<void> {
  const hub = createVisitHub(database.db, app.eventBus);
  let tickets: Promise<StreamTickets> | undefined;
  const realtimeTickets = () =>
    (tickets ??= getOrCreateServerSecret(database.db, 'realtime-ticket-hs256').then((secret) =>
      createSignedTickets({
        secret,
        audience: 'cairn-realtime',
        lifetimeSeconds: REALTIME_TICKET_SECONDS,
        isSessionEnded: (sessionId) => app.accessTokens.isSessionEnded(sessionId),
      }),
    ));
  const sockets = new Set<RealtimeSocket>();

  app.decorate('realtime', createRealtimePublisher(database.db, hub, app.log) satisfies RealtimePublisher);
  app.decorate('realtimeTickets', realtimeTickets);
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, request) =>
    handleRealtimeSocket({ db: database.db, hub, tickets: realtimeTickets, sockets }, socket, request),
  );

  void pruneVisitEvents(database.db).catch(() => undefined);
  const pruner = setInterval(() => void pruneVisitEvents(database.db).catch(() => undefined), PRUNE_EVERY_MS);
  pruner.unref();
  app.addHook('preClose', async () => {
    clearInterval(pruner);
    for (const socket of sockets) socket.close(REALTIME_CLOSE.goingAway.code, REALTIME_CLOSE.goingAway.reason);
  });
  app.addHook('onClose', async () => {
    await hub.close();
  });
}

/** `createRealtimeTicket`, inside `/api`. */
export function realtimeRoutes(api: FastifyInstance): void {
  route(api, createRealtimeTicket, async ({ auth }) => ({
    result: await issueRealtimeTicket(await api.realtimeTickets(), auth),
  }));
}
