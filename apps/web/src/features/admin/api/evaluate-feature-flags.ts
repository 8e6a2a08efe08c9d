import { evaluateFeatureFlags, type EndpointResponse } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FEATURE_FLAGS_KEY } from './list-feature-flags';

export type UserFlagEvaluation = EndpointResponse<typeof evaluateFeatureFlags>['result'];

export function featureFlagEvaluationQuery(userId: string) {
  return queryOptions({
    queryKey: [...FEATURE_FLAGS_KEY, 'evaluation', userId],
    queryFn: async ({ signal }): Promise<UserFlagEvaluation> =>
      (await api.callKeepingKeys(evaluateFeatureFlags, { userId }, { signal })).result,
  });
}

/** Every flag as one user of the organisation gets it, with the rule that matched; nothing until a user is chosen. */
export function useFeatureFlagEvaluation(userId: string | undefined): UseQueryResult<UserFlagEvaluation> {
  return useQuery({ ...featureFlagEvaluationQuery(userId ?? ''), enabled: userId !== undefined });
}
