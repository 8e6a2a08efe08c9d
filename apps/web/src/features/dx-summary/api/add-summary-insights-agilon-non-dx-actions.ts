import { addSummaryInsightsAgilonNonDxActions, type EndpointInput } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dxCaptureDataKey } from './get-dx-capture-data';

export type PartnerNoteActionsInput = Omit<EndpointInput<typeof addSummaryInsightsAgilonNonDxActions>, 'sid'>;

/**
 * Records actions on the visit's partner-organisation notes (spec §7 addSummaryInsightsAgilonNonDxActions).
 * Success or conflict, the summary is fetched again before the mutation settles, so a note never shows
 * an action over a newer one.
 */
export function useAddSummaryInsightsAgilonNonDxActions(sid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['addSummaryInsightsAgilonNonDxActions', sid],
    mutationFn: async (input: PartnerNoteActionsInput) =>
      (await api.call(addSummaryInsightsAgilonNonDxActions, { sid, ...input })).result,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dxCaptureDataKey(sid) }),
  });
}
