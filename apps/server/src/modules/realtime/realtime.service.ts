import { visitEvent } from '@cairn/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../access';
import type { StreamTickets } from '../flags';
import type { VisitHub } from './realtime-hub';
import type { RealtimePublisher } from './realtime-publisher';
import { insertVisitEvent } from './realtime.repository';

/**
 * Stores the event, then announces it to every process. The caller's change is already committed: a
 * failure here is logged and swallowed, never turned into a failed decision or push (the browsers catch
 * up on their next load or reconnect).
 */
export function createRealtimePublisher(db: Db, hub: VisitHub, log: FastifyBaseLogger): RealtimePublisher {
  return {
    async publish(input) {
      try {
        const event = visitEvent.parse(input.event);
        const id = await insertVisitEvent(db, { ...input, event });
        await hub.notify({ organisationId: input.organisationId, appointmentId: input.appointmentId, id });
      } catch (error) {
        // The class only: an event names people (`by`), which stay out of the log.
        log.warn({ errorClass: error instanceof Error ? error.name : typeof error }, 'realtime event not published');
      }
    },
  };
}

export async function issueRealtimeTicket(tickets: StreamTickets, auth: AuthContext): Promise<{ ticket: string }> {
  return {
    ticket: await tickets.issue({
      userId: auth.userId,
      organisationId: auth.organisationId,
      sessionId: auth.sessionId,
    }),
  };
}
