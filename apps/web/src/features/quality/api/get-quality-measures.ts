import { getQualityMeasures, type QualityMeasure } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const qualityMeasuresQuery = queryOptions({
  queryKey: ['quality', 'measures'],
  queryFn: async ({ signal }): Promise<QualityMeasure[]> => (await api.call(getQualityMeasures, {}, { signal })).result,
  staleTime: 60_000,
});

/** The measures of the caller's gaps with their counts per state, for the filters. */
export function useQualityMeasures(): UseQueryResult<QualityMeasure[]> {
  return useQuery(qualityMeasuresQuery);
}
