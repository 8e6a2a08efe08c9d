import { revokeScimToken, type ScimTokenSummary } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { SCIM_KEY } from './list-scim-tokens';

/** Revokes a SCIM token: the identity provider using it is refused from its next request. */
export function useRevokeScimToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tokenId: string): Promise<ScimTokenSummary> =>
      (await api.call(revokeScimToken, { tokenId })).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SCIM_KEY }),
  });
}
