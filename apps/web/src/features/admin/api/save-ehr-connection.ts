import { createEhrConnection, updateEhrConnection, type EhrConnection, type EndpointInput } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { EHR_CONNECTIONS_KEY } from './list-ehr-connections';

export type NewEhrConnectionInput = EndpointInput<typeof createEhrConnection>;
export type EhrConnectionChangesInput = EndpointInput<typeof updateEhrConnection>;

/** Registers an EHR connection, or changes one (a secret left out is kept). */
export function useSaveEhrConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewEhrConnectionInput | EhrConnectionChangesInput): Promise<EhrConnection> =>
      'connectionId' in input
        ? (await api.call(updateEhrConnection, input)).result
        : (await api.call(createEhrConnection, input)).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EHR_CONNECTIONS_KEY }),
  });
}
