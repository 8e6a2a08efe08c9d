import { getDocuments, type DocumentFilters } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { DocumentFilters };

/** A patient's documents (newest first) with the filter values present among them. */
export function documentsQuery(patientId: string, filters: DocumentFilters) {
  return queryOptions({
    queryKey: ['documents', patientId, filters],
    queryFn: async ({ signal }) =>
      (await api.call(getDocuments, { cairnPatientId: patientId, filters }, { signal })).result,
  });
}

export function useDocuments(patientId: string, filters: DocumentFilters) {
  // The facets stay on screen while a new filter loads.
  return useQuery({ ...documentsQuery(patientId, filters), placeholderData: keepPreviousData });
}
