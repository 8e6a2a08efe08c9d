import { getPatientLookup } from '@cairn/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A newer lookup cancels the one still pending (spec §4). */
const CANCEL_KEY = 'getPatientLookup';

export function patientLookupQuery(searchText: string) {
  return queryOptions({
    queryKey: ['patientLookup', searchText],
    queryFn: async ({ signal }) =>
      (await api.call(getPatientLookup, { searchText }, { signal, cancelKey: CANCEL_KEY })).result,
    staleTime: 30_000,
  });
}

/** Patients matching a name, date of birth or MRN; idle while the text is blank. */
export function usePatientLookup(searchText: string) {
  const text = searchText.trim();
  return useQuery({ ...patientLookupQuery(text), enabled: text !== '', placeholderData: keepPreviousData });
}
