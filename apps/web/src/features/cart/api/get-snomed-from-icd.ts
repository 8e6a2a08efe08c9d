import { getSnomedFromICD } from '@cairn/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface SnomedConcept {
  snomedCode: string;
  display: string;
}

export function snomedFromIcdQuery(icdCode: string) {
  return queryOptions({
    queryKey: ['snomedFromIcd', icdCode],
    queryFn: async (): Promise<SnomedConcept[]> => {
      try {
        return (await api.call(getSnomedFromICD, { icdCode })).result;
      } catch {
        // Spec §8: a failed getSnomedFromICD answers an empty list; the code can still be added.
        return [];
      }
    },
    staleTime: Infinity,
  });
}

/** The SNOMED CT concepts the EHR's problem list would record for a code (none is fine). */
export function useSnomedFromIcd(icdCode: string | undefined) {
  return useQuery({ ...snomedFromIcdQuery(icdCode ?? ''), enabled: icdCode !== undefined });
}
