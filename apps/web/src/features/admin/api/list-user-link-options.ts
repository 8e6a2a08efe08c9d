import { listUserLinkOptions, type EndpointResponse } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type UserLinkOptions = EndpointResponse<typeof listUserLinkOptions>['result'];

export function userLinkOptionsQuery() {
  return queryOptions({
    queryKey: ['admin', 'userLinkOptions'],
    queryFn: async ({ signal }): Promise<UserLinkOptions> =>
      (await api.call(listUserLinkOptions, {}, { signal })).result,
    staleTime: 60_000,
  });
}

/** The organisation's clinics and EHR providers, for the user form's links. */
export function useUserLinkOptions(): UseQueryResult<UserLinkOptions> {
  return useQuery(userLinkOptionsQuery());
}
