import { draftAssessmentNote } from '@cairn/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { ApiResult } from '../../../lib/api-client';

export type AssessmentDraft = ApiResult<typeof draftAssessmentNote>['result'];

/** Drafts the assessment section for the chosen codes; nothing is stored, the provider edits and copies it. */
export function useDraftAssessmentNote(sid: string) {
  return useMutation({
    mutationFn: async ({
      templateId,
      icdCodes,
    }: {
      templateId: string;
      icdCodes: string[];
    }): Promise<AssessmentDraft> => (await api.call(draftAssessmentNote, { sid, templateId, icdCodes })).result,
  });
}
