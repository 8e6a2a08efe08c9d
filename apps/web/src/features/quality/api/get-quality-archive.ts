import { getQualityArchive, type EndpointInput, type QualityArchiveRow } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type QualityArchiveInput = EndpointInput<typeof getQualityArchive>;
export interface QualityArchivePage {
  rows: QualityArchiveRow[];
  total: number;
  page: number;
  pageSize: number;
}

export function qualityArchiveQuery(input: QualityArchiveInput) {
  return queryOptions({
    queryKey: ['quality', 'archive', input],
    queryFn: async ({ signal }): Promise<QualityArchivePage> =>
      (await api.call(getQualityArchive, input, { signal })).result,
  });
}

/** A page of the closed and excluded gaps, latest first (audited by the server, so not asked again on focus). */
export function useQualityArchive(input: QualityArchiveInput): UseQueryResult<QualityArchivePage> {
  return useQuery({ ...qualityArchiveQuery(input), placeholderData: keepPreviousData, refetchOnWindowFocus: false });
}
