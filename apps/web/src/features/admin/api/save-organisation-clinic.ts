import { saveOrganisationClinic, type AdminClinic, type EndpointInput } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORGANISATION_CLINICS_KEY } from './list-organisation-clinics';
import { ORGANISATION_DEPARTMENTS_KEY } from './list-organisation-departments';
import { ORGANISATION_PROVIDERS_KEY } from './list-organisation-providers';

export type ClinicInput = EndpointInput<typeof saveOrganisationClinic>;

/** Renames a clinic (clinicId given) or adds one by hand; the lists that show its name are refetched. */
export function useSaveOrganisationClinic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ClinicInput): Promise<AdminClinic> =>
      (await api.call(saveOrganisationClinic, input)).result,
    onSuccess: () =>
      Promise.all(
        [ORGANISATION_CLINICS_KEY, ORGANISATION_DEPARTMENTS_KEY, ORGANISATION_PROVIDERS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
