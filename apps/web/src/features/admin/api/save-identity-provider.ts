import {
  createIdentityProvider,
  deleteIdentityProvider,
  setIdentityProviderEnabled,
  updateIdentityProvider,
  type EndpointInput,
  type IdentityProvider,
  type IdentityProviderSummary,
} from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { IDENTITY_PROVIDERS_KEY } from './list-identity-providers';

export type NewIdentityProviderInput = EndpointInput<typeof createIdentityProvider>;
export type IdentityProviderChangesInput = EndpointInput<typeof updateIdentityProvider>;
/** A provider's settings as its form sends them, for a new provider or a change. */
export type IdentityProviderInput = Omit<NewIdentityProviderInput, 'providerId' | 'isEnabled'>;

/** Adds an identity provider (with the id it was prepared with), or changes one (a secret left out is kept). */
export function useSaveIdentityProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      input: { isNew: true; body: NewIdentityProviderInput } | { isNew: false; body: IdentityProviderChangesInput },
    ): Promise<IdentityProvider> =>
      input.isNew
        ? (await api.call(createIdentityProvider, input.body)).result
        : (await api.call(updateIdentityProvider, input.body)).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IDENTITY_PROVIDERS_KEY }),
  });
}

/** Enables or disables an identity provider. */
export function useSetIdentityProviderEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { providerId: string; isEnabled: boolean }): Promise<IdentityProviderSummary> =>
      (await api.call(setIdentityProviderEnabled, input)).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IDENTITY_PROVIDERS_KEY }),
  });
}

/** Removes an identity provider: its users sign in through another, or with a password. */
export function useDeleteIdentityProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (providerId: string): Promise<true> =>
      (await api.call(deleteIdentityProvider, { providerId })).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IDENTITY_PROVIDERS_KEY }),
  });
}
