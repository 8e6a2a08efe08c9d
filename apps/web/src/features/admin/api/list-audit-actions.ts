import { listAuditActions } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const auditActionsQuery = queryOptions({
  queryKey: ['admin', 'audit', 'actions'],
  queryFn: async ({ signal }): Promise<string[]> => (await api.call(listAuditActions, {}, { signal })).result.actions,
  staleTime: 5 * 60_000,
});

/** The actions the organisation's audit log holds, for the action filter. */
export function useAuditActions(): UseQueryResult<string[]> {
  return useQuery(auditActionsQuery);
}
