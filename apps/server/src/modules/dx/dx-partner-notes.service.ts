import {
  PARTNER_NOTE_KINDS,
  PARTNER_NOTE_STATUSES,
  type PartnerNote,
  type PartnerNoteAction,
  type PartnerNoteKind,
  type PartnerNoteStatus,
} from '@cairn/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../access';
import { assertMayDecide, openVisit, type Caller } from './dx-access';
import type { Realtime } from './dx-decision-writes';
import { lockVisitNotes, readNotes, writeNoteAction, type PartnerNoteRow } from './dx-partner-notes.repository';

/** What each action stores; a reset leaves the note with no action (`none`). */
const STORED_STATUS: Readonly<Record<PartnerNoteAction['action'], PartnerNoteStatus | 'none'>> = {
  acknowledge: 'acknowledged',
  done: 'done',
  'not-applicable': 'not-applicable',
  reset: 'none',
};

/**
 * Spec §7 addSummaryInsightsAgilonNonDxActions: actions on the visit's partner-organisation notes
 * (acknowledge, done, not applicable, reset), in one transaction. The notes are the patient's, so an
 * action recorded at one visit shows at the next. Each action names the version of the note it saw;
 * if any is no longer the stored one the whole request is refused (409) and nothing is written. A
 * note the visit does not show (another patient's or organisation's, withdrawn) is 404.
 */
export async function addSummaryInsightsAgilonNonDxActions(
  db: Db,
  realtime: Realtime,
  caller: Caller,
  body: { sid: string; actions: PartnerNoteAction[] },
): Promise<{ partnerNotes: PartnerNote[] }> {
  const { visit, actor } = await openVisit(db, caller, body.sid, 'dx-partner-notes');
  assertMayDecide(actor);
  const organisationId = caller.auth.organisationId;
  const scope = { organisationId, patientId: visit.patientId, serviceDate: visit.serviceDate };
  const noteIds = body.actions.map((action) => action.noteId);
  const notes = await db.transaction(async (tx) => {
    const stored = await lockVisitNotes(tx, scope, noteIds);
    for (const [index, action] of body.actions.entries()) {
      const current = stored.find((row) => row.id === action.noteId);
      if (!current) {
        throw new AppError('NOT_FOUND', 'Partner note not found.', { field: `actions.${String(index)}.noteId` });
      }
      if ((current.version ?? 0) !== action.expectedVersion) throw conflictOf(current);
      const status = STORED_STATUS[action.action];
      await writeNoteAction(tx, {
        organisationId,
        partnerNoteId: current.id,
        appointmentId: visit.id,
        action: action.action,
        status,
        note: status === 'none' ? null : action.note || null,
        actedBy: actor.userId,
        actorRole: actor.role,
        version: action.expectedVersion + 1,
      });
    }
    await writeAudit(tx, {
      organisationId,
      userId: actor.userId,
      patientId: visit.patientId,
      action: 'patient.write',
      clientAddress: caller.request.ip,
      details: { what: 'dx-partner-notes', sid: visit.id, changes: noteIds.length },
    });
    return readNotes(tx, scope, noteIds);
  });
  const by = { name: actor.name, role: actor.role };
  await realtime
    .publish({ organisationId, appointmentId: visit.id, event: { kind: 'partner-note.changed', noteIds, by } })
    .catch(
      // The action is stored; a browser that missed the event sees it on its next load.
      (error: unknown) => caller.request.log.warn({ err: error }, 'publishing a partner note event failed'),
    );
  return { partnerNotes: noteIds.flatMap((id) => notes.filter((row) => row.id === id).map(partnerNoteOut)) };
}

/** 409 naming who changed the note and when (UTC), with the stored note in the details. */
function conflictOf(current: PartnerNoteRow): AppError {
  const details = { noteId: current.id, current: partnerNoteOut(current) };
  if (!current.actedAt || !current.actedByName) {
    return new AppError('CONFLICT', 'This partner note changed since you loaded it; reload to see it.', details);
  }
  const at = current.actedAt.toISOString().slice(11, 16);
  return new AppError('CONFLICT', `${current.actedByName} changed this note at ${at} UTC; reload to see it.`, details);
}

const isKind = (value: string): value is PartnerNoteKind => (PARTNER_NOTE_KINDS as readonly string[]).includes(value);
const isStatus = (value: string | null): value is PartnerNoteStatus =>
  (PARTNER_NOTE_STATUSES as readonly (string | null)[]).includes(value);

/** A stored note as the API answers it: the action only while one is recorded (not after a reset). */
export function partnerNoteOut(row: PartnerNoteRow): PartnerNote {
  const { status, actedAt, actedByName } = row;
  const action =
    isStatus(status) && actedAt && actedByName
      ? {
          status,
          by: { name: actedByName, role: row.actorRole === 'coder' ? ('coder' as const) : ('provider' as const) },
          at: actedAt.toISOString(),
          ...(row.note ? { note: row.note } : {}),
        }
      : undefined;
  return {
    id: row.id,
    partner: row.partner,
    kind: isKind(row.kind) ? row.kind : 'other',
    text: row.text,
    authoredOn: row.authoredOn,
    ...(action ? { action } : {}),
    version: row.version ?? 0,
  };
}
