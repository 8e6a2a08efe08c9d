import type { VisitEvent } from '@cairn/contracts';

/** One change of a visit, for everyone looking at it (issue 7 "Real time"). */
export interface VisitEventInput {
  organisationId: string;
  /** The visit (summary id). */
  appointmentId: string;
  event: VisitEvent;
}

/**
 * Publishes visit events: stored (so that a browser that reconnects gets what it missed) and fanned
 * out to every server process's websocket subscribers. Call it after the change is committed.
 */
export interface RealtimePublisher {
  publish(input: VisitEventInput): Promise<void>;
}
