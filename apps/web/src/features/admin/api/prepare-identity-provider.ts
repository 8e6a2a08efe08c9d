import { prepareIdentityProvider, type IdentityProviderRegistration } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface PreparedIdentityProvider {
  providerId: string;
  registration: IdentityProviderRegistration;
}

export function preparedIdentityProviderQuery() {
  return queryOptions({
    queryKey: ['admin', 'preparedIdentityProvider'],
    queryFn: async ({ signal }): Promise<PreparedIdentityProvider> =>
      (await api.call(prepareIdentityProvider, {}, { signal })).result,
    // The id stays while the new provider's form is open: its IdP may already be registered with it.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** A new provider's id and what its IdP registers for Cairn, before the provider is created. */
export function usePreparedIdentityProvider(): UseQueryResult<PreparedIdentityProvider> {
  return useQuery(preparedIdentityProviderQuery());
}
