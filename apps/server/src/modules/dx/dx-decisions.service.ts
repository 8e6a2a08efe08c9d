import { getIcdCatalog, normalizeIcdCode } from '@cairn/clinical';
import type {
  DecisionStatus,
  DxCaptureData,
  DxDecision,
  FieldIssue,
  InsightAction,
  RejectReason,
} from '@cairn/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { assertMayDecide, openVisit, type Caller } from './dx-access';
import { applyChanges, type Change, type Realtime } from './dx-decision-writes';

/**
 * Decisions on a visit's diagnoses (spec §7 addSummaryInsightActions): accept, reject, add, reset, in
 * one transaction. Each names the version of the decision the user saw; if any is no longer the stored
 * one, the whole request is refused (409) and nothing is written. A coder's `shouldScrub` sends the
 * scrub to the provider. After the visit was written to the EHR, a change must say it is post-visit.
 */
export async function addSummaryInsightActions(
  db: Db,
  realtime: Realtime,
  caller: Caller,
  body: {
    sid: string;
    actions: InsightAction[];
    shouldScrub?: boolean;
    isPostVisit?: boolean;
    postVisitUpdatedIcds?: string[];
  },
): Promise<{ decisions: DxDecision[]; scrub: DxCaptureData['scrub'] }> {
  const opened = await openVisit(db, caller, body.sid, 'dx-decisions');
  assertMayDecide(opened.actor);
  if (body.shouldScrub && opened.actor.role !== 'coder') {
    throw new AppError('FORBIDDEN', 'Only a coder sends a scrub to the provider.');
  }
  checkActions(body.actions);
  const changes = body.actions.map(changeOf);
  return applyChanges(db, realtime, caller, opened, {
    changes,
    shouldScrub: body.shouldScrub,
    isPostVisit: body.isPostVisit,
    postVisitUpdatedIcds: body.postVisitUpdatedIcds,
  });
}

/** What each action stores: accept and add put the code in the cart, reject keeps why, reset clears. */
function changeOf(action: InsightAction): Change {
  const base = {
    icdCode: normalizeIcdCode(action.icdCode),
    action: action.action,
    expectedVersion: action.expectedVersion,
  };
  const note = action.note === undefined ? {} : { note: action.note || null };
  switch (action.action) {
    case 'accept':
      return { ...base, status: 'accepted', reason: null, stopShowing: false, ...note };
    case 'add':
      return { ...base, status: 'accepted', isAdded: true, reason: null, stopShowing: false, ...note };
    case 'reject':
      return {
        ...base,
        status: 'rejected',
        reason: action.reason ?? null,
        stopShowing: action.stopShowing ?? false,
        ...note,
      };
    case 'reset':
      return { ...base, status: 'pending', reason: null, stopShowing: false };
  }
}

/** Every code must be a known FY2026 code; an added one must be billable (422 naming the field). */
function checkActions(actions: readonly InsightAction[]): void {
  const catalog = getIcdCatalog();
  const issues: FieldIssue[] = [];
  actions.forEach((action, index) => {
    const entry = catalog.get(normalizeIcdCode(action.icdCode));
    const field = `actions.${String(index)}.icdCode`;
    if (!entry) issues.push({ field, message: 'Not an ICD-10-CM FY2026 code' });
    else if (action.action === 'add' && !entry.billable) {
      issues.push({ field, message: 'Not a billable code: choose a more specific one' });
    }
  });
  const codes = actions.map((action) => normalizeIcdCode(action.icdCode));
  const repeated = codes.findIndex((code, index) => codes.indexOf(code) !== index);
  if (repeated >= 0) issues.push({ field: `actions.${String(repeated)}.icdCode`, message: 'A code appears twice' });
  if (issues.length > 0) throw AppError.validation(issues);
}

/** Spec §7 updateSummaryInsightStatus: one decision's status, with the same rules as the actions. */
export async function updateSummaryInsightStatus(
  db: Db,
  realtime: Realtime,
  caller: Caller,
  body: { sid: string; icdCode: string; status: DecisionStatus; reason?: RejectReason; expectedVersion: number },
): Promise<DxDecision> {
  const opened = await openVisit(db, caller, body.sid, 'dx-decisions');
  assertMayDecide(opened.actor);
  if (!getIcdCatalog().get(normalizeIcdCode(body.icdCode))) {
    throw AppError.validation([{ field: 'icdCode', message: 'Not an ICD-10-CM FY2026 code' }]);
  }
  const change: Change = {
    icdCode: normalizeIcdCode(body.icdCode),
    action: 'status',
    expectedVersion: body.expectedVersion,
    status: body.status,
    reason: body.status === 'rejected' ? (body.reason ?? null) : null,
    ...(body.status === 'rejected' ? {} : { stopShowing: false }),
  };
  const { decisions } = await applyChanges(db, realtime, caller, opened, { changes: [change] });
  return firstOf(decisions);
}

/**
 * Spec §7 updateSummaryInsightsNotes: the note of a code's decision (a pending decision is made for a
 * code without one). `prevNote` must be the stored note, else someone changed it first: 409.
 */
export async function updateSummaryInsightsNotes(
  db: Db,
  realtime: Realtime,
  caller: Caller,
  body: { sid: string; icdCode: string; prevNote: string; newNote: string },
): Promise<DxDecision> {
  const opened = await openVisit(db, caller, body.sid, 'dx-decisions');
  assertMayDecide(opened.actor);
  const change: Change = {
    icdCode: normalizeIcdCode(body.icdCode),
    action: 'note',
    // Set from the stored decision in the transaction: a note names the note it saw, not a version.
    expectedVersion: -1,
    status: 'pending',
    note: body.newNote || null,
  };
  const { decisions } = await applyChanges(db, realtime, caller, opened, {
    changes: [change],
    isNoteOnly: true,
    prevNote: body.prevNote,
  });
  return firstOf(decisions);
}

function firstOf(decisions: DxDecision[]): DxDecision {
  const [decision] = decisions;
  if (!decision) throw new Error('decision not stored');
  return decision;
}
