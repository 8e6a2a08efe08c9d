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

/**
 * How many care gaps marked at the visit are not in the EHR yet (the cart's Add to Encounter writes
 * them); 0 while unknown, or when `isEnabled` is false (the user has no Quality Insights tab).
 */
export function useCareGapsToSend(patientId: string, sid: string | undefined, isEnabled: boolean): number {
  const insights = useQuery({ ...qualityInsightsQuery(patientId, sid), enabled: isEnabled && sid !== undefined });
  if (!isEnabled) return 0;
  return insights.data?.gaps.filter((gap) => gap.mark !== null && gap.mark.send.status !== 'written').length ?? 0;
}
