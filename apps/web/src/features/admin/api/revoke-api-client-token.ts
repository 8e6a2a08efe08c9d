import { revokeApiClientToken, type ApiClientTokenSummary } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { API_CLIENTS_KEY } from './list-api-client-tokens';

/** Revokes an API client token: the system using it is refused from its next request. */
export function useRevokeApiClientToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tokenId: string): Promise<ApiClientTokenSummary> =>
      (await api.call(revokeApiClientToken, { tokenId })).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_CLIENTS_KEY }),
  });
}
