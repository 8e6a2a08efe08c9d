import { getIdentityProvider, type IdentityProvider } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { isApiError } from '../../../lib/api-error';

/** What a change to the provider invalidates. */
export const IDENTITY_PROVIDER_KEY = ['admin', 'identityProvider'] as const;

export function identityProviderQuery() {
  return queryOptions({
    queryKey: IDENTITY_PROVIDER_KEY,
    /** `null` when the organisation has no provider yet (the server's 404). */
    queryFn: async ({ signal }): Promise<IdentityProvider | null> => {
      try {
        return (await api.call(getIdentityProvider, {}, { signal })).result;
      } catch (error) {
        if (isApiError(error) && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
  });
}

/** The organisation's single sign-on identity provider, without its secret; `null` when none is set. */
export function useIdentityProvider(): UseQueryResult<IdentityProvider | null> {
  return useQuery(identityProviderQuery());
}
