import { updateSummaryUpdateViewed } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { summaryNotificationsKey, type SummaryNotification } from './get-summary-notifications';

/** Marks an update read or unread; the list shows it at once and goes back if the server refuses. */
export function useUpdateSummaryUpdateViewed(sid: string) {
  const queryClient = useQueryClient();
  const key = summaryNotificationsKey(sid);
  return useMutation({
    mutationFn: async ({ summaryUpdateId, isRead }: { summaryUpdateId: string; isRead: boolean }) =>
      (await api.call(updateSummaryUpdateViewed, { sid, summaryUpdateId, isRead })).result,
    onMutate: async ({ summaryUpdateId, isRead }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SummaryNotification[]>(key);
      queryClient.setQueryData<SummaryNotification[]>(key, (list) =>
        list?.map((item) => (item.id === summaryUpdateId ? { ...item, isRead } : item)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      queryClient.setQueryData(key, context?.previous);
    },
  });
}
