import { confirmTotpEnrollment, disableTotp, getUserMetadata, startTotpEnrollment } from '@cairn/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const accountStatusQuery = queryOptions({
  queryKey: ['account', 'metadata'],
  queryFn: async () => (await api.call(getUserMetadata, {})).result,
});

/** Starts enrollment with the current password: answers the secret, its otpauth URL and the QR code. */
export function useStartTwoStep() {
  return useMutation({
    mutationFn: async (password: string) => (await api.call(startTotpEnrollment, { password })).result,
  });
}

export function useConfirmTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(confirmTotpEnrollment, { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountStatusQuery.queryKey }),
  });
}

export function useDisableTwoStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.call(disableTotp, { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountStatusQuery.queryKey }),
  });
}
