import { getPatientDemographics } from '@cairn/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function patientDemographicsQuery(cairnPatientId: string) {
  return queryOptions({
    queryKey: ['patientDemographics', cairnPatientId],
    queryFn: async ({ signal }) => (await api.call(getPatientDemographics, { cairnPatientId }, { signal })).result,
    staleTime: 30_000,
  });
}

/** The portrait banner of a patient; idle without an id. */
export function usePatientDemographics(cairnPatientId: string | undefined) {
  return useQuery({ ...patientDemographicsQuery(cairnPatientId ?? ''), enabled: Boolean(cairnPatientId) });
}
