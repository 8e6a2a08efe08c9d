import {
  WORKLIST_GAP_STATUSES,
  type createFitBatch,
  type EndpointBody,
  type FieldIssue,
  type FitBatch,
  type FitCandidate,
  type FitKit,
  type FitKitCounts,
  type getFitCandidates,
  type listFitKits,
  type updateFitKit,
} from '@cairn/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { addDays, auditPatientsRead, auditPatientsWritten, type Caller } from './fit-access';
import { openWorkspace, clock } from '../quality';
import { listCandidates, readEligibility, type Eligibility } from './fit-candidates.repository';
import { findKit, insertBatch, listBatches, listKits, setKitStatus } from './fit-kits.repository';
import { findTemplate } from './fit-templates.repository';

export async function getCandidates(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof getFitCandidates>,
): Promise<{ rows: FitCandidate[]; total: number; page: number; pageSize: number }> {
  const scope = await openWorkspace(db, caller.auth);
  const { rows, total } = await listCandidates(db, {
    scope,
    filters: body.filters,
    today: clock().today,
    limit: body.pageSize,
    offset: (body.page - 1) * body.pageSize,
  });
  await auditPatientsRead(db, caller, {
    what: 'fit-candidates',
    patientIds: rows.map((row) => row.patient.cairnPatientId),
  });
  return { rows, total, page: body.page, pageSize: body.pageSize };
}

/** Why a patient cannot be sent a kit, or undefined when they can. */
function refusalOf(eligibility: Eligibility | undefined): string | undefined {
  if (!eligibility) return 'No such patient';
  const openStatuses: readonly string[] = WORKLIST_GAP_STATUSES;
  if (!eligibility.gapStatus || !openStatuses.includes(eligibility.gapStatus))
    return 'This patient has no open CMS130 gap';
  if (!eligibility.hasAddress) return 'This patient has no mailing address';
  if (eligibility.kitOutSince) return `A kit mailed on ${eligibility.kitOutSince} is still out`;
  return undefined;
}

/**
 * Mails a batch: every patient must be the caller's, with an open CMS130 gap, a mailing address and no
 * kit out, or nothing is done (422 naming each refused patient by position).
 */
export async function createBatch(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof createFitBatch>,
): Promise<FitBatch> {
  const scope = await openWorkspace(db, caller.auth);
  const mailedOn = body.mailedOn ?? clock().today;
  if (mailedOn > clock().today) throw AppError.validation([{ field: 'mailedOn', message: 'Is in the future' }]);
  const template = await findTemplate(db, scope.organisationId, body.templateId);
  if (!template) throw AppError.validation([{ field: 'templateId', message: 'No such template' }]);
  const eligibility = await readEligibility(db, { scope, patientIds: body.cairnPatientIds });
  const issues: FieldIssue[] = body.cairnPatientIds.flatMap((patientId, index) => {
    const message = refusalOf(eligibility.get(patientId));
    return message ? [{ field: `cairnPatientIds.${String(index)}`, message }] : [];
  });
  if (issues.length > 0) throw AppError.validation(issues);
  const batchId = await insertBatch(db, {
    organisationId: scope.organisationId,
    userId: caller.auth.userId,
    template,
    mailedOn,
    returnBy: addDays(mailedOn, template.returnByDays),
    patientIds: body.cairnPatientIds,
  });
  await auditPatientsWritten(db, caller, {
    what: 'fit-kit-mailed',
    patientIds: body.cairnPatientIds,
    details: { batchId },
  });
  const [batch] = await listBatches(db, { scope, batchId });
  if (!batch) throw new Error('batch not found after insert');
  return batch;
}

export async function getBatches(db: Db, caller: Caller): Promise<FitBatch[]> {
  return listBatches(db, { scope: await openWorkspace(db, caller.auth) });
}

export async function getKits(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof listFitKits>,
): Promise<{ rows: FitKit[]; total: number; counts: FitKitCounts; page: number; pageSize: number }> {
  const scope = await openWorkspace(db, caller.auth);
  const { rows, total, counts } = await listKits(db, {
    scope,
    filters: body.filters,
    today: clock().today,
    limit: body.pageSize,
    offset: (body.page - 1) * body.pageSize,
  });
  await auditPatientsRead(db, caller, { what: 'fit-kits', patientIds: rows.map((row) => row.patient.cairnPatientId) });
  return { rows, total, counts, page: body.page, pageSize: body.pageSize };
}

/** Records a kit returned, lost, declined or mailed again; its result comes only with its Observation. */
export async function changeKit(db: Db, caller: Caller, body: EndpointBody<typeof updateFitKit>): Promise<FitKit> {
  const scope = await openWorkspace(db, caller.auth);
  const kit = await findKit(db, { scope, kitId: body.kitId });
  if (!kit) throw new AppError('NOT_FOUND', 'Kit not found.');
  if (kit.status === 'resulted') throw new AppError('CONFLICT', 'A kit with its result keeps it.');
  const returnedOn = body.status === 'returned' ? (body.returnedOn ?? clock().today) : null;
  if (returnedOn && returnedOn < kit.mailedOn) {
    throw AppError.validation([{ field: 'returnedOn', message: 'Is before the kit was mailed' }]);
  }
  if (returnedOn && returnedOn > clock().today)
    throw AppError.validation([{ field: 'returnedOn', message: 'Is in the future' }]);
  if (!(await setKitStatus(db, { kitId: kit.id, status: body.status, returnedOn, userId: caller.auth.userId }))) {
    throw new AppError('CONFLICT', 'A kit with its result keeps it.');
  }
  const patientId = kit.patient.cairnPatientId;
  await auditPatientsWritten(db, caller, {
    what: 'fit-kit-status',
    patientIds: [patientId],
    details: { kitId: kit.id, status: body.status },
  });
  const changed = await findKit(db, { scope, kitId: kit.id });
  if (!changed) throw new AppError('NOT_FOUND', 'Kit not found.');
  return changed;
}
