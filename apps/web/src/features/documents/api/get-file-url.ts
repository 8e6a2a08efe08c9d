import { FILE_URL_LIFETIME_SECONDS, getFileURL } from '@cairn/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { env } from '../../../config/env';
import { api } from '../../../lib/api';

/** The server answers a path on its own origin; the API may live on another one than the page. */
export function resolveFileUrl(url: string): string {
  return new URL(url, new URL(env.apiUrl, window.location.href)).href;
}

export function fileUrlQuery(documentId: string) {
  return queryOptions({
    queryKey: ['document', documentId, 'fileUrl'],
    queryFn: async ({ signal }) => {
      const { result } = await api.call(getFileURL, { id: documentId }, { signal });
      return resolveFileUrl(result.url);
    },
    // A new link would reload an open PDF, so an open viewer keeps its link; once closed, the link is
    // forgotten well before it expires and the next opening asks for a new one.
    staleTime: Infinity,
    gcTime: (FILE_URL_LIFETIME_SECONDS - 60) * 1000,
  });
}

/** A short-lived signed link to the document's original file (spec §7 getFileURL). */
export function useFileUrl(documentId: string, enabled = true) {
  return useQuery({ ...fileUrlQuery(documentId), enabled });
}
