import type { Db } from '../../db/client';
import type { RealtimePublisher, VisitEventInput } from './realtime-publisher';

/**
 * The analysis worker stores analyses outside any request, where `app.realtime` is not reachable. The
 * app registers its publisher here against its database handle, and the store tells the visits whose
 * suggestions changed through it (a WeakMap: several test apps in one process never mix).
 */
const publishers = new WeakMap<Db, RealtimePublisher>();

export function registerSuggestionEvents(db: Db, realtime: () => RealtimePublisher): void {
  // Resolved at publish time: the websocket hub may replace the silent publisher after routes are bound.
  publishers.set(db, { publish: (input) => realtime().publish(input) });
}

/**
 * Publishes `suggestions.changed` to each visit, after the analyses that changed them are committed.
 * A failure is swallowed: the analysis is stored, and the browser sees it on its next load.
 */
export async function publishSuggestionsChanged(
  db: Db,
  organisationId: string,
  appointmentIds: readonly string[],
): Promise<void> {
  const publisher = publishers.get(db);
  if (!publisher) return;
  for (const appointmentId of appointmentIds) {
    await publisher
      .publish({ organisationId, appointmentId, event: { kind: 'suggestions.changed' } })
      .catch(() => undefined);
  }
}

/**
 * Publishes `care-gaps.changed` to each visit, after the quality evaluations that opened or closed the
 * patient's care gaps are committed (issue 19). A failure is swallowed, as above.
 */
export async function publishCareGapsChanged(
  db: Db,
  organisationId: string,
  appointmentIds: readonly string[],
): Promise<void> {
  const publisher = publishers.get(db);
  if (!publisher) return;
  for (const appointmentId of appointmentIds) {
    await publisher
      .publish({ organisationId, appointmentId, event: { kind: 'care-gaps.changed' } })
      .catch(() => undefined);
  }
}

/** Publishes one event an analysis thread sends (`analysis-threads.ts`) through this process's hub. */
export async function relaySuggestionEvent(db: Db, input: VisitEventInput): Promise<void> {
  await publishers
    .get(db)
    ?.publish(input)
    .catch(() => undefined);
}
