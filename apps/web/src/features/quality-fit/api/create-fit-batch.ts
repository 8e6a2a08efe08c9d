import { createFitBatch, type EndpointInput, type FitBatch } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FIT_BATCHES_KEY } from './list-fit-batches';
import { FIT_CANDIDATES_KEY } from './get-fit-candidates';
import { FIT_KITS_KEY } from './list-fit-kits';

/** Mails a batch: a kit per patient; the patients to invite, the kits and the batches are asked again. */
export function useCreateFitBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EndpointInput<typeof createFitBatch>): Promise<FitBatch> =>
      (await api.call(createFitBatch, input)).result,
    onSuccess: () =>
      Promise.all(
        [FIT_CANDIDATES_KEY, FIT_KITS_KEY, FIT_BATCHES_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
