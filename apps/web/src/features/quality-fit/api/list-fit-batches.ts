import { listFitBatches, type FitBatch } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const FIT_BATCHES_KEY = ['quality', 'fit', 'batches'] as const;

export function fitBatchesQuery() {
  return queryOptions({
    queryKey: FIT_BATCHES_KEY,
    queryFn: async ({ signal }): Promise<FitBatch[]> => (await api.call(listFitBatches, {}, { signal })).result,
  });
}

/** The batches of letters mailed, latest first, with their kits counted per state. */
export function useFitBatches(): UseQueryResult<FitBatch[]> {
  return useQuery(fitBatchesQuery());
}
