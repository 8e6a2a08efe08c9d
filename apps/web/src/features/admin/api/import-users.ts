import { importUsers, type EndpointResponse } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { USERS_KEY } from './list-users';

export type UserImportReport = EndpointResponse<typeof importUsers>['result'];

/** Creates the accounts of a CSV file; the report says, line by line, what was created or refused. */
export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { csv: string; invite: boolean }): Promise<UserImportReport> =>
      (await api.call(importUsers, input)).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
