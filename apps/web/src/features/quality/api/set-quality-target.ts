import { setQualityTarget, type EndpointInput, type QualityTarget } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { QUALITY_RATES_KEY } from './get-quality-satisfaction-rate';

export type QualityTargetInput = EndpointInput<typeof setQualityTarget>;

/** Sets the organisation's target for a measure (null: Cairn's default); the rates are read again. */
export function useSetQualityTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: QualityTargetInput): Promise<QualityTarget> =>
      (await api.call(setQualityTarget, input)).result,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: QUALITY_RATES_KEY });
    },
  });
}
