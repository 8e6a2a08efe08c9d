import { listIdentityProviders, type IdentityProviderSummary } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** What a change to any identity provider invalidates (the list, and each provider under it). */
export const IDENTITY_PROVIDERS_KEY = ['admin', 'identityProviders'] as const;

export function identityProvidersQuery() {
  return queryOptions({
    queryKey: [...IDENTITY_PROVIDERS_KEY, 'list'],
    queryFn: async ({ signal }): Promise<IdentityProviderSummary[]> =>
      (await api.call(listIdentityProviders, {}, { signal })).result.providers,
  });
}

/** The organisation's identity providers, oldest first, without secrets. */
export function useIdentityProviders(): UseQueryResult<IdentityProviderSummary[]> {
  return useQuery(identityProvidersQuery());
}
