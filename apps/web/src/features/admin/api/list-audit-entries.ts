import { listAuditEntries, type AuditEntrySummary, type EndpointInput } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { AuditEntrySummary };
export type AuditListInput = EndpointInput<typeof listAuditEntries>;
export interface AuditPage {
  entries: AuditEntrySummary[];
  nextCursor: string | null;
}

export function auditEntriesQuery(input: AuditListInput) {
  return queryOptions({
    queryKey: ['admin', 'audit', 'entries', input],
    queryFn: async ({ signal }): Promise<AuditPage> => (await api.call(listAuditEntries, input, { signal })).result,
  });
}

/**
 * A page of the audit log (newest first) for the filters and cursor; the page before stays on screen while
 * the next loads. Each read is audited by the server, so it is not asked again on focus.
 */
export function useAuditEntries(input: AuditListInput): UseQueryResult<AuditPage> {
  return useQuery({ ...auditEntriesQuery(input), placeholderData: keepPreviousData, refetchOnWindowFocus: false });
}
