import { createRealtimeTicket } from '@cairn/contracts';
import { api } from './api';
import { createRealtimeClient, type RealtimeClient, type VisitListener } from './realtime-client';

export type { VisitListener, VisitUpdate } from './realtime-client';

let client: RealtimeClient | undefined;

/**
 * The tab's real-time connection (issue 7 "Real time"), made on first use. The ticket comes through the
 * API client (session renewal on 401); the websocket is served by the app's own origin at `/ws`.
 */
function realtimeClient(): RealtimeClient {
  client ??= createRealtimeClient({
    createTicket: async () => (await api.call(createRealtimeTicket, {})).result.ticket,
    socketUrl: (ticket) => `${location.origin.replace(/^http/, 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`,
    WebSocket,
  });
  return client;
}

/** Calls `listener` with each change of the visit (and `resync` when changes were missed) until unsubscribed. */
export function subscribeToVisit(sid: string, listener: VisitListener): () => void {
  return realtimeClient().subscribeToVisit(sid, listener);
}
