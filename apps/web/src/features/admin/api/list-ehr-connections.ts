import { listEhrConnections, type EhrConnection } from '@cairn/contracts';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** What a change to a connection invalidates. */
export const EHR_CONNECTIONS_KEY = ['admin', 'ehrConnections'] as const;

export function ehrConnectionsQuery() {
  return queryOptions({
    queryKey: EHR_CONNECTIONS_KEY,
    queryFn: async ({ signal }): Promise<EhrConnection[]> =>
      (await api.call(listEhrConnections, {}, { signal })).result.connections,
  });
}

/** The organisation's EHR connections with their last launch, patient read and write. */
export function useEhrConnections(): UseQueryResult<EhrConnection[]> {
  return useQuery(ehrConnectionsQuery());
}
