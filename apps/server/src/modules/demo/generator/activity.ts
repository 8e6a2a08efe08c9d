import {
  PUSH_FAILURE_REASONS,
  REJECT_REASONS,
  type DecisionStatus,
  type PushFailureReason,
  type RejectReason,
} from '@cairn/contracts';
import type { dxDecisionHistory, dxDecisions, dxVisitStates, ehrConditionWrites } from '../../../db/clinical-schema';
import { daysBetween, drawFor, localIsoDate, pickWeighted, type Draw } from './random';
import type { NewId } from './types';

export type DecisionRow = typeof dxDecisions.$inferInsert & { id: string };
export type DecisionHistoryRow = typeof dxDecisionHistory.$inferInsert;
export type VisitStateRow = typeof dxVisitStates.$inferInsert;
export type ConditionWriteRow = typeof ehrConditionWrites.$inferInsert & { id: string };

/** A past visit as the year's decisions see it. */
export interface ActivityVisit {
  appointmentId: string;
  /** The appointment's source id: each visit's draws follow from it, whatever other visits there are. */
  sourceId: string;
  patientId: string;
  providerId: string | null;
  startAt: Date;
  /** Codes Cairn suggests for the patient (their chronic HCC conditions). */
  suggestedCodes: readonly string[];
  /** Codes a user may add that Cairn does not suggest (chronic conditions outside the HCC model). */
  otherCodes: readonly string[];
}

/** The demo's users who work in Cairn: the coder, and the provider users by the provider they work as. */
export interface ActivityUsers {
  coder: string;
  providers: ReadonlyMap<string, string>;
}

export interface ActivityOptions {
  organisationId: string;
  seed: number;
  today: string;
  visits: readonly ActivityVisit[];
  users: ActivityUsers;
  newId: NewId;
}

/** A visit's Diagnosis Summary opened from the schedule: by whom and when (for the analytics events). */
export interface SummaryOpen {
  appointmentId: string;
  userId: string;
  at: Date;
}

/** What a year of work in Cairn left: decisions with their history, visit states and writes to the EHR. */
export interface ActivityRows {
  decisions: DecisionRow[];
  history: DecisionHistoryRow[];
  visitStates: VisitStateRow[];
  writes: ConditionWriteRow[];
  /** Every opening of a visit's summary the work took, and some that led to no decision. */
  opens: SummaryOpen[];
}

const ACTIVITY_SALT = 0xdec1;
const MINUTE = 60_000;

/** Why suggestions are rejected, by how often (documentation gaps lead, as coding audits find). */
const REJECTIONS: Record<RejectReason, number> = {
  'insufficient-documentation': 35,
  'not-clinically-supported': 25,
  'already-addressed': 20,
  'condition-resolved': 12,
  other: 8,
};
const OTHER_NOTES = [
  'Managed by the specialist',
  'Patient declined to discuss today',
  'Will address at the next visit',
];

/** Why a write to the EHR failed, by how often: most often the visit had no encounter open yet. */
const PUSH_FAILURES: Record<PushFailureReason, number> = {
  EncounterIdMissing: 45,
  MissingEHRLiveData: 30,
  NonPushableStatus: 20,
  PredictorNotImplementedForEHR: 5,
};

/**
 * A year of the demo's work in Cairn on its past visits. Use grew over the year (about half the visits
 * reviewed a year ago, four in five now). The coder scrubs some visits the day or two before (all of
 * those of providers who do not use Cairn) and sends the scrub; the provider decides at the visit,
 * agreeing with the coder about five times in six; about two suggestions in three are accepted; most
 * visits with accepted codes are written to the EHR, a few of them failing with one of the spec's
 * push-failure reasons. Same options, same rows (ids from `newId`).
 */
export function generateActivity(options: ActivityOptions): ActivityRows {
  const rows: ActivityRows = { decisions: [], history: [], visitStates: [], writes: [], opens: [] };
  const sorted = [...options.visits].sort((left, right) => (left.sourceId < right.sourceId ? -1 : 1));
  for (const visit of sorted) {
    const draw = drawFor(options.seed ^ ACTIVITY_SALT, hashOf(visit.sourceId));
    const age = daysBetween(localIsoDate(visit.startAt), options.today);
    if (age <= 0 || age > 366) continue;
    if (draw.chance(0.85 - 0.35 * (age / 366))) addVisitWork(options, rows, { visit, draw });
    else {
      // A provider who uses Cairn opens some visits and decides nothing.
      const provider = visit.providerId ? options.users.providers.get(visit.providerId) : undefined;
      if (provider && draw.chance(0.3))
        rows.opens.push({ appointmentId: visit.appointmentId, userId: provider, at: minutesAfter(visit.startAt, -5) });
    }
  }
  return rows;
}

/** FNV-1a: a number for a string, so a visit's draws do not depend on its place in the list. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

interface Decided {
  icdCode: string;
  status: DecisionStatus;
  reason: RejectReason | null;
  note: string | null;
  isAdded: boolean;
  by: string;
  role: 'coder' | 'provider';
  at: Date;
  version: number;
}

function addVisitWork(options: ActivityOptions, rows: ActivityRows, work: { visit: ActivityVisit; draw: Draw }): void {
  const { visit, draw } = work;
  const provider = visit.providerId ? options.users.providers.get(visit.providerId) : undefined;
  const isScrubbed = !provider || draw.chance(0.5);
  // The coder works the day or two before the visit, in office hours; the provider at the visit.
  const coderAt = atTime(visit.startAt, { daysBefore: draw.integer(1, 2), minutes: draw.integer(9 * 60, 16 * 60) });
  const providerAt = new Date(visit.startAt.getTime() + draw.integer(2, 25) * MINUTE);
  const finals: Decided[] = [];
  for (const [position, icdCode] of visit.suggestedCodes.entries()) {
    const steps: Decided[] = [];
    if (isScrubbed) {
      const at = new Date(coderAt.getTime() + position * draw.integer(1, 4) * MINUTE);
      steps.push(decide(draw, { icdCode, by: options.users.coder, role: 'coder', at, accept: 0.7, version: 1 }));
    }
    const scrub = steps[0];
    if (provider) {
      const accept = scrub ? (draw.chance(0.85) === (scrub.status === 'accepted') ? 1 : 0) : 0.66;
      const at = new Date(providerAt.getTime() + position * MINUTE);
      steps.push(decide(draw, { icdCode, by: provider, role: 'provider', at, accept, version: steps.length + 1 }));
    }
    for (const step of steps) rows.history.push(historyRow(options, visit, step));
    const final = steps.at(-1);
    if (final) finals.push(final);
  }
  const added = visit.otherCodes.length > 0 && draw.chance(0.08) ? draw.pick(visit.otherCodes) : undefined;
  if (added) {
    const at = provider ? new Date(providerAt.getTime() + 5 * MINUTE) : coderAt;
    const step: Decided = {
      ...{ icdCode: added, status: 'accepted', reason: null, note: null, isAdded: true, version: 1 },
      ...{ by: provider ?? options.users.coder, role: provider ? 'provider' : 'coder', at },
    };
    rows.history.push(historyRow(options, visit, step));
    finals.push(step);
  }
  if (finals.length === 0) return;
  if (isScrubbed)
    rows.opens.push({ appointmentId: visit.appointmentId, userId: options.users.coder, at: minutesAfter(coderAt, -2) });
  if (provider)
    rows.opens.push({ appointmentId: visit.appointmentId, userId: provider, at: minutesAfter(providerAt, -2) });
  for (const final of finals) rows.decisions.push(decisionRow(options, visit, final));
  addPush(options, rows, {
    visit,
    draw,
    finals,
    scrubSentAt: isScrubbed ? new Date(coderAt.getTime() + 15 * MINUTE) : null,
  });
}

function decide(
  draw: Draw,
  step: Pick<Decided, 'icdCode' | 'by' | 'role' | 'at' | 'version'> & { accept: number },
): Decided {
  const { accept, ...rest } = step;
  if (draw.chance(accept)) return { ...rest, status: 'accepted', reason: null, note: null, isAdded: false };
  const reason = pickWeighted(draw, REJECT_REASONS, (item) => REJECTIONS[item]);
  return {
    ...rest,
    status: 'rejected',
    reason,
    note: reason === 'other' ? draw.pick(OTHER_NOTES) : null,
    isAdded: false,
  };
}

/** The visit's state, and its accepted codes written to the EHR encounter (nine visits in ten, minutes after). */
function addPush(
  options: ActivityOptions,
  rows: ActivityRows,
  work: { visit: ActivityVisit; draw: Draw; finals: readonly Decided[]; scrubSentAt: Date | null },
): void {
  const { visit, draw, finals } = work;
  const accepted = finals.filter((final) => final.status === 'accepted');
  const isPushed = accepted.length > 0 && draw.chance(0.9);
  const last = finals.reduce((latest, final) => (final.at > latest.at ? final : latest));
  const pushedAt = new Date(last.at.getTime() + draw.integer(1, 10) * MINUTE);
  const failure =
    isPushed && draw.chance(0.07) ? pickWeighted(draw, PUSH_FAILURE_REASONS, (item) => PUSH_FAILURES[item]) : undefined;
  if (work.scrubSentAt || (isPushed && !failure))
    rows.visitStates.push({
      appointmentId: visit.appointmentId,
      organisationId: options.organisationId,
      scrubSentAt: work.scrubSentAt,
      scrubSentBy: work.scrubSentAt ? options.users.coder : null,
      pushedAt: isPushed && !failure ? pushedAt : null,
    });
  if (!isPushed) return;
  for (const final of accepted)
    rows.writes.push({
      id: options.newId(),
      organisationId: options.organisationId,
      appointmentId: visit.appointmentId,
      icdCode: final.icdCode,
      identifier: options.newId(),
      status: failure ? 'failed' : 'written',
      ehrResourceId: failure ? null : options.newId(),
      failureReason: failure ?? null,
      requestedBy: last.by,
      createdAt: pushedAt,
      updatedAt: new Date(pushedAt.getTime() + draw.integer(1, 4) * 1000),
    });
}

function decisionRow(options: ActivityOptions, visit: ActivityVisit, final: Decided): DecisionRow {
  return {
    id: options.newId(),
    organisationId: options.organisationId,
    appointmentId: visit.appointmentId,
    patientId: visit.patientId,
    icdCode: final.icdCode,
    status: final.status,
    isAdded: final.isAdded,
    reason: final.reason,
    note: final.note,
    decidedBy: final.by,
    deciderRole: final.role,
    decidedAt: final.at,
    version: final.version,
  };
}

function historyRow(options: ActivityOptions, visit: ActivityVisit, step: Decided): DecisionHistoryRow {
  return {
    organisationId: options.organisationId,
    appointmentId: visit.appointmentId,
    icdCode: step.icdCode,
    action: step.isAdded ? 'add' : step.status === 'accepted' ? 'accept' : 'reject',
    status: step.status,
    reason: step.reason,
    note: step.note,
    version: step.version,
    changedBy: step.by,
    role: step.role,
    changedAt: step.at,
  };
}

function minutesAfter(moment: Date, minutes: number): Date {
  return new Date(moment.getTime() + minutes * MINUTE);
}

/**
 * A local wall time on a working day some days before a moment (the server's time zone, as the
 * schedule's days are): a Saturday or Sunday moves back to the Friday.
 */
export function atTime(moment: Date, when: { daysBefore: number; minutes: number }): Date {
  const day = new Date(moment.getFullYear(), moment.getMonth(), moment.getDate() - when.daysBefore);
  while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() - 1);
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(when.minutes / 60), when.minutes % 60);
}
