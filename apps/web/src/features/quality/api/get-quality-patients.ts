import { getQualityPatients, type EndpointInput, type QualityPatientRow } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type QualityPatientsInput = EndpointInput<typeof getQualityPatients>;
export interface QualityPatientsPage {
  patients: QualityPatientRow[];
  total: number;
  page: number;
  pageSize: number;
}

export function qualityPatientsQuery(input: QualityPatientsInput) {
  return queryOptions({
    queryKey: ['quality', 'patients', input],
    queryFn: async ({ signal }): Promise<QualityPatientsPage> =>
      (await api.call(getQualityPatients, input, { signal })).result,
  });
}

/** A page of the patients with their gap counts (audited by the server, so not asked again on focus). */
export function useQualityPatients(input: QualityPatientsInput): UseQueryResult<QualityPatientsPage> {
  return useQuery({ ...qualityPatientsQuery(input), placeholderData: keepPreviousData, refetchOnWindowFocus: false });
}
