import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { ehrSyncWarningText } from '../../../features/overlay/components/ehr-sync-warning';
import { useVisitEvents } from '../../../features/realtime/use-visit-events';

/**
 * Issue 16: a SMART launch opens the portrait with what Cairn has, and the patient is read from the EHR
 * once it shows (by this browser or another on the same visit). When the visit's `ehr.synced` event
 * says it is read, every tab's data of the patient is reloaded (the banner and the Diagnosis Summary
 * follow every event already); when the EHR could not be read, the user is told that what they see is
 * Cairn's data as it was.
 */
export function useEhrReadUpdates(sid: string | undefined, cairnPatientId: string): void {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  useVisitEvents(sid, (update) => {
    if (update.type !== 'event' || update.event.kind !== 'ehr.synced') return;
    if (update.event.status === 'failed') {
      void message.warning(ehrSyncWarningText(undefined));
      return;
    }
    for (const queryKey of [
      ['clinicalSummary', cairnPatientId],
      ['documents', cairnPatientId],
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  });
}
