import { updatePostVisitViewed } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { readyPostVisitsKey } from './get-ready-post-visits';

/** Marks a post-visit review done; the ready list is fetched again. */
export function useUpdatePostVisitViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sid, isDoneByProvider }: { sid: string; isDoneByProvider: boolean }) =>
      (await api.call(updatePostVisitViewed, { sid, isDoneByProvider })).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readyPostVisitsKey }),
  });
}
