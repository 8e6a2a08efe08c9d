import { createScimToken, type EndpointResponse } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { SCIM_KEY } from './list-scim-tokens';

export type CreatedScimToken = EndpointResponse<typeof createScimToken>['result'];

/** A new SCIM token: the answer holds its secret, shown once and never again. */
export function useCreateScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (label: string): Promise<CreatedScimToken> => (await api.call(createScimToken, { label })).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCIM_KEY }),
  });
}
