import { setFeatureFlag, type EndpointInput } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { FEATURE_FLAGS_KEY } from './list-feature-flags';

export type FeatureFlagInput = EndpointInput<typeof setFeatureFlag>;

/**
 * Stores a flag's default value and ordered rules for the organisation. The server pushes the new
 * values to every open browser of the organisation; here the list and the evaluations are read again.
 */
export function useSetFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: FeatureFlagInput) => (await api.callKeepingKeys(setFeatureFlag, input)).result,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FEATURE_FLAGS_KEY }),
  });
}
