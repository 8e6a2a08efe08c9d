import { normalizeIcdCode } from '@cairn/clinical';
import type { DecisionStatus, DxCaptureData, DxDecision, InsightAction, RejectReason } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../access';
import { markPopulationChanged } from '../population';
import type { Actor, Caller, OpenedVisit } from './dx-access';
import { decisionOut } from './dx-decision-out';
import {
  findDecisions,
  insertDecisionHistory,
  lockVisitState,
  updateVisitState,
  writeDecisionIfUnchanged,
  type DecisionRow,
} from './dx.repository';

export type Realtime = FastifyInstance['realtime'];

/** One change a request makes: the action, and the fields a decision stores. */
export interface Change {
  icdCode: string;
  action: InsightAction['action'] | 'status' | 'note';
  expectedVersion: number;
  status: DecisionStatus;
  isAdded?: boolean;
  reason?: RejectReason | null;
  note?: string | null;
  stopShowing?: boolean;
}

export interface ApplyOptions {
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
 * Writes a request's changes to a visit's decisions in one transaction: the visit's state row is
 * locked first, so writes to one visit queue behind each other; any stale version refuses the whole
 * request (409, nothing written); each change adds a history row; post-visit changes are recorded as
 * such; the events go out after the commit.
 */
export async function applyChanges(
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
    const state = await lockVisitState(tx, organisationId, visit.id);
    const isPostVisit = state.pushedAt !== null && !options.isNoteOnly;
    if (isPostVisit && !options.isPostVisit) {
      throw new AppError('CONFLICT', 'This visit was already written to the EHR: send it as a post-visit change.');
    }
    const stored = await findDecisions(tx, organisationId, visit.id, codes);
    const context = { opened, organisationId, isPostVisit };
    for (const change of options.changes) {
      await writeChange(
        tx,
        change,
        stored.find((row) => row.icdCode === change.icdCode),
        { ...context, options },
      );
    }
    if (isPostVisit) {
      const given = (options.postVisitUpdatedIcds ?? []).map(normalizeIcdCode);
      const updated = new Set([...state.postVisitUpdatedIcds, ...codes, ...given]);
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
      details: { what: 'dx-decisions', sid: visit.id, changes: codes.length, scrub: Boolean(options.shouldScrub) },
    });
    // The analytics count decisions (issue 20): they are rebuilt once the change settles.
    if (!options.isNoteOnly) await markPopulationChanged(tx, organisationId);
    return { decisions: await findDecisions(tx, organisationId, visit.id, codes), scrubSentAt };
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
  const sentBy = options.shouldScrub ? actor.name : (visit.scrubSentBy ?? '');
  return {
    decisions: codes.flatMap((code) => outcome.decisions.filter((row) => row.icdCode === code).map(decisionOut)),
    scrub: outcome.scrubSentAt ? { sentAt: outcome.scrubSentAt.toISOString(), sentBy } : null,
  };
}

interface WriteContext {
  opened: OpenedVisit;
  organisationId: string;
  isPostVisit: boolean;
  options: ApplyOptions;
}

/** One change, only if its decision is still the version the user saw (else 409), with its history row. */
async function writeChange(tx: Db, change: Change, current: DecisionRow | undefined, context: WriteContext) {
  const { opened, organisationId, options } = context;
  if (options.isNoteOnly) {
    if ((current?.note ?? '') !== (options.prevNote ?? '').trim()) throw conflictOf(change.icdCode, current);
    change.expectedVersion = current?.version ?? 0;
  }
  const decision = valuesOf(change, current, context);
  const version = await writeDecisionIfUnchanged(tx, decision, change.expectedVersion);
  if (version === undefined) {
    const [now] = await findDecisions(tx, organisationId, opened.visit.id, [change.icdCode]);
    throw conflictOf(change.icdCode, now);
  }
  await insertDecisionHistory(tx, {
    organisationId,
    appointmentId: opened.visit.id,
    icdCode: change.icdCode,
    action: change.action,
    status: decision.status,
    reason: decision.reason,
    note: decision.note,
    stopShowing: decision.stopShowing,
    version,
    isPostVisit: context.isPostVisit,
    changedBy: opened.actor.userId,
    role: opened.actor.role,
  });
}

function valuesOf(change: Change, current: DecisionRow | undefined, context: Omit<WriteContext, 'options'>) {
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
