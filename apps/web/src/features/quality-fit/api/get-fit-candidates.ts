import { getFitCandidates, type EndpointInput, type FitCandidate } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type FitCandidatesInput = EndpointInput<typeof getFitCandidates>;
export interface FitCandidatesPage {
  rows: FitCandidate[];
  total: number;
  page: number;
  pageSize: number;
}

export const FIT_CANDIDATES_KEY = ['quality', 'fit', 'candidates'] as const;

export function fitCandidatesQuery(input: FitCandidatesInput) {
  return queryOptions({
    queryKey: [...FIT_CANDIDATES_KEY, input],
    queryFn: async ({ signal }): Promise<FitCandidatesPage> =>
      (await api.call(getFitCandidates, input, { signal })).result,
  });
}

/** A page of the patients with an open CMS130 gap to invite; every read is audited, so not asked again on focus. */
export function useFitCandidates(input: FitCandidatesInput): UseQueryResult<FitCandidatesPage> {
  return useQuery({ ...fitCandidatesQuery(input), placeholderData: keepPreviousData, refetchOnWindowFocus: false });
}
