import { listUsers, type AdminUser } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** How many users the audit log's user filter offers for one search. */
const USER_CHOICES = 20;

export function auditUserOptionsQuery(search: string) {
  return queryOptions({
    queryKey: ['admin', 'audit', 'users', search],
    queryFn: async ({ signal }): Promise<AdminUser[]> =>
      (await api.call(listUsers, { search: search || undefined, pageSize: USER_CHOICES }, { signal })).result.users,
  });
}

/** The organisation's users matching a search (listUsers), asked once the picker opens (`enabled`). */
export function useAuditUserOptions(search: string, enabled: boolean): UseQueryResult<AdminUser[]> {
  return useQuery({ ...auditUserOptionsQuery(search), enabled, placeholderData: keepPreviousData });
}
