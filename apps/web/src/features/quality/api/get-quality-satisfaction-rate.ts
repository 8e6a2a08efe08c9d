import { getQualitySatisfactionRate, type EndpointInput, type EndpointResponse } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type QualityRatesInput = EndpointInput<typeof getQualitySatisfactionRate>;
export type QualityRates = EndpointResponse<typeof getQualitySatisfactionRate>['result'];

/** Every query of the rates: a target set changes them all. */
export const QUALITY_RATES_KEY = ['quality', 'satisfaction-rate'] as const;

export function qualityRatesQuery(input: QualityRatesInput) {
  return queryOptions({
    queryKey: [...QUALITY_RATES_KEY, input],
    queryFn: async ({ signal }): Promise<QualityRates> =>
      (await api.call(getQualitySatisfactionRate, input, { signal })).result,
    staleTime: 60_000,
  });
}

/**
 * The measures' performance rates in the grouping, with their targets (numbers only); asked for once a
 * measure is chosen (`isEnabled`).
 */
export function useQualityRates(input: QualityRatesInput, isEnabled = true): UseQueryResult<QualityRates> {
  return useQuery({ ...qualityRatesQuery(input), placeholderData: keepPreviousData, enabled: isEnabled });
}
