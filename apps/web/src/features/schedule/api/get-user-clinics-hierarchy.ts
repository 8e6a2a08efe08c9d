import { getUserClinicsHierarchy } from '@cairn/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The clinics, departments and providers the user may see, and their default filter. */
export const userClinicsHierarchyQuery = queryOptions({
  queryKey: ['schedule', 'userClinicsHierarchy'],
  queryFn: async () => (await api.call(getUserClinicsHierarchy, {})).result,
  staleTime: 5 * 60_000,
});

export function useUserClinicsHierarchy() {
  return useQuery(userClinicsHierarchyQuery);
}
