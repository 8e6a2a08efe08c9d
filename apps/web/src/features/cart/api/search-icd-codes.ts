import { getICDData, type IcdSearchResult } from '@cairn/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { IcdSearchResult };

/** getICDData refuses fewer characters (spec §5); the wizard does not ask before then. */
export const ICD_SEARCH_MIN_LENGTH = 2;

export function icdSearchQuery(sid: string, searchText: string) {
  return queryOptions({
    queryKey: ['icdSearch', sid, searchText],
    queryFn: async ({ signal }): Promise<IcdSearchResult[]> => {
      try {
        return (await api.call(getICDData, { sid, searchText }, { signal })).result;
      } catch (error) {
        // A search the user has moved on from is cancelled, not answered.
        if (signal.aborted) throw error;
        // Spec §8: a failed getICDData answers an empty list.
        return [];
      }
    },
    staleTime: 60_000,
  });
}

/** The codes matching the typed text, asked only once it has at least two characters. */
export function useIcdSearch(sid: string, searchText: string) {
  const text = searchText.trim();
  return useQuery({ ...icdSearchQuery(sid, text), enabled: text.length >= ICD_SEARCH_MIN_LENGTH });
}
