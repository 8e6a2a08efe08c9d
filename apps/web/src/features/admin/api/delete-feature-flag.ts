import { deleteFeatureFlag, type FlagName } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FEATURE_FLAGS_KEY } from './list-feature-flags';

/** Removes the organisation's flag, so that it reads as Cairn's default again. */
export function useDeleteFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: FlagName) => (await api.callKeepingKeys(deleteFeatureFlag, { key })).result,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FEATURE_FLAGS_KEY }),
  });
}
