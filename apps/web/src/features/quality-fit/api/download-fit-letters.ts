import { getFitLetters } from '@cairn/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { downloadBase64File } from '../utils/download-file';

/** A large batch's letters take a while to make: longer than a page's call may. */
const LETTERS_TIMEOUT_MS = 120_000;

/** Downloads a batch's letters as one PDF (one letter a page); answers how many pages it holds. */
export function useDownloadFitLetters() {
  return useMutation({
    mutationFn: async (batchId: string): Promise<{ pages: number }> => {
      const letters = (await api.call(getFitLetters, { batchId }, { timeoutMs: LETTERS_TIMEOUT_MS })).result;
      downloadBase64File({ base64: letters.pdfBase64, contentType: letters.contentType, fileName: letters.fileName });
      return { pages: letters.pages };
    },
  });
}
