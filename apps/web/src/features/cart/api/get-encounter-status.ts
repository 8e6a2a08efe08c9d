import { getEncounterStatus, syncEhrPatient, type EncounterStatus } from '@cairn/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dxCaptureDataKey } from './dx-capture-data-key';

export const encounterStatusKey = (sid: string) => ['encounterStatus', sid] as const;

/** The visit's link to its EHR encounter now: whether it can take diagnoses, and if not why and what fixes it. */
export const encounterStatusQuery = (sid: string) =>
  queryOptions({
    queryKey: encounterStatusKey(sid),
    queryFn: async (): Promise<EncounterStatus> => (await api.call(getEncounterStatus, { sid })).result,
    // The EHR's side changes without Cairn hearing of it (an encounter started, a launch in another window).
    staleTime: 30_000,
    retry: false,
  });

export function useEncounterStatus(sid: string, isEnabled: boolean) {
  return useQuery({ ...encounterStatusQuery(sid), enabled: isEnabled });
}

/** Reads the visit's patient from the EHR again (an encounter started since), then checks the link again. */
export function useSyncVisitFromEhr(sid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(syncEhrPatient, { sid })).result,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: encounterStatusKey(sid) }),
        queryClient.invalidateQueries({ queryKey: dxCaptureDataKey(sid) }),
      ]);
    },
  });
}
