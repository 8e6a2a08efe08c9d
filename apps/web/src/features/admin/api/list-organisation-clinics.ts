import { listOrganisationClinics, type EndpointInput, type EndpointResponse } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type OrganisationClinicsQuery = EndpointInput<typeof listOrganisationClinics>;
export type OrganisationClinicsPage = EndpointResponse<typeof listOrganisationClinics>['result'];

/** Every cached page of the organisation's clinics: what a change to one invalidates. */
export const ORGANISATION_CLINICS_KEY = ['admin', 'organisation', 'clinics'] as const;

export function organisationClinicsQuery(query: OrganisationClinicsQuery) {
  return queryOptions({
    queryKey: [...ORGANISATION_CLINICS_KEY, query],
    queryFn: async ({ signal }): Promise<OrganisationClinicsPage> =>
      (await api.call(listOrganisationClinics, query, { signal })).result,
  });
}

/** A page of the organisation's clinics; the previous page stays on screen while the next loads. */
export function useOrganisationClinics(query: OrganisationClinicsQuery): UseQueryResult<OrganisationClinicsPage> {
  return useQuery({ ...organisationClinicsQuery(query), placeholderData: keepPreviousData });
}
