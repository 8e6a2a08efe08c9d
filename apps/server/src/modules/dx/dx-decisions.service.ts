import { getIcdCatalog, normalizeIcdCode } from '@cairn/clinical';
import type {
  DecisionStatus,
  DxCaptureData,
  DxDecision,
  FieldIssue,
  InsightAction,
  RejectReason,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.repository';
import { assertMayDecide, openVisit, type Actor, type Caller, type OpenedVisit } from './dx-access';
import { decisionOut } from './dx-decision-out';
import {
  findDecisions,
  insertDecisionHistory,
  lockVisitState,
  updateVisitState,
  writeDecisionIfUnchanged,
  type DecisionRow,
} from './dx.repository';

type Realtime = FastifyInstance['realtime'];

/** One change a request makes: the action, and the fields a decision stores. */
interface Change {
  icdCode: string;
  action: InsightAction['action'] | 'status' | 'note';
  expectedVersion: number;
  status: DecisionStatus;
  isAdded?: boolean;
  reason?: RejectReason | null;
  note?: string | null;
  stopShowing?: boolean;
}

interface ApplyOptions {
  changes: Change[];
  shouldScrub?: boolean;
  isPostVisit?: boolean;
  postVisitUpdatedIcds?: readonly string[];
  /** A note change does not change the decision itself, so it is allowed after the push. */
  isNoteOnly?: boolean;
  /** For a note change: the note the user saw. */
  prevNote?: string;
}

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
  const changes = body.actions.map((action): Change => {
    const icdCode = normalizeIcdCode(action.icdCode);
    switch (action.action) {
      case 'accept':
        return {
          icdCode,
          action: 'accept',
          expectedVersion: action.expectedVersion,
          status: 'accepted',
          reason: null,
          stopShowing: false,
          ...noteOf(action),
        };
      case 'add':
        return {
          icdCode,
          action: 'add',
          expectedVersion: action.expectedVersion,
          status: 'accepted',
          isAdded: true,
          reason: null,
          stopShowing: false,
          ...noteOf(action),
        };
      case 'reject':
        return {
          icdCode,
          action: 'reject',
          expectedVersion: action.expectedVersion,
          status: 'rejected',
          reason: action.reason ?? null,
          stopShowing: action.stopShowing ?? false,
          ...noteOf(action),
        };
      case 'reset':
        return {
          icdCode,
          action: 'reset',
          expectedVersion: action.expectedVersion,
          status: 'pending',
          reason: null,
          stopShowing: false,
        };
    }
  });
  return applyChanges(db, realtime, caller, opened, {
    changes,
    shouldScrub: body.shouldScrub,
    isPostVisit: body.isPostVisit,
    postVisitUpdatedIcds: body.postVisitUpdatedIcds,
  });
}

const noteOf = (action: InsightAction) => (action.note === undefined ? {} : { note: action.note || null });

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

async function applyChanges(
  db: Db,
  realtime: Realtime,
  caller: Caller,
  opened: OpenedVisit,
  options: ApplyOptions,
): Promise<{ decisions: DxDecision[]; scrub: DxCaptureData['scrub'] }> {
  const { visit, actor } = opened;
  const organisationId = caller.auth.organisationId;
  const codes = options.changes.map((change) => change.icdCode);
  const outcome = await db.transaction(async (tx) => {
    // The visit's state row is locked first: writes to one visit queue behind each other.
    const state = await lockVisitState(tx, organisationId, visit.id);
    const isPostVisit = state.pushedAt !== null && !options.isNoteOnly;
    if (isPostVisit && !options.isPostVisit) {
      throw new AppError(
        'CONFLICT',
        'This visit was already written to the EHR: send the change as a post-visit change.',
      );
    }
    const stored = new Map((await findDecisions(tx, organisationId, visit.id, codes)).map((row) => [row.icdCode, row]));
    for (const change of options.changes) {
      const current = stored.get(change.icdCode);
      if (options.isNoteOnly) {
        if ((current?.note ?? '') !== (options.prevNote ?? '').trim()) throw conflictOf(change.icdCode, current);
        change.expectedVersion = current?.version ?? 0;
      }
      const written = await writeDecisionIfUnchanged(
        tx,
        valuesOf(change, current, { opened, organisationId, isPostVisit }),
        change.expectedVersion,
      );
      if (written === undefined) {
        const [now] = await findDecisions(tx, organisationId, visit.id, [change.icdCode]);
        throw conflictOf(change.icdCode, now);
      }
      const decision = valuesOf(change, current, { opened, organisationId, isPostVisit });
      await insertDecisionHistory(tx, {
        organisationId,
        appointmentId: visit.id,
        icdCode: change.icdCode,
        action: change.action,
        status: decision.status,
        reason: decision.reason,
        note: decision.note,
        stopShowing: decision.stopShowing,
        version: written,
        isPostVisit,
        changedBy: actor.userId,
        role: actor.role,
      });
    }
    if (isPostVisit) {
      const updated = new Set([
        ...state.postVisitUpdatedIcds,
        ...codes,
        ...(options.postVisitUpdatedIcds ?? []).map(normalizeIcdCode),
      ]);
      await updateVisitState(tx, visit.id, { postVisitUpdatedIcds: [...updated].sort() });
    }
    const scrubSentAt = options.shouldScrub ? new Date() : state.scrubSentAt;
    if (options.shouldScrub) await updateVisitState(tx, visit.id, { scrubSentAt, scrubSentBy: actor.userId });
    await writeAudit(tx, {
      organisationId,
      userId: actor.userId,
      patientId: visit.patientId,
      action: 'patient.write',
      clientAddress: caller.request.ip,
      details: {
        what: 'dx-decisions',
        sid: visit.id,
        changes: options.changes.length,
        scrub: Boolean(options.shouldScrub),
      },
    });
    const decisions = await findDecisions(tx, organisationId, visit.id, codes);
    const scrubBy = options.shouldScrub ? actor.name : undefined;
    return { decisions, scrubSentAt, scrubBy };
  });
  await publishAfterCommit(realtime, {
    organisationId,
    appointmentId: visit.id,
    actor,
    codes,
    shouldScrub: options.shouldScrub,
  }).catch(
    // The decision is stored; a browser that missed the event sees it on its next load.
    (error: unknown) => caller.request.log.warn({ err: error }, 'publishing a decision event failed'),
  );
  const byCode = new Map(outcome.decisions.map((row) => [row.icdCode, row]));
  return {
    decisions: codes.flatMap((code) => {
      const row = byCode.get(code);
      return row ? [decisionOut(row)] : [];
    }),
    scrub: outcome.scrubSentAt
      ? { sentAt: outcome.scrubSentAt.toISOString(), sentBy: outcome.scrubBy ?? visit.scrubSentBy ?? '' }
      : null,
  };
}

function valuesOf(
  change: Change,
  current: DecisionRow | undefined,
  context: { opened: OpenedVisit; organisationId: string; isPostVisit: boolean },
) {
  const { visit, actor } = context.opened;
  return {
    organisationId: context.organisationId,
    appointmentId: visit.id,
    patientId: visit.patientId,
    icdCode: change.icdCode,
    // A note changes only the note: the decision keeps its status and the rest.
    status: change.action === 'note' ? (current?.status ?? 'pending') : change.status,
    isAdded: change.isAdded ?? current?.isAdded ?? false,
    reason: change.reason === undefined ? (current?.reason ?? null) : change.reason,
    note: change.note === undefined ? (current?.note ?? null) : change.note,
    stopShowing: change.stopShowing ?? current?.stopShowing ?? false,
    decidedBy: actor.userId,
    deciderRole: actor.role,
    isPostVisit: context.isPostVisit || (current?.isPostVisit ?? false),
  };
}

/** 409 naming who changed the decision and when (UTC), with the stored decision in the details. */
function conflictOf(icdCode: string, current: DecisionRow | undefined): AppError {
  if (!current) return new AppError('CONFLICT', 'This diagnosis changed since you loaded it; reload to see it.');
  const at = current.decidedAt.toISOString().slice(11, 16);
  return new AppError('CONFLICT', `${current.decidedByName} changed this diagnosis at ${at} UTC; reload to see it.`, {
    icdCode,
    current: decisionOut(current),
  });
}

async function publishAfterCommit(
  realtime: Realtime,
  options: { organisationId: string; appointmentId: string; actor: Actor; codes: string[]; shouldScrub?: boolean },
): Promise<void> {
  const by = { name: options.actor.name, role: options.actor.role };
  const base = { organisationId: options.organisationId, appointmentId: options.appointmentId };
  await realtime.publish({ ...base, event: { kind: 'decision.changed', icdCodes: options.codes, by } });
  if (options.shouldScrub) await realtime.publish({ ...base, event: { kind: 'scrub.sent', by } });
}
