import { listScimGroups, type ScimGroupSummary } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { SCIM_KEY } from './list-scim-tokens';

export function scimGroupsQuery() {
  return queryOptions({
    queryKey: [...SCIM_KEY, 'groups'],
    queryFn: async ({ signal }): Promise<ScimGroupSummary[]> =>
      (await api.call(listScimGroups, {}, { signal })).result.groups,
  });
}

/** The groups the identity provider pushed, with their member counts and what they give their members. */
export function useScimGroups(): UseQueryResult<ScimGroupSummary[]> {
  return useQuery(scimGroupsQuery());
}
