import { addSummaryInsightActions, type DxCaptureData, type InsightAction } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { cartChange } from '../utils/decisions';
import { dxCaptureDataKey } from './dx-capture-data-key';

/**
 * Records decisions that change the cart (add a code, remove one) with addSummaryInsightActions.
 * Success or failure, the tab reads the visit again: after a 409 the user must see what the other
 * person decided before deciding again.
 */
export function useRecordCartChange(data: DxCaptureData) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (actions: InsightAction[]) =>
      (await api.call(addSummaryInsightActions, cartChange(data, actions))).result,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dxCaptureDataKey(data.sid) }),
  });
}
