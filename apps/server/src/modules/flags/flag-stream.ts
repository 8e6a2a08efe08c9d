import { flagStreamQuery, FLAG_STREAM_EVENTS, type FlagValues } from '@cairn/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { toFieldIssue } from '../../lib/route';
import type { BusMessage } from '../../plugins/event-bus';
import { evaluateAll } from './flag-evaluation';
import { findFlagSubject, listFlags } from './flags.repository';
import { evaluateFlagsFor, flagUserOf, FLAGS_CHANGED, type FlagsDeps } from './flags.service';
import type { StreamTicketHolder } from './stream-tickets';

/** Spec §9: the client reconnects after 1000 ms (it backs off from there up to 30 s). */
const RETRY_MS = 1000;
/** Well inside the client's 5-minute read timeout and the usual proxy idle timeouts. */
export const HEARTBEAT_MS = 25_000;
/**
 * A stream outlives the ticket that opened it; it is closed after an access token's lifetime so that
 * a signed-out or removed user stops receiving flags, and the client reconnects with a fresh ticket.
 */
export const MAX_STREAM_MS = 15 * 60 * 1000;

export interface FlagStreams {
  open(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every open stream (server shutdown). */
  closeAll(): void;
}

interface Connection {
  holder: StreamTicketHolder;
  send(values: FlagValues): void;
  close(): void;
}

/**
 * The open flag streams of this process, by organisation. One bus subscription serves them all: a
 * change reads the organisation's flags once, then evaluates them for each connected user, one change
 * after another in the order they arrived.
 */
export function createFlagStreams(deps: FlagsDeps): FlagStreams {
  const byOrganisation = new Map<string, Set<Connection>>();
  let subscribed: Promise<unknown> | undefined;
  let queue = Promise.resolve();

  async function push(organisationId: string): Promise<void> {
    const connections = byOrganisation.get(organisationId);
    if (!connections || connections.size === 0) return;
    const rows = await listFlags(deps.db, organisationId);
    for (const connection of [...connections]) {
      const subject = await findFlagSubject(deps.db, organisationId, connection.holder.userId);
      if (subject) connection.send(evaluateAll(rows, flagUserOf(subject)));
      else connection.close();
    }
  }

  function onMessage(message: BusMessage): void {
    const organisations =
      message.resync === true
        ? [...byOrganisation.keys()]
        : typeof message.organisationId === 'string'
          ? [message.organisationId]
          : [];
    for (const organisationId of organisations) {
      queue = queue.then(() => push(organisationId)).catch(() => undefined);
    }
  }

  async function openStream(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const query = flagStreamQuery.safeParse(request.query ?? {});
    if (!query.success) throw AppError.validation(query.error.issues.map(toFieldIssue));
    const tickets = await deps.tickets();
    const holder = await tickets.redeem(query.data.ticket);
    if (!holder) throw new AppError('UNAUTHENTICATED', 'The stream ticket is invalid, expired or already used.');
    // Listening before the first event: a change made after the client saw its first values is delivered.
    subscribed ??= deps.bus.subscribe(FLAGS_CHANGED, onMessage).catch((error: unknown) => {
      subscribed = undefined;
      throw error;
    });
    await subscribed;
    if (!(await findFlagSubject(deps.db, holder.organisationId, holder.userId))) throw new AppError('UNAUTHENTICATED');

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    raw.write(`retry: ${RETRY_MS}\n\n`);

    let isOpen = true;
    const connections = byOrganisation.get(holder.organisationId) ?? new Set<Connection>();
    byOrganisation.set(holder.organisationId, connections);
    const heartbeat = setInterval(() => {
      // The session signed out (or was ended): its stream ends with it.
      if (!tickets.isLive(holder)) return connection.close();
      raw.write(`event: ${FLAG_STREAM_EVENTS.ping}\ndata: {}\n\n`);
    }, HEARTBEAT_MS);
    const lifetime = setTimeout(() => connection.close(), MAX_STREAM_MS);
    const connection: Connection = {
      holder,
      send(values) {
        if (isOpen) raw.write(`event: ${FLAG_STREAM_EVENTS.put}\ndata: ${JSON.stringify(values)}\n\n`);
      },
      close() {
        if (!isOpen) return;
        isOpen = false;
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        connections.delete(connection);
        if (connections.size === 0) byOrganisation.delete(holder.organisationId);
        raw.end();
      },
    };
    connections.add(connection);
    raw.on('close', () => connection.close());
    // The first values go through the queue too, after any change already waiting: never older ones last.
    queue = queue
      .then(async () => {
        const values = await evaluateFlagsFor(deps.db, holder);
        if (values) connection.send(values);
        else connection.close();
      })
      .catch(() => connection.close());
  }

  return {
    open: openStream,
    closeAll() {
      for (const connections of [...byOrganisation.values()]) {
        for (const connection of [...connections]) connection.close();
      }
    },
  };
}
