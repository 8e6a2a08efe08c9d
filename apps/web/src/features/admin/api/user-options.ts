import { listUsers, type EndpointResponse } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type UserOptionsPage = EndpointResponse<typeof listUsers>['result'];

/** How many users a picker offers for one search. */
export const USER_OPTIONS_LIMIT = 20;

export function userOptionsQuery(search: string) {
  return queryOptions({
    queryKey: ['admin', 'userOptions', search],
    queryFn: async ({ signal }): Promise<UserOptionsPage> =>
      (
        await api.call(
          listUsers,
          { search: search === '' ? undefined : search, page: 1, pageSize: USER_OPTIONS_LIMIT },
          { signal },
        )
      ).result,
  });
}

/**
 * The organisation's users matching a search, for a picker (listUsers, first page). Asked only once
 * the picker opens (`enabled`), so that a section that has one does not read the users on load.
 */
export function useUserOptions(search: string, enabled: boolean): UseQueryResult<UserOptionsPage> {
  return useQuery({ ...userOptionsQuery(search), enabled, placeholderData: keepPreviousData });
}
