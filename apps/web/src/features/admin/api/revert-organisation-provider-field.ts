import { revertOrganisationProviderField, type AdminProvider, type EndpointInput } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORGANISATION_CLINICS_KEY } from './list-organisation-clinics';
import { ORGANISATION_DEPARTMENTS_KEY } from './list-organisation-departments';
import { ORGANISATION_PROVIDERS_KEY } from './list-organisation-providers';

export type RevertProviderFieldInput = EndpointInput<typeof revertOrganisationProviderField>;

/** "Use the EHR's value": gives a provider's field edited in Cairn back to the EHR sync; the lists are refetched. */
export function useRevertOrganisationProviderField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RevertProviderFieldInput): Promise<AdminProvider> =>
      (await api.call(revertOrganisationProviderField, input)).result,
    onSuccess: () =>
      Promise.all(
        [ORGANISATION_CLINICS_KEY, ORGANISATION_DEPARTMENTS_KEY, ORGANISATION_PROVIDERS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
