import { getOrganisationSettings, type OrganisationSettings } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** What a change to the organisation's settings invalidates. */
export const ORGANISATION_SETTINGS_KEY = ['admin', 'organisation', 'settings'] as const;

export function organisationSettingsQuery() {
  return queryOptions({
    queryKey: ORGANISATION_SETTINGS_KEY,
    queryFn: async ({ signal }): Promise<OrganisationSettings> =>
      (await api.call(getOrganisationSettings, {}, { signal })).result,
  });
}

/** The organisation's risk model per payment year, tabs shown, overlay-only view and OrganizationQuality. */
export function useOrganisationSettings(): UseQueryResult<OrganisationSettings> {
  return useQuery(organisationSettingsQuery());
}
