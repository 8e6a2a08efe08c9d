import { updateFitKit, type EndpointInput, type FitKit } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FIT_BATCHES_KEY } from './list-fit-batches';
import { FIT_CANDIDATES_KEY } from './get-fit-candidates';
import { FIT_KITS_KEY } from './list-fit-kits';

/** Records a kit returned, lost, declined or mailed again. */
export function useUpdateFitKit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: EndpointInput<typeof updateFitKit>): Promise<FitKit> =>
      (await api.call(updateFitKit, input)).result,
    onSuccess: () =>
      Promise.all(
        [FIT_KITS_KEY, FIT_BATCHES_KEY, FIT_CANDIDATES_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
