import { getIdentityProvider, type IdentityProvider } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { IDENTITY_PROVIDERS_KEY } from './list-identity-providers';

export function identityProviderQuery(providerId: string) {
  return queryOptions({
    queryKey: [...IDENTITY_PROVIDERS_KEY, 'provider', providerId],
    queryFn: async ({ signal }): Promise<IdentityProvider> =>
      (await api.call(getIdentityProvider, { providerId }, { signal })).result,
  });
}

/** One identity provider of the organisation, without its secret, with what to register at it. */
export function useIdentityProvider(providerId: string): UseQueryResult<IdentityProvider> {
  return useQuery(identityProviderQuery(providerId));
}
