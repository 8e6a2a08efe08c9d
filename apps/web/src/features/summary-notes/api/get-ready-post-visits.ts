import { getReadyPostVisits, type ReadyPostVisit } from '@cairn/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { ReadyPostVisit };

export const readyPostVisitsKey = ['readyPostVisits'] as const;

const REFETCH_MS = 5 * 60_000;

export const readyPostVisitsQuery = queryOptions({
  queryKey: readyPostVisitsKey,
  queryFn: async (): Promise<ReadyPostVisit[]> => {
    const { result } = await api.call(getReadyPostVisits, {}, { cancelKey: 'getReadyPostVisits' });
    return result;
  },
  refetchInterval: REFETCH_MS,
});

export function useReadyPostVisits() {
  return useQuery(readyPostVisitsQuery);
}
