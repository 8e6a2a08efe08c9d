import { setScimGroupMapping, type EndpointInput, type ScimGroupSummary } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { SCIM_KEY } from './list-scim-tokens';
import { USERS_KEY } from './list-users';

export type ScimGroupMappingInput = EndpointInput<typeof setScimGroupMapping>;

/** Sets the view and permissions a group gives its members; the members' accounts change with it. */
export function useSetScimGroupMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ScimGroupMappingInput): Promise<ScimGroupSummary> =>
      (await api.call(setScimGroupMapping, input)).result,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SCIM_KEY });
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}
