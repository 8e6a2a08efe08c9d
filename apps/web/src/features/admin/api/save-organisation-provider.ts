import { saveOrganisationProvider, type AdminProvider, type EndpointInput } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORGANISATION_DEPARTMENTS_KEY } from './list-organisation-departments';
import { ORGANISATION_PROVIDERS_KEY } from './list-organisation-providers';

export type ProviderInput = EndpointInput<typeof saveOrganisationProvider>;

/** Edits a provider's names, credentials, NPI and department (providerId given) or adds one by hand. */
export function useSaveOrganisationProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProviderInput): Promise<AdminProvider> =>
      (await api.call(saveOrganisationProvider, input)).result,
    onSuccess: () =>
      Promise.all(
        [ORGANISATION_DEPARTMENTS_KEY, ORGANISATION_PROVIDERS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
