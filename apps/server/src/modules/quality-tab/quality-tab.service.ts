import type { CareGapMark, QualityInsights } from '@cairn/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type AuthContext, isUuid, isViewOnly, loadCareScope, readPatientInScope, writeAudit } from '../../access';
import { careGapItemsOf, isMarkable, readStoredGaps } from './care-gap-out';
import {
  deleteUnsentMark,
  findCurrentAnalysis,
  findMark,
  findActor,
  findVisitInScope,
  insertMark,
  listMarks,
  type MarkRow,
  type VisitKey,
} from './quality-tab.repository';

export interface Caller {
  auth: AuthContext;
  request: FastifyRequest;
}

type Realtime = FastifyInstance['realtime'];

/**
 * The Quality Insights tab (issue 19): the care gaps of the patient's current analysis, each with its
 * evidence, what closes it and by when, and, for a visit, its mark. The patient read is audited
 * (`quality-insights`) by `readPatientInScope` before anything is answered; a patient out of the
 * caller's scope, another organisation's, or a visit that is not this patient's is 404.
 */
export async function getQualityInsights(
  db: Db,
  caller: Caller,
  body: { cairnPatientId: string; sid?: string | undefined },
): Promise<QualityInsights> {
  const patient = await readPatientInScope(db, {
    ...caller,
    patientId: body.cairnPatientId,
    what: 'quality-insights',
    ...(body.sid ? { details: { sid: body.sid } } : {}),
  });
  const { organisationId } = caller.auth;
  let visit: { id: string } | undefined;
  if (body.sid !== undefined) {
    const scope = await loadCareScope(db, caller.auth);
    visit = await findVisitInScope(db, { scope, appointmentId: body.sid, patientId: patient.id });
    if (!visit) throw new AppError('NOT_FOUND', 'Summary not found.');
  }
  const [analysis, marks] = await Promise.all([
    findCurrentAnalysis(db, { organisationId, patientId: patient.id }),
    visit ? listMarks(db, { organisationId, appointmentId: visit.id }) : [],
  ]);
  const marksByMeasure = new Map(marks.map((row) => [row.measureId, markOut(row)]));
  return {
    patientId: patient.id,
    sid: visit?.id ?? null,
    isAnalysed: analysis !== undefined,
    asOf: analysis?.asOf ?? null,
    gaps: analysis ? careGapItemsOf(readStoredGaps(analysis.careGaps), marksByMeasure) : [],
    canMark: visit !== undefined && !isViewOnly(caller.auth),
  };
}

/**
 * Marks an open care gap of the current analysis as addressed at the visit. Marking
 * one already marked changes nothing. A measure the patient has no open gap for is 422 naming
 * `measureId`; while the patient's data is being analysed the gaps are not known: 409.
 */
export async function markCareGapAddressed(
  db: Db,
  realtime: Realtime,
  caller: Caller,
  body: { sid: string; measureId: string; note?: string | undefined },
): Promise<{ marks: CareGapMark[] }> {
  const visit = await openVisit(db, caller, body.sid);
  const key: VisitKey = { organisationId: caller.auth.organisationId, appointmentId: visit.id };
  if (!(await findMark(db, { ...key, measureId: body.measureId }))) {
    const analysis = await findCurrentAnalysis(db, { organisationId: key.organisationId, patientId: visit.patientId });
    if (!analysis) {
      throw new AppError('CONFLICT', "This patient's data is being analysed; mark the gap once it shows again.");
    }
    const gap = readStoredGaps(analysis.careGaps).find((candidate) => candidate.measureId === body.measureId);
    if (!gap || !isMarkable(gap)) {
      const message = `${body.measureId} is not an open care gap of this patient`;
      throw AppError.validation([{ field: 'measureId', message }]);
    }
    const inserted = await insertMark(db, {
      ...key,
      patientId: visit.patientId,
      measureId: gap.measureId,
      measureVersion: gap.measureVersion,
      measureTitle: gap.title,
      note: body.note || null,
      markedBy: caller.auth.userId,
    });
    if (inserted) await recordChange(db, realtime, { caller, visit, measureId: body.measureId, what: 'care-gap-mark' });
  }
  return { marks: (await listMarks(db, key)).map(markOut) };
}

/**
 * Takes back a mark before it is written to the EHR; unmarking a gap that is not marked changes
 * nothing. A mark already written (or being written) with the cart cannot be taken back: 409.
 */
export async function unmarkCareGapAddressed(
  db: Db,
  realtime: Realtime,
  caller: Caller,
  body: { sid: string; measureId: string },
): Promise<{ marks: CareGapMark[] }> {
  const visit = await openVisit(db, caller, body.sid);
  const key: VisitKey = { organisationId: caller.auth.organisationId, appointmentId: visit.id };
  const mark = await findMark(db, { ...key, measureId: body.measureId });
  if (mark?.sentAt) {
    throw new AppError(
      'CONFLICT',
      `${body.measureId} was written to the EHR with the cart; it can no longer be unmarked.`,
    );
  }
  if (mark && mark.writeIdentifier !== null && mark.sendStatus === null) {
    throw new AppError(
      'CONFLICT',
      `${body.measureId} is being written to the EHR with the cart; try again in a moment.`,
    );
  }
  if (await deleteUnsentMark(db, { ...key, measureId: body.measureId })) {
    await recordChange(db, realtime, { caller, visit, measureId: body.measureId, what: 'care-gap-unmark' });
  }
  return { marks: (await listMarks(db, key)).map(markOut) };
}

/** The visit when its patient is in the caller's scope; 404 otherwise (another organisation's included). */
async function openVisit(db: Db, caller: Caller, sid: string): Promise<{ id: string; patientId: string }> {
  if (!isUuid(sid)) throw new AppError('NOT_FOUND', 'Summary not found.');
  const scope = await loadCareScope(db, caller.auth);
  const visit = await findVisitInScope(db, { scope, appointmentId: sid });
  if (!visit) throw new AppError('NOT_FOUND', 'Summary not found.');
  return visit;
}

/** A `patient.write` audit entry, then the visit's `care-gap.changed` event for everyone looking at it. */
async function recordChange(
  db: Db,
  realtime: Realtime,
  options: { caller: Caller; visit: { id: string; patientId: string }; measureId: string; what: string },
): Promise<void> {
  const { caller, visit, measureId } = options;
  const { organisationId, userId } = caller.auth;
  await writeAudit(db, {
    organisationId,
    userId,
    patientId: visit.patientId,
    action: 'patient.write',
    clientAddress: caller.request.ip,
    details: { what: options.what, sid: visit.id, measureId },
  });
  const by = await findActor(db, organisationId, userId);
  await realtime
    .publish({
      organisationId,
      appointmentId: visit.id,
      event: { kind: 'care-gap.changed', measureIds: [measureId], by },
    })
    // The mark is stored; a browser that missed the event sees it on its next load.
    .catch((error: unknown) => caller.request.log.warn({ err: error }, 'publishing a care gap event failed'));
}

/** A stored mark as the tab shows it, with its write to the EHR so far. */
export function markOut(row: MarkRow): CareGapMark {
  const send: CareGapMark['send'] = row.sentAt
    ? { status: 'written', at: row.sentAt.toISOString() }
    : row.sendStatus === 'failed'
      ? {
          status: 'failed',
          ...(row.sendAttemptedAt ? { at: row.sendAttemptedAt.toISOString() } : {}),
          ...(row.sendFailureReason ? { reason: row.sendFailureReason } : {}),
        }
      : { status: 'pending' };
  return {
    measureId: row.measureId,
    markedBy: { userId: row.markedBy, name: row.markedByName },
    markedAt: row.markedAt.toISOString(),
    ...(row.note ? { note: row.note } : {}),
    send,
  };
}
