import { listFitKits, type EndpointInput, type FitKit, type FitKitCounts } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type FitKitsInput = EndpointInput<typeof listFitKits>;
export interface FitKitsPage {
  rows: FitKit[];
  total: number;
  counts: FitKitCounts;
  page: number;
  pageSize: number;
}

export const FIT_KITS_KEY = ['quality', 'fit', 'kits'] as const;

export function fitKitsQuery(input: FitKitsInput) {
  return queryOptions({
    queryKey: [...FIT_KITS_KEY, input],
    queryFn: async ({ signal }): Promise<FitKitsPage> => (await api.call(listFitKits, input, { signal })).result,
  });
}

/** A page of the kits with their counts per state; audited by the server, so not asked again on focus. */
export function useFitKits(input: FitKitsInput): UseQueryResult<FitKitsPage> {
  return useQuery({ ...fitKitsQuery(input), placeholderData: keepPreviousData, refetchOnWindowFocus: false });
}
