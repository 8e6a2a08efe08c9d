import { addSummaryInsightActions, type DxCaptureData, type DxItem, type EndpointInput } from '@cairn/contracts';
import { useMutation, useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { decodeToken } from '../../../lib/jwt';
import { sessionStore } from '../../../lib/session';
import { decidedItem, itemsWithCodes, withItems, type Decider } from '../utils/optimistic-decisions';
import { dxCaptureDataKey } from './get-dx-capture-data';

export type InsightActionsInput = Omit<EndpointInput<typeof addSummaryInsightActions>, 'sid'>;

export function insightActionsKey(sid: string) {
  return ['addSummaryInsightActions', sid] as const;
}

/** How to take back each input's decisions shown before the server answered. */
const rollBacks = new WeakMap<InsightActionsInput, () => void>();

/**
 * Records decisions (or a coder's scrub). Decisions shown at once ({@link showDecisionsAtOnce}) are
 * taken back when the write fails (a 409 included: the reload then shows the other person's decision).
 * Success or failure, the summary is fetched again before the mutation settles, so the item never
 * shows "Saved" over a stale decision.
 */
export function useAddSummaryInsightActions(sid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: insightActionsKey(sid),
    mutationFn: async (input: InsightActionsInput) =>
      (await api.call(addSummaryInsightActions, { sid, ...input })).result,
    onError: (_error, input) => rollBacks.get(input)?.(),
    onSettled: (_result, _error, input) => {
      rollBacks.delete(input);
      return queryClient.invalidateQueries({ queryKey: dxCaptureDataKey(sid) });
    },
  });
}

/**
 * Shows the input's decisions in every cached form of the visit's summary now, before the write: call
 * it with the very input then given to `mutate`, inside one `notifyManager.batch` with it, so that one
 * render shows the decision and its pending state together.
 */
export function showDecisionsAtOnce(queryClient: QueryClient, sid: string, input: InsightActionsInput): void {
  rollBacks.set(input, showDecisions(queryClient, sid, input));
}

/**
 * Puts the decisions in the cached summaries (grouped and not) and answers how to take them out again:
 * each item goes back to what it was, unless something newer (a reload) has replaced it meanwhile.
 */
function showDecisions(queryClient: QueryClient, sid: string, input: InsightActionsInput): () => void {
  const queryKey = dxCaptureDataKey(sid);
  const codes = input.actions.map((action) => action.icdCode);
  // A reload on its way would answer from before the decision and hide it.
  void queryClient.cancelQueries({ queryKey });
  const now = new Date();
  const shown = new Map<DxItem, DxItem>();
  queryClient.setQueriesData<DxCaptureData>({ queryKey }, (cached) => {
    if (!cached) return cached;
    const decided = itemsWithCodes(cached, codes).flatMap((item) => {
      const action = input.actions.find((candidate) => candidate.icdCode === item.icdCode);
      if (!action) return [];
      const decision = decidedItem(item, action, deciderOn(cached), now);
      shown.set(decision, item);
      return [decision];
    });
    return withItems(cached, decided) ?? cached;
  });
  return () => {
    queryClient.setQueriesData<DxCaptureData>({ queryKey }, (cached) => {
      if (!cached) return cached;
      const previous = itemsWithCodes(cached, codes).flatMap((item) => {
        const before = shown.get(item);
        return before ? [before] : [];
      });
      return withItems(cached, previous) ?? cached;
    });
  };
}

/** The signed-in user, as the server will name them on the decision. */
function deciderOn(data: DxCaptureData): Decider {
  const { token, userFullName } = sessionStore.getState();
  let userId = '';
  try {
    userId = token ? (decodeToken<{ sub?: string }>(token).sub ?? '') : '';
  } catch {
    // Only the name is shown; the server's answer brings the id.
  }
  return { userId, name: userFullName ?? '', role: data.role };
}

/** The codes whose decisions are on their way to the server, from any component of the tab. */
export function usePendingDecisionCodes(sid: string): ReadonlySet<string> {
  const pending = useMutationState({
    filters: { mutationKey: insightActionsKey(sid), status: 'pending' },
    select: (mutation) => (mutation.state.variables as InsightActionsInput | undefined)?.actions ?? [],
  });
  return new Set(pending.flat().map((action) => action.icdCode));
}
