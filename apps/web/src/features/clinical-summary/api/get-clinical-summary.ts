import { getClinicalSummary, type ClinicalSummary } from '@cairn/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { ClinicalSummary };

/** The record changes only on import or sync: a minute of freshness spares refetches while switching tabs. */
const SUMMARY_STALE_MS = 60_000;

export function clinicalSummaryQuery(patientId: string) {
  return queryOptions({
    queryKey: ['clinicalSummary', patientId],
    queryFn: async (): Promise<ClinicalSummary> => {
      const { result } = await api.call(
        getClinicalSummary,
        { cairnPatientId: patientId },
        { cancelKey: 'getClinicalSummary' },
      );
      return result;
    },
    staleTime: SUMMARY_STALE_MS,
  });
}

export function useClinicalSummary(patientId: string) {
  return useQuery(clinicalSummaryQuery(patientId));
}
