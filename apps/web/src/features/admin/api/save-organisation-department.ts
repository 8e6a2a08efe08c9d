import { saveOrganisationDepartment, type AdminDepartment, type EndpointInput } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ORGANISATION_CLINICS_KEY } from './list-organisation-clinics';
import { ORGANISATION_DEPARTMENTS_KEY } from './list-organisation-departments';
import { ORGANISATION_PROVIDERS_KEY } from './list-organisation-providers';

export type DepartmentInput = EndpointInput<typeof saveOrganisationDepartment>;

/** Renames or moves a department (departmentId given) or adds one to a clinic by hand. */
export function useSaveOrganisationDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DepartmentInput): Promise<AdminDepartment> =>
      (await api.call(saveOrganisationDepartment, input)).result,
    onSuccess: () =>
      Promise.all(
        [ORGANISATION_CLINICS_KEY, ORGANISATION_DEPARTMENTS_KEY, ORGANISATION_PROVIDERS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
