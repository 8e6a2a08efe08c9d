import { getLabTrend, type LabTrend } from '@cairn/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { LabTrend };

const TREND_STALE_MS = 60_000;

export function labTrendQuery(patientId: string, loinc: string) {
  return queryOptions({
    queryKey: ['labTrend', patientId, loinc],
    queryFn: async (): Promise<LabTrend> => {
      const { result } = await api.call(
        getLabTrend,
        { cairnPatientId: patientId, loinc },
        { cancelKey: 'getLabTrend' },
      );
      return result;
    },
    staleTime: TREND_STALE_MS,
  });
}

/** The trend of one test, fetched only while its modal is open (`loinc` set). */
export function useLabTrend(patientId: string, loinc: string | undefined) {
  return useQuery({ ...labTrendQuery(patientId, loinc ?? ''), enabled: loinc !== undefined });
}
