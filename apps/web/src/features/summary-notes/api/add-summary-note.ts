import { addSummaryNote } from '@cairn/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { summaryNotesKey } from './get-summary-notes';
import { summaryNotificationsKey } from './get-summary-notifications';

/** Adds a note; the summary's notes and updates (a note-added update) are fetched again. */
export function useAddSummaryNote(sid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (note: string) => (await api.call(addSummaryNote, { sid, note })).result,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: summaryNotesKey(sid) }),
        queryClient.invalidateQueries({ queryKey: summaryNotificationsKey(sid) }),
      ]);
    },
  });
}
