import { updateSummaryInsightsNotes, type EndpointInput } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dxCaptureDataKey } from './get-dx-capture-data';

export type InsightNoteInput = Omit<EndpointInput<typeof updateSummaryInsightsNotes>, 'sid'>;

/** Changes a decision's note; `prevNote` is the note the user saw, so a note changed meanwhile is a conflict. */
export function useUpdateSummaryInsightsNotes(sid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: InsightNoteInput) =>
      (await api.call(updateSummaryInsightsNotes, { sid, ...input })).result,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dxCaptureDataKey(sid) }),
  });
}
