import { listScimTokens, type ScimTokenSummary } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Every cached read of the SCIM screen (tokens and groups): what its changes invalidate. */
export const SCIM_KEY = ['admin', 'scim'] as const;

export function scimTokensQuery() {
  return queryOptions({
    queryKey: [...SCIM_KEY, 'tokens'],
    queryFn: async ({ signal }): Promise<ScimTokenSummary[]> =>
      (await api.call(listScimTokens, {}, { signal })).result.tokens,
  });
}

/** The organisation's SCIM tokens, newest first: never the tokens themselves (issue 17 item 7). */
export function useScimTokens(): UseQueryResult<ScimTokenSummary[]> {
  return useQuery(scimTokensQuery());
}
