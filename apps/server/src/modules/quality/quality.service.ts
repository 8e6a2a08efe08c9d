import {
  QUALITY_EXPORT_LIMIT,
  type Endpoint,
  type EndpointBody,
  type EndpointResponse,
  type exportQualityWorklist,
  type getQualityArchive,
  type getQualityPatients,
  type getQualityWorklist,
  type QualityMeasure,
} from '@cairn/contracts';
import type { FastifyRequest } from 'fastify';
import { auditPatientRead, loadCareScope, type AuthContext, type CareScope } from '../../access';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { evaluateFlagsFor } from '../flags';
import { parsePatientSearch } from '../patients';
import { listPatientsWithGapCounts } from './quality-patients.repository';
import { listArchive, listMeasures, readWorklistRows } from './quality-rows.repository';
import {
  countWorklist,
  findChosenProviders,
  findWorklistPage,
  type WorklistQuery,
} from './quality-worklist.repository';

export interface Caller {
  auth: AuthContext;
  request: FastifyRequest;
}

type Result<E extends Endpoint> = EndpointResponse<E> extends { result: infer R } ? R : never;

/**
 * Spec §6: the Quality Workspace needs quality_tool (the endpoint's permission, checked before the
 * handler; an admin holds it) and the OrganizationQuality configuration, which an admin does not need.
 * The configuration is the flag as evaluated for the caller, as their browser sees it.
 */
export async function openWorkspace(db: Db, auth: AuthContext): Promise<CareScope> {
  if (!auth.isAdmin) {
    const flags = await evaluateFlagsFor(db, auth);
    if (flags?.configuration_OrganizationQuality !== true) {
      throw new AppError('FORBIDDEN', 'The Quality Workspace is not turned on for this organisation.');
    }
  }
  return loadCareScope(db, auth);
}

/** One `patient.read` entry per patient shown (written in one insert): who saw which patient's gaps, from where. */
async function auditPatientsShown(db: Db, caller: Caller, what: string, patientIds: readonly string[]): Promise<void> {
  await Promise.all([...new Set(patientIds)].map((patientId) => auditPatientRead(db, { ...caller, patientId, what })));
}

/** The caller's calendar day (the server's time zone, as the analysis and the schedule take it) and time. */
export function clock(): { today: string; now: Date } {
  const now = new Date();
  const pad = (value: number): string => String(value).padStart(2, '0');
  return { today: `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`, now };
}

type WorklistBody = Pick<EndpointBody<typeof getQualityWorklist>, 'filters' | 'sort' | 'direction'>;

async function worklistQuery(
  db: Db,
  scope: CareScope,
  body: WorklistBody,
  page: { limit: number; offset: number },
): Promise<WorklistQuery> {
  return {
    scope,
    filters: body.filters,
    chosenProviderIds: await findChosenProviders(db, scope.organisationId, body.filters),
    sort: body.sort,
    isDescending: body.direction === 'descending',
    ...page,
    ...clock(),
  };
}

/** The page's rows and the total: counted beside the page unless finding the page counted them. */
async function readWorklist(db: Db, query: WorklistQuery) {
  const counting = query.sort === 'patientName' || query.sort === 'nextVisit' ? countWorklist(db, query) : undefined;
  const [page, counted] = await Promise.all([findWorklistPage(db, query), counting]);
  const rows = await readWorklistRows(db, {
    organisationId: query.scope.organisationId,
    keys: page.keys,
    now: query.now,
  });
  return { rows, total: page.total ?? counted ?? 0 };
}

export async function getWorklistPage(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof getQualityWorklist>,
): Promise<Result<typeof getQualityWorklist>> {
  const scope = await openWorkspace(db, caller.auth);
  const query = await worklistQuery(db, scope, body, { limit: body.pageSize, offset: (body.page - 1) * body.pageSize });
  const { rows, total } = await readWorklist(db, query);
  await auditPatientsShown(
    db,
    caller,
    'quality-worklist',
    rows.map((row) => row.patient.cairnPatientId),
  );
  return { rows, total, page: body.page, pageSize: body.pageSize };
}

export async function exportWorklist(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof exportQualityWorklist>,
): Promise<Result<typeof exportQualityWorklist>> {
  const scope = await openWorkspace(db, caller.auth);
  const query = await worklistQuery(db, scope, body, { limit: QUALITY_EXPORT_LIMIT, offset: 0 });
  const { rows, total } = await readWorklist(db, query);
  await auditPatientsShown(
    db,
    caller,
    'quality-worklist-export',
    rows.map((row) => row.patient.cairnPatientId),
  );
  return { rows, total, isTruncated: total > rows.length };
}

/** The measures with their counts: numbers only, no patient shown, so nothing to audit. */
export async function getMeasures(db: Db, caller: Caller): Promise<QualityMeasure[]> {
  return listMeasures(db, await openWorkspace(db, caller.auth));
}

export async function getPatientsPage(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof getQualityPatients>,
): Promise<Result<typeof getQualityPatients>> {
  const scope = await openWorkspace(db, caller.auth);
  const search = body.searchText === undefined ? undefined : parsePatientSearch(body.searchText);
  const { rows, total } = await listPatientsWithGapCounts(db, {
    scope,
    search,
    limit: body.pageSize,
    offset: (body.page - 1) * body.pageSize,
  });
  await auditPatientsShown(
    db,
    caller,
    'quality-patients',
    rows.map((row) => row.patient.cairnPatientId),
  );
  return { patients: rows, total, page: body.page, pageSize: body.pageSize };
}

export async function getArchivePage(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof getQualityArchive>,
): Promise<Result<typeof getQualityArchive>> {
  const scope = await openWorkspace(db, caller.auth);
  const { rows, total } = await listArchive(db, {
    scope,
    filters: body.filters,
    limit: body.pageSize,
    offset: (body.page - 1) * body.pageSize,
  });
  await auditPatientsShown(
    db,
    caller,
    'quality-archive',
    rows.map((row) => row.patient.cairnPatientId),
  );
  return { rows, total, page: body.page, pageSize: body.pageSize };
}
