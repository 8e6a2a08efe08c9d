import { flagStreamQuery, FLAG_STREAM_EVENTS, type FlagValues } from '@cairn/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { toFieldIssue } from '../../lib/route';
import type { BusMessage } from './event-bus';
import { evaluateFlagsFor, FLAGS_CHANGED, type FlagsDeps } from './flags.service';

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

export function createFlagStreams(deps: FlagsDeps): FlagStreams {
  const open = new Set<() => void>();

  async function openStream(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const query = flagStreamQuery.safeParse(request.query ?? {});
    if (!query.success) throw AppError.validation(query.error.issues.map(toFieldIssue));
    const holder = await (await deps.tickets()).redeem(query.data.ticket);
    if (!holder) throw new AppError('UNAUTHENTICATED', 'The stream ticket is invalid, expired or already used.');
    const first = await evaluateFlagsFor(deps.db, holder);
    if (!first) throw new AppError('UNAUTHENTICATED');

    // Re-evaluations run one at a time, in the order the changes arrived.
    let queue = Promise.resolve();
    let isOpen = true;
    const onMessage = (message: BusMessage): void => {
      if (message.resync !== true && message.organisationId !== holder.organisationId) return;
      queue = queue.then(async () => {
        if (!isOpen) return;
        const values = await evaluateFlagsFor(deps.db, holder).catch(() => undefined);
        if (!values) return close();
        send(values);
      });
    };
    // Listening before the first event: a change made after the client saw its first values is delivered.
    const unsubscribe = await deps.bus.subscribe(FLAGS_CHANGED, onMessage);

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
    const send = (values: FlagValues): void => {
      if (isOpen) raw.write(`event: ${FLAG_STREAM_EVENTS.put}\ndata: ${JSON.stringify(values)}\n\n`);
    };
    const heartbeat = setInterval(() => raw.write(`event: ${FLAG_STREAM_EVENTS.ping}\ndata: {}\n\n`), HEARTBEAT_MS);
    const lifetime = setTimeout(() => close(), MAX_STREAM_MS);

    function close(): void {
      if (!isOpen) return;
      isOpen = false;
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      unsubscribe();
      open.delete(close);
      raw.end();
    }
    open.add(close);
    raw.on('close', close);
    send(first);
  }

  return {
    open: openStream,
    closeAll() {
      for (const close of [...open]) close();
    },
  };
}
