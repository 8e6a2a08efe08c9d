import { getSummaryNotifications, type SummaryNotification } from '@cairn/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { SummaryNotification };

export const summaryNotificationsKey = (sid: string) => ['summaryNotifications', sid] as const;

/** Updates arrive as the pipeline reruns: looked at again every minute while the summary is open. */
const REFETCH_MS = 60_000;

export function summaryNotificationsQuery(sid: string) {
  return queryOptions({
    queryKey: summaryNotificationsKey(sid),
    queryFn: async (): Promise<SummaryNotification[]> => {
      const { result } = await api.call(
        getSummaryNotifications,
        { id: sid },
        { cancelKey: `getSummaryNotifications:${sid}` },
      );
      return result;
    },
    refetchInterval: REFETCH_MS,
  });
}

export function useSummaryNotifications(sid: string) {
  return useQuery(summaryNotificationsQuery(sid));
}
