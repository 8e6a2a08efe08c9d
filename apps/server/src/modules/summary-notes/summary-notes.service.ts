import type { ReadyPostVisit, SummaryNote, SummaryNotification } from '@cairn/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  type AuthContext,
  writeAudit,
  auditPatientRead,
  isUuid,
  loadCareScope,
  readPatientInScope,
} from '../../access';
import {
  findVisit,
  insertNote,
  listNotes,
  listReadyPostVisits,
  listUpdates,
  markPostVisitViewed,
  setUpdateRead,
} from './summary-notes.repository';

export interface Caller {
  auth: AuthContext;
  request: FastifyRequest;
}

/**
 * The visit of a summary when the caller may see its patient (audited as a read of `what`);
 * 404 NOT_FOUND otherwise, whether the visit is another organisation's or its patient is out of scope.
 */
async function visitInScope(db: Db, caller: Caller, sid: string, what: string) {
  const visit = isUuid(sid) ? await findVisit(db, caller.auth.organisationId, sid) : undefined;
  if (!visit) throw new AppError('NOT_FOUND', 'Summary not found.');
  await readPatientInScope(db, { ...caller, patientId: visit.patientId, what, details: { sid } });
  return visit;
}

const iso = (date: Date) => date.toISOString();
const noteOut = (row: { id: string; note: string; authorName: string; createdAt: Date }): SummaryNote => ({
  ...row,
  createdAt: iso(row.createdAt),
});

export async function addSummaryNote(db: Db, caller: Caller, body: { sid: string; note: string }) {
  const visit = await visitInScope(db, caller, body.sid, 'summary-notes');
  const note = await db.transaction(async (tx) => {
    const stored = await insertNote(tx, {
      organisationId: caller.auth.organisationId,
      appointmentId: visit.id,
      authorId: caller.auth.userId,
      note: body.note,
    });
    await writeAudit(tx, {
      organisationId: caller.auth.organisationId,
      userId: caller.auth.userId,
      patientId: visit.patientId,
      action: 'summary_note.add',
      clientAddress: caller.request.ip,
      details: { sid: visit.id, noteId: stored.id },
    });
    return stored;
  });
  return noteOut(note);
}

export async function getSummaryNotes(db: Db, caller: Caller, sid: string): Promise<SummaryNote[]> {
  const visit = await visitInScope(db, caller, sid, 'summary-notes');
  return (await listNotes(db, caller.auth.organisationId, visit.id)).map(noteOut);
}

export async function getSummaryNotifications(db: Db, caller: Caller, sid: string): Promise<SummaryNotification[]> {
  const visit = await visitInScope(db, caller, sid, 'summary-notifications');
  const rows = await listUpdates(db, caller.auth.organisationId, visit.id, caller.auth.userId);
  return rows.map((row) => ({
    ...row,
    kind: row.kind as SummaryNotification['kind'],
    createdAt: iso(row.createdAt),
  }));
}

export async function updateSummaryUpdateViewed(
  db: Db,
  caller: Caller,
  body: { sid: string; summaryUpdateId: string; isRead: boolean },
): Promise<boolean> {
  const visit = await visitInScope(db, caller, body.sid, 'summary-notifications');
  const isUpdated = await setUpdateRead(db, {
    organisationId: caller.auth.organisationId,
    appointmentId: visit.id,
    summaryUpdateId: body.summaryUpdateId,
    userId: caller.auth.userId,
    isRead: body.isRead,
  });
  if (!isUpdated) throw new AppError('NOT_FOUND', 'Summary update not found.');
  return true;
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

export async function getReadyPostVisits(db: Db, caller: Caller): Promise<ReadyPostVisit[]> {
  const scope = await loadCareScope(db, caller.auth);
  const rows = await listReadyPostVisits(db, scope);
  // One audit entry per patient revealed, as the schedule does for its rows.
  for (const patientId of new Set(rows.map((row) => row.cairnPatientId))) {
    await auditPatientRead(db, { ...caller, patientId, what: 'ready-post-visits' });
  }
  return rows.map((row) => {
    const provider = fullName(row.providerFirstName, row.providerLastName);
    return {
      sid: row.sid,
      cairnPatientId: row.cairnPatientId,
      patientName: fullName(row.firstName, row.lastName),
      visitDate: row.visitDate,
      startAt: iso(row.startAt),
      providerName: provider ? [provider, row.providerSuffix].filter(Boolean).join(', ') : null,
      readyAt: iso(row.readyAt),
    };
  });
}

export async function updatePostVisitViewed(
  db: Db,
  caller: Caller,
  body: { sid: string; isDoneByProvider: boolean },
): Promise<boolean> {
  const visit = await visitInScope(db, caller, body.sid, 'post-visit');
  const isUpdated = await markPostVisitViewed(db, {
    organisationId: caller.auth.organisationId,
    appointmentId: visit.id,
    userId: caller.auth.userId,
    isDoneByProvider: body.isDoneByProvider,
  });
  if (!isUpdated) throw new AppError('NOT_FOUND', 'Post-visit review not found.');
  await writeAudit(db, {
    organisationId: caller.auth.organisationId,
    userId: caller.auth.userId,
    patientId: visit.patientId,
    action: 'post_visit.viewed',
    clientAddress: caller.request.ip,
    details: { sid: visit.id, isDoneByProvider: body.isDoneByProvider },
  });
  return true;
}
