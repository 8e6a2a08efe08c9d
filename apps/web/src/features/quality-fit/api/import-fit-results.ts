import { importFitResults, type FitImportRow } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FIT_BATCHES_KEY } from './list-fit-batches';
import { FIT_CANDIDATES_KEY } from './get-fit-candidates';
import { FIT_KITS_KEY } from './list-fit-kits';

export interface FitImportReport {
  rows: FitImportRow[];
  counts: { matched: number; stored: number; noPatient: number; ambiguous: number; invalid: number };
}

/** A results file of thousands of lines takes a while to store. */
const IMPORT_TIMEOUT_MS = 120_000;

/** Sends the lab's results file; the kits and the patients to invite are asked again. */
export function useImportFitResults() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (csv: string): Promise<FitImportReport> =>
      (await api.call(importFitResults, { csv }, { timeoutMs: IMPORT_TIMEOUT_MS })).result,
    onSuccess: () =>
      Promise.all(
        [FIT_KITS_KEY, FIT_BATCHES_KEY, FIT_CANDIDATES_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
