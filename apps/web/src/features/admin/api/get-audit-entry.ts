import { getAuditEntry, type AuditEntryDetail } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { AuditEntryDetail };

export function auditEntryQuery(id: string) {
  return queryOptions({
    queryKey: ['admin', 'audit', 'entry', id],
    queryFn: async ({ signal }): Promise<AuditEntryDetail> =>
      (await api.call(getAuditEntry, { id }, { signal })).result,
    // An entry never changes once written.
    staleTime: Infinity,
  });
}

/** One audit entry with its details, asked once the drawer opens on it (`id` set). */
export function useAuditEntry(id: string | undefined): UseQueryResult<AuditEntryDetail> {
  return useQuery({ ...auditEntryQuery(id ?? ''), enabled: id !== undefined });
}
