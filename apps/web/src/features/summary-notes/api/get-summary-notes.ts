import { getSummaryNotes, type SummaryNote } from '@cairn/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { SummaryNote };

export const summaryNotesKey = (sid: string) => ['summaryNotes', sid] as const;

export function summaryNotesQuery(sid: string) {
  return queryOptions({
    queryKey: summaryNotesKey(sid),
    queryFn: async (): Promise<SummaryNote[]> => {
      const { result } = await api.call(getSummaryNotes, { sid }, { cancelKey: `getSummaryNotes:${sid}` });
      return result;
    },
  });
}

export function useSummaryNotes(sid: string) {
  return useQuery(summaryNotesQuery(sid));
}
