import { push2emrApi, type ConditionWriteResult } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { normalizeIcdCode } from '../utils/format';
import { dxCaptureDataKey } from './dx-capture-data-key';

export interface PushOutcome {
  icdCode: string;
  status: 'written' | 'failed';
  reason?: string;
}

/**
 * Writes the cart's codes to the visit's EHR encounter (push2emrApi) and answers one outcome per code
 * sent. The server's write is idempotent, so sending a written code again never duplicates it. A call
 * that fails as a whole (spec §8: push calls answer nothing on failure) fails every code with the reason.
 */
export async function pushCartToEhr(sid: string, icdCodes: string[]): Promise<PushOutcome[]> {
  let results: ConditionWriteResult[];
  try {
    ({
      result: { results },
    } = await api.call(push2emrApi, { sid, icdCodes }));
  } catch (error) {
    const reason = error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Network Error';
    return icdCodes.map((icdCode) => ({ icdCode, status: 'failed', reason }));
  }
  const byCode = new Map(results.map((result) => [normalizeIcdCode(result.icdCode), result]));
  return icdCodes.map((icdCode): PushOutcome => {
    const result = byCode.get(normalizeIcdCode(icdCode));
    if (!result) return { icdCode, status: 'failed', reason: 'Cairn had no answer for this code' };
    return result.reason === undefined
      ? { icdCode, status: result.status }
      : { icdCode, status: result.status, reason: result.reason };
  });
}

/** Add to Encounter and Retry: the outcomes, then the tab reads the cart's stored results again. */
export function usePushCartToEhr(sid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (icdCodes: string[]) => pushCartToEhr(sid, icdCodes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dxCaptureDataKey(sid) }),
  });
}
