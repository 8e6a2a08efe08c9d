import { markCareGapAddressed, unmarkCareGapAddressed, type CareGapMark, type QualityInsights } from '@cairn/contracts';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionStore } from '../../../lib/session';
import { qualityInsightsKey } from './get-quality-insights';

export interface MarkInput {
  measureId: string;
  /** Marked as addressed at this visit, or the mark taken back. */
  isAddressed: boolean;
  note?: string;
}

export function markCareGapKey(sid: string) {
  return ['markCareGap', sid] as const;
}

/**
 * Marks a care gap as addressed at the visit, or takes the mark back. The change shows at once (a mark
 * by "you", pending) and is taken back when the write fails; success or failure, the gaps are read
 * again before the mutation settles, so what shows is what is stored.
 */
export function useMarkCareGap(patientId: string, sid: string) {
  const queryClient = useQueryClient();
  const queryKey = qualityInsightsKey(patientId, sid);
  return useMutation({
    mutationKey: markCareGapKey(sid),
    mutationFn: async ({ measureId, isAddressed, note }: MarkInput) =>
      isAddressed
        ? (await api.call(markCareGapAddressed, { sid, measureId, ...(note ? { note } : {}) })).result
        : (await api.call(unmarkCareGapAddressed, { sid, measureId })).result,
    onMutate: async (input): Promise<{ previous: QualityInsights | undefined }> => {
      // A reload on its way would answer from before the change and hide it.
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<QualityInsights>(queryKey);
      queryClient.setQueryData<QualityInsights>(queryKey, (cached) => cached && withMark(cached, input));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** The gaps with the input's mark shown: a mark by the user, not yet sent; or none. */
function withMark(data: QualityInsights, input: MarkInput): QualityInsights {
  const mark: CareGapMark | null = input.isAddressed
    ? {
        measureId: input.measureId,
        // The server's answer brings the user's id; until then only the name shows.
        markedBy: { userId: '', name: sessionStore.getState().userFullName ?? 'you' },
        markedAt: new Date().toISOString(),
        ...(input.note ? { note: input.note } : {}),
        send: { status: 'pending' },
      }
    : null;
  return {
    ...data,
    gaps: data.gaps.map((gap) => (gap.measureId === input.measureId ? { ...gap, mark } : gap)),
  };
}

/** The measures whose marks are on their way to the server. */
export function usePendingMarks(sid: string | undefined): ReadonlySet<string> {
  const pending = useMutationState({
    filters: { mutationKey: markCareGapKey(sid ?? ''), status: 'pending' },
    select: (mutation) => (mutation.state.variables as MarkInput | undefined)?.measureId ?? '',
  });
  return new Set(pending);
}
