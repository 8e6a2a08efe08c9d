import { testEhrConnection, type EndpointResponse } from '@cairn/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type EhrConnectionTestResult = EndpointResponse<typeof testEhrConnection>['result'];

/** Reads the EHR's metadata and SMART configuration and answers what Cairn needs and lacks. */
export function useTestEhrConnection() {
  return useMutation({
    mutationFn: async (connectionId: string): Promise<EhrConnectionTestResult> =>
      (await api.call(testEhrConnection, { connectionId })).result,
  });
}
