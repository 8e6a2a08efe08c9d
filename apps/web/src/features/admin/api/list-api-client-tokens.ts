import { listApiClientTokens, type ApiClientTokenSummary } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Every cached read of the API clients section: what its changes invalidate. */
export const API_CLIENTS_KEY = ['admin', 'api-clients'] as const;

export function apiClientTokensQuery() {
  return queryOptions({
    queryKey: [...API_CLIENTS_KEY, 'tokens'],
    queryFn: async ({ signal }): Promise<ApiClientTokenSummary[]> =>
      (await api.call(listApiClientTokens, {}, { signal })).result.tokens,
  });
}

/** The organisation's API client tokens, newest first: never the tokens themselves. */
export function useApiClientTokens(): UseQueryResult<ApiClientTokenSummary[]> {
  return useQuery(apiClientTokensQuery());
}
