import { listFeatureFlags, type EndpointResponse } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type FeatureFlagList = EndpointResponse<typeof listFeatureFlags>['result'];

/** Every cached read of the organisation's flags (the list and each user's evaluation): what a change invalidates. */
export const FEATURE_FLAGS_KEY = ['admin', 'featureFlags'] as const;

export function featureFlagListQuery() {
  return queryOptions({
    queryKey: [...FEATURE_FLAGS_KEY, 'list'],
    queryFn: async ({ signal }): Promise<FeatureFlagList> =>
      (await api.callKeepingKeys(listFeatureFlags, {}, { signal })).result,
  });
}

/**
 * The flags the organisation stores, and Cairn's defaults (admin tool, issue 17 item 5). Flag names and the
 * keys inside a JSON value are data, edited and sent back: every flag call here keeps the keys as sent.
 */
export function useFeatureFlagList(): UseQueryResult<FeatureFlagList> {
  return useQuery(featureFlagListQuery());
}
