import { createApiClientToken, type EndpointResponse } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { API_CLIENTS_KEY } from './list-api-client-tokens';

export type CreatedApiClientToken = EndpointResponse<typeof createApiClientToken>['result'];

/** A new API client token: the answer holds its secret, shown once and never again. */
export function useCreateApiClientToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (label: string): Promise<CreatedApiClientToken> =>
      (await api.call(createApiClientToken, { label })).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_CLIENTS_KEY }),
  });
}
