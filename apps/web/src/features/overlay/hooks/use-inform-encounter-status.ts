import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { postToAddon, type AddonLogger } from '../../../lib/addon-messaging';
import { ApiError } from '../../../lib/api-error';
import { fetchEncounterStatus } from '../api/get-encounter-status';
import { isPushFailureReason } from '../api/push-diagnoses-to-ehr';

/** Cairn's summary ids are UUIDs; `/overlay/:tab/...` paths name a tab where a summary would be. */
const SUMMARY_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Spec §4 "Add-on messaging", out: once the overlay shows a visit (any overlay route with a
 * `cairnAppointmentId`), the add-on is told whether the visit's EHR encounter can take diagnoses,
 * once per visit. Only when an add-on is listening; a failure is logged, never shown (the add-on
 * then simply keeps its own view of the encounter).
 */
export function useInformEncounterStatus(addonOrigin: string | undefined, logger: AddonLogger): void {
  // Read from the layout: React Router hands a layout its child routes' parameters too.
  const { cairnAppointmentId } = useParams();
  const summaryId = cairnAppointmentId && SUMMARY_ID_PATTERN.test(cairnAppointmentId) ? cairnAppointmentId : undefined;
  const informed = useRef(new Set<string>());
  const latestLogger = useRef(logger);
  useEffect(() => {
    latestLogger.current = logger;
  });

  useEffect(() => {
    if (!addonOrigin || !summaryId || informed.current.has(summaryId)) return;
    informed.current.add(summaryId);
    informAddon(summaryId).catch((error: unknown) => {
      // The code only: the error's text may come from the EHR.
      const code = error instanceof ApiError ? error.code : 'UNKNOWN';
      latestLogger.current.warn('Encounter status not sent to the add-on', { code });
    });
  }, [addonOrigin, summaryId]);
}

async function informAddon(summaryId: string): Promise<void> {
  const { encounterId, isPushable, reason } = await fetchEncounterStatus(summaryId);
  postToAddon({
    type: 'informEncounterStatus',
    summaryId,
    encounterId: encounterId || null,
    isPushable,
    // The add-on knows the reasons of spec §3 only; any other is the EHR's own words, left out.
    ...(isPushFailureReason(reason) ? { reason } : {}),
  });
}
