import { addSummaryInsightActions, type EndpointInput } from '@cairn/contracts';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dxCaptureDataKey } from './get-dx-capture-data';

export type InsightActionsInput = Omit<EndpointInput<typeof addSummaryInsightActions>, 'sid'>;

export function insightActionsKey(sid: string) {
  return ['addSummaryInsightActions', sid] as const;
}

/**
 * Records decisions (or a coder's scrub). Success or conflict, the summary is fetched again before
 * the mutation settles, so the item never shows "Saved" over a stale decision.
 */
export function useAddSummaryInsightActions(sid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: insightActionsKey(sid),
    mutationFn: async (input: InsightActionsInput) =>
      (await api.call(addSummaryInsightActions, { sid, ...input })).result,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dxCaptureDataKey(sid) }),
  });
}

/** The codes whose decisions are on their way to the server, from any component of the tab. */
export function usePendingDecisionCodes(sid: string): ReadonlySet<string> {
  const pending = useMutationState({
    filters: { mutationKey: insightActionsKey(sid), status: 'pending' },
    select: (mutation) => (mutation.state.variables as InsightActionsInput | undefined)?.actions ?? [],
  });
  return new Set(pending.flat().map((action) => action.icdCode));
}
