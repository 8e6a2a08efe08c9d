import { revertOrganisationClinicField, type AdminClinic, type EndpointInput } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORGANISATION_CLINICS_KEY } from './list-organisation-clinics';
import { ORGANISATION_DEPARTMENTS_KEY } from './list-organisation-departments';
import { ORGANISATION_PROVIDERS_KEY } from './list-organisation-providers';

export type RevertClinicFieldInput = EndpointInput<typeof revertOrganisationClinicField>;

/** "Use the EHR's value": gives a clinic's field edited in Cairn back to the EHR sync; the lists are refetched. */
export function useRevertOrganisationClinicField() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RevertClinicFieldInput): Promise<AdminClinic> =>
      (await api.call(revertOrganisationClinicField, input)).result,
    onSuccess: () =>
      Promise.all(
        [ORGANISATION_CLINICS_KEY, ORGANISATION_DEPARTMENTS_KEY, ORGANISATION_PROVIDERS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
