import { getQualityInsights, type QualityInsights } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { QualityInsights };

/** While the patient's data is still being analysed the tab asks again this often. */
export const ANALYSIS_POLL_MS = 5_000;

/** The patient's care gaps as one visit (or none: `sid` undefined) shows them; what a mark invalidates. */
export function qualityInsightsKey(patientId: string, sid: string | undefined) {
  return ['qualityInsights', patientId, sid ?? null] as const;
}

export function qualityInsightsQuery(patientId: string, sid: string | undefined) {
  return queryOptions({
    queryKey: qualityInsightsKey(patientId, sid),
    queryFn: async ({ signal }): Promise<QualityInsights> =>
      (await api.call(getQualityInsights, { cairnPatientId: patientId, ...(sid ? { sid } : {}) }, { signal })).result,
    refetchInterval: (query) => (query.state.data?.isAnalysed === false ? ANALYSIS_POLL_MS : false),
  });
}

/** The patient's care gaps with their evidence and, for a visit, their marks (issue 19). */
export function useQualityInsights(patientId: string, sid: string | undefined): UseQueryResult<QualityInsights> {
  return useQuery(qualityInsightsQuery(patientId, sid));
}
