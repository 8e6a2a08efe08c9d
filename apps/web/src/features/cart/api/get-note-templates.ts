import { getNoteTemplates, type NoteTemplate } from '@cairn/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type { NoteTemplate };

export function noteTemplatesQuery() {
  return queryOptions({
    queryKey: ['noteTemplates'],
    queryFn: async (): Promise<NoteTemplate[]> => {
      try {
        return (await api.call(getNoteTemplates, {})).result;
      } catch {
        // Spec §8: a failed getNoteTemplates answers an empty list.
        return [];
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** The templates the note wizard drafts with, read when the wizard opens. */
export function useNoteTemplates(isEnabled: boolean) {
  return useQuery({ ...noteTemplatesQuery(), enabled: isEnabled });
}
