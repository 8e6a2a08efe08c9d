import { searchInOpenSearch } from '@cairn/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Spec §4: a newer document search cancels the older one still pending (NewerRequestArrived). */
export const DOCUMENT_SEARCH_CANCEL_KEY = 'searchInOpenSearch';

export function documentSearchQuery(patientId: string, searchTerm: string) {
  return queryOptions({
    queryKey: ['documents', patientId, 'search', searchTerm],
    queryFn: async ({ signal }) =>
      (
        await api.call(
          searchInOpenSearch,
          { searchTerm, NID: patientId },
          { signal, cancelKey: DOCUMENT_SEARCH_CANCEL_KEY },
        )
      ).result.hits,
  });
}

/** Searches once the term has words; an empty term is no search at all. */
export function useDocumentSearch(patientId: string, searchTerm: string) {
  const term = searchTerm.trim();
  return useQuery({ ...documentSearchQuery(patientId, term), enabled: term.length > 0 });
}
