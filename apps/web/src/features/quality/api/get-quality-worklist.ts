import { getQualityWorklist, type EndpointInput, type QualityWorklistRow } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type WorklistInput = EndpointInput<typeof getQualityWorklist>;
export interface WorklistPage {
  rows: QualityWorklistRow[];
  total: number;
  page: number;
  pageSize: number;
}

export function qualityWorklistQuery(input: WorklistInput) {
  return queryOptions({
    queryKey: ['quality', 'worklist', input],
    queryFn: async ({ signal }): Promise<WorklistPage> =>
      (await api.call(getQualityWorklist, input, { signal })).result,
  });
}

/**
 * A page of the worklist for the filters, order and page; the page before stays on screen while the
 * next loads. Every read is audited by the server, so it is not asked again on focus.
 */
export function useQualityWorklist(input: WorklistInput): UseQueryResult<WorklistPage> {
  return useQuery({ ...qualityWorklistQuery(input), placeholderData: keepPreviousData, refetchOnWindowFocus: false });
}
