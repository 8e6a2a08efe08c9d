import {
  deleteIdentityProvider,
  setIdentityProvider,
  type EndpointInput,
  type IdentityProvider,
} from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { IDENTITY_PROVIDER_KEY } from './get-identity-provider';

export type IdentityProviderInput = EndpointInput<typeof setIdentityProvider>;

/** Sets the organisation's identity provider (a secret left out is kept). */
export function useSaveIdentityProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: IdentityProviderInput): Promise<IdentityProvider> =>
      (await api.call(setIdentityProvider, input)).result,
    onSuccess: (provider) => queryClient.setQueryData(IDENTITY_PROVIDER_KEY, provider),
  });
}

/** Removes the organisation's identity provider: single sign-on stops. */
export function useDeleteIdentityProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<true> => (await api.call(deleteIdentityProvider, {})).result,
    onSuccess: () => queryClient.setQueryData(IDENTITY_PROVIDER_KEY, null),
  });
}
