import { getDxCaptureData, type DxCaptureData } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { DxCaptureData };

/** While the patient's data is still being analysed the tab asks again this often. */
export const ANALYSIS_POLL_MS = 5_000;

/** Every cached form of a visit's summary (grouped or not): what a decision or an event invalidates. */
export function dxCaptureDataKey(sid: string) {
  return ['dxCaptureData', sid] as const;
}

export function dxCaptureDataQuery(sid: string, isGroupingOn: boolean) {
  return queryOptions({
    queryKey: [...dxCaptureDataKey(sid), { isGroupingOn }],
    queryFn: async ({ signal }): Promise<DxCaptureData> =>
      (await api.call(getDxCaptureData, { sid, isGroupingOn }, { signal })).result,
    refetchInterval: (query) => (query.state.data?.isAnalysed === false ? ANALYSIS_POLL_MS : false),
  });
}

/** The visit's suggestions, decisions, cart and risk score (spec §7 getDxCaptureData). */
export function useDxCaptureData(sid: string, isGroupingOn: boolean): UseQueryResult<DxCaptureData> {
  return useQuery({
    ...dxCaptureDataQuery(sid, isGroupingOn),
    // Switching the grouping keeps the list on screen while the other form loads; another visit's
    // data is never shown as placeholder.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === sid ? previous : undefined),
  });
}
