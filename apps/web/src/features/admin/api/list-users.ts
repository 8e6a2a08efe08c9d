import { listUsers, type EndpointInput, type EndpointResponse } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type UsersQuery = EndpointInput<typeof listUsers>;
export type UsersPage = EndpointResponse<typeof listUsers>['result'];

/** Every cached page of the users list: what a change to an account invalidates. */
export const USERS_KEY = ['admin', 'users'] as const;

export function usersQuery(query: UsersQuery) {
  return queryOptions({
    queryKey: [...USERS_KEY, query],
    queryFn: async ({ signal }): Promise<UsersPage> => (await api.call(listUsers, query, { signal })).result,
  });
}

/** A page of the organisation's users; the previous page stays on screen while the next loads. */
export function useUsers(query: UsersQuery): UseQueryResult<UsersPage> {
  return useQuery({ ...usersQuery(query), placeholderData: keepPreviousData });
}
