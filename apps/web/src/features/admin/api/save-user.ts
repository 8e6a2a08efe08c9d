import { createUser, updateUserByAdmin, type AdminUser, type EndpointInput } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { USERS_KEY } from './list-users';

export type NewUserInput = EndpointInput<typeof createUser>;
export type UserChangesInput = EndpointInput<typeof updateUserByAdmin>;

/** Creates an account (invited by email unless asked not to). */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewUserInput) => (await api.call(createUser, input)).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}

/** Changes an account's fields. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UserChangesInput): Promise<AdminUser> =>
      (await api.call(updateUserByAdmin, input)).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
