import { listOrganisationDepartments, type EndpointInput, type EndpointResponse } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type OrganisationDepartmentsQuery = EndpointInput<typeof listOrganisationDepartments>;
export type OrganisationDepartmentsPage = EndpointResponse<typeof listOrganisationDepartments>['result'];

/** Every cached page of the organisation's departments: what a change to one invalidates. */
export const ORGANISATION_DEPARTMENTS_KEY = ['admin', 'organisation', 'departments'] as const;

export function organisationDepartmentsQuery(query: OrganisationDepartmentsQuery) {
  return queryOptions({
    queryKey: [...ORGANISATION_DEPARTMENTS_KEY, query],
    queryFn: async ({ signal }): Promise<OrganisationDepartmentsPage> =>
      (await api.call(listOrganisationDepartments, query, { signal })).result,
  });
}

/** A page of the organisation's departments; the previous page stays on screen while the next loads. */
export function useOrganisationDepartments(
  query: OrganisationDepartmentsQuery,
): UseQueryResult<OrganisationDepartmentsPage> {
  return useQuery({ ...organisationDepartmentsQuery(query), placeholderData: keepPreviousData });
}
