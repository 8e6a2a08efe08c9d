import { decisionConflictDetails, type DxCaptureData, type DxItem, type InsightAction } from '@cairn/contracts';
import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import {
  showDecisionsAtOnce,
  useAddSummaryInsightActions,
  usePendingDecisionCodes,
  type InsightActionsInput,
} from '../api/add-summary-insight-actions';
import { useUpdateSummaryInsightsNotes } from '../api/update-summary-insights-notes';

/** What the user chose for one suggestion; a rejection carries its reason (and a note for 'other'). */
export type DecisionChoice =
  | { action: 'accept' }
  | { action: 'reset' }
  | { action: 'reject'; reason: NonNullable<InsightAction['reason']>; note?: string; stopShowing: boolean };

export interface DecisionNotice {
  type: 'warning' | 'error';
  text: string;
}

export interface Decisions {
  decide: (item: DxItem, choice: DecisionChoice) => void;
  saveNote: (item: DxItem, newNote: string) => Promise<boolean>;
  /** A coder's scrub ends: the coder's decisions go to the provider (spec §1, `shouldScrub`). */
  sendScrub: () => void;
  isSendingScrub: boolean;
  pendingCodes: ReadonlySet<string>;
  notice: DecisionNotice | undefined;
  dismissNotice: () => void;
}

/**
 * Decisions on the visit's suggestions. A decision shows at once, before the server has stored it
 * (issue 16: visible within 100 ms), and is taken back with a notice when the write fails. Each write
 * names the version the user saw; when someone else decided first the server answers 409 and the tab
 * says so in the server's words and reloads, showing their decision. After the visit was written to
 * the EHR, every change is marked post-visit (spec §3 isPostVisit).
 */
export function useDecisions(sid: string, data: DxCaptureData): Decisions {
  const queryClient = useQueryClient();
  const actions = useAddSummaryInsightActions(sid);
  const notes = useUpdateSummaryInsightsNotes(sid);
  const pendingCodes = usePendingDecisionCodes(sid);
  const [notice, setNotice] = useState<DecisionNotice>();

  const onError = (error: unknown, doing: string) => {
    setNotice(describeFailure(error, doing));
  };

  function decide(item: DxItem, choice: DecisionChoice): void {
    setNotice(undefined);
    const action: InsightAction = { icdCode: item.icdCode, expectedVersion: item.decision?.version ?? 0, ...choice };
    const input: InsightActionsInput = { actions: [action], ...postVisitFields(data, item.icdCode) };
    // Issue 16: the decision shows within 100 ms, in the same render as its pending state.
    notifyManager.batch(() => {
      showDecisionsAtOnce(queryClient, sid, input);
      actions.mutate(input, { onError: (error) => onError(error, 'The decision could not be saved') });
    });
  }

  async function saveNote(item: DxItem, newNote: string): Promise<boolean> {
    setNotice(undefined);
    try {
      await notes.mutateAsync({ icdCode: item.icdCode, prevNote: item.decision?.note ?? '', newNote });
      return true;
    } catch (error) {
      onError(error, 'The note could not be saved');
      return false;
    }
  }

  function sendScrub(): void {
    setNotice(undefined);
    actions.mutate(
      { actions: [], shouldScrub: true },
      { onError: (error) => onError(error, 'The scrub could not be sent to the provider') },
    );
  }

  const isSendingScrub = actions.isPending && actions.variables.shouldScrub === true;
  return {
    decide,
    saveNote,
    sendScrub,
    isSendingScrub,
    pendingCodes,
    notice,
    dismissNotice: () => setNotice(undefined),
  };
}

function postVisitFields(data: DxCaptureData, icdCode: string): Partial<InsightActionsInput> {
  if (data.pushedAt === null) return {};
  return { isPostVisit: true, postVisitUpdatedIcds: [...new Set([...data.postVisitUpdatedIcds, icdCode])] };
}

/** A conflict is told in the server's words (who changed what); other failures say only that it failed. */
export function describeFailure(error: unknown, doing: string): DecisionNotice {
  if (isApiError(error) && error.code === 'CONFLICT') {
    const details = decisionConflictDetails.safeParse(error.details);
    const byWhom = details.success ? details.data.current.decidedBy.name : 'Someone else';
    const text = error.serverMessage ?? `${byWhom} changed this diagnosis; reload to see their decision.`;
    const sentence = /[.!?]$/.test(text) ? text : `${text}.`;
    return { type: 'warning', text: `${sentence} The list has been reloaded with the current decision.` };
  }
  const reason = isApiError(error) ? ` (${error.message})` : '';
  return { type: 'error', text: `${doing}${reason}. Please try again.` };
}
