import { listOrganisationProviders, type EndpointInput, type EndpointResponse } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type OrganisationProvidersQuery = EndpointInput<typeof listOrganisationProviders>;
export type OrganisationProvidersPage = EndpointResponse<typeof listOrganisationProviders>['result'];

/** Every cached page of the organisation's providers: what a change to one invalidates. */
export const ORGANISATION_PROVIDERS_KEY = ['admin', 'organisation', 'providers'] as const;

export function organisationProvidersQuery(query: OrganisationProvidersQuery) {
  return queryOptions({
    queryKey: [...ORGANISATION_PROVIDERS_KEY, query],
    queryFn: async ({ signal }): Promise<OrganisationProvidersPage> =>
      (await api.call(listOrganisationProviders, query, { signal })).result,
  });
}

/** A page of the organisation's providers; the previous page stays on screen while the next loads. */
export function useOrganisationProviders(query: OrganisationProvidersQuery): UseQueryResult<OrganisationProvidersPage> {
  return useQuery({ ...organisationProvidersQuery(query), placeholderData: keepPreviousData });
}
