import { applyUserAction, type AdminUser, type UserAction } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { USERS_KEY } from './list-users';

/** Invite, deactivate, reactivate, unlock, force a password change or reset TOTP of one account. */
export function useApplyUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { userId: string; action: UserAction }): Promise<AdminUser> =>
      (await api.call(applyUserAction, input)).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
