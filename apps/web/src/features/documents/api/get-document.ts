import { getDocument } from '@cairn/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function documentQuery(documentId: string) {
  return queryOptions({
    queryKey: ['document', documentId],
    queryFn: async ({ signal }) => (await api.call(getDocument, { documentId }, { signal })).result,
  });
}

/** One document: metadata, text, the original HTML and whether a PDF exists. */
export function useDocument(documentId: string) {
  return useQuery(documentQuery(documentId));
}
