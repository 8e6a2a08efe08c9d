import { z } from 'zod';
import { conditionWriteResult } from './ehr';
import { defineEndpoint } from './endpoint';
import { resultEnvelope } from './envelope';
import { refuseUnstorableStrings } from './storable-strings';

/**
 * Real-time changes of a visit (issue 7 "Real time"): a websocket at `/ws?ticket=<ticket>` carries the
 * events of the visits a browser subscribed to, in order, each with an id; a browser that reconnects
 * subscribes with the last id it saw and receives what it missed.
 */

const sid = z.guid();

export const REALTIME_TICKET_SECONDS = 60;

export const createRealtimeTicket = defineEndpoint({
  method: 'POST',
  path: '/realtime/ticket',
  summary: 'A single-use, 60-second ticket that opens the real-time websocket (/ws?ticket=...)',
  tags: ['realtime'],
  auth: 'user',
  writes: false,
  v2: true,
  body: z.strictObject({}),
  response: resultEnvelope(z.object({ ticket: z.string() })),
});

const by = z.object({ name: z.string(), role: z.enum(['coder', 'provider']) });

/** What happened on a visit. Events carry ids and codes, never clinical text: the browser reloads what changed. */
export const visitEvent = z.discriminatedUnion('kind', [
  /** Decisions on these codes changed. */
  z.object({ kind: z.literal('decision.changed'), icdCodes: z.array(z.string()), by }),
  /** A coder finished the scrub and sent it to the provider. */
  z.object({ kind: z.literal('scrub.sent'), by }),
  /** Codes were written to the EHR (or failed). */
  z.object({ kind: z.literal('push.result'), results: z.array(conditionWriteResult), by }),
  /** Actions on these partner-organisation notes were recorded. */
  z.object({ kind: z.literal('partner-note.changed'), noteIds: z.array(z.string()), by }),
  /**
   * The visit's patient was read again from the EHR (`syncEhrPatient`, which the overlay calls after a
   * launch; `failed`: the EHR could not be read, Cairn's data is as it was). The browser reloads what it
   * shows of the patient.
   */
  z.object({ kind: z.literal('ehr.synced'), status: z.enum(['synced', 'failed']) }),
  /** Care gaps were marked as addressed at the visit, or unmarked (issue 19). */
  z.object({ kind: z.literal('care-gap.changed'), measureIds: z.array(z.string()), by }),
  /** The patient's analysis changed the suggestion list. */
  z.object({ kind: z.literal('suggestions.changed') }),
  /** The quality pass (CMS's CQL) opened or closed some of the patient's care gaps (issue 19). */
  z.object({ kind: z.literal('care-gaps.changed') }),
]);
export type VisitEvent = z.infer<typeof visitEvent>;

/** What a browser sends on the websocket; like an endpoint's body, it refuses strings PostgreSQL cannot store. */
export const realtimeClientMessage = refuseUnstorableStrings(
  z.discriminatedUnion('type', [
    /** `lastEventId`: the last event id seen for this visit; the events after it are sent first. */
    z.object({ type: z.literal('subscribe'), sid, lastEventId: z.number().int().min(0).optional() }),
    z.object({ type: z.literal('unsubscribe'), sid }),
    z.object({ type: z.literal('ping') }),
  ]),
);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessage>;

export const realtimeServerMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('event'),
    id: z.number().int(),
    sid,
    at: z.iso.datetime({ offset: true }),
    event: visitEvent,
  }),
  /** Subscribed; `lastEventId` is the newest event of the visit now (missed ones were sent before it). */
  z.object({ type: z.literal('subscribed'), sid, lastEventId: z.number().int() }),
  /** The missed events are no longer kept: reload the visit. */
  z.object({ type: z.literal('resync'), sid }),
  z.object({ type: z.literal('error'), sid: sid.optional(), message: z.string() }),
  z.object({ type: z.literal('pong') }),
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessage>;
