import {
  type AppointmentDetails,
  type PatientDemographics,
  type PatientListItem,
  PATIENT_LOOKUP_LIMIT,
} from '@cairn/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  writeAudit,
  type AuthContext,
  shouldSkipValidation,
  auditPatientRead,
  isUuid,
  loadCareScope,
  type CareScope,
} from '../../access';
import { buildBanner } from './banner';
import { bannerCacheKey, type BannerCache } from './banner-cache';
import { parsePatientSearch, type PatientSearch } from './patient-search';
import {
  countPatients,
  findAppointmentDetailsRow,
  findPatientBannerRow,
  listPatients,
  nextVisits,
  providerName,
  UNUSABLE_VISIT_STATUSES,
  type PatientListRow,
} from './patients.repository';

interface Caller {
  auth: AuthContext;
  request: FastifyRequest;
}

async function toListItems(db: Db, scope: CareScope, rows: PatientListRow[]): Promise<PatientListItem[]> {
  const visits = await nextVisits(
    db,
    scope,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const next = visits.get(row.id);
    return {
      cairnPatientId: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      dateOfBirth: row.birthDate,
      gender: row.gender,
      mrn: row.mrn,
      primaryProviderName: providerName({ firstName: row.primaryFirstName, lastName: row.primaryLastName }),
      nextVisit: next ? { sid: next.sid, startAt: next.startAt.toISOString() } : null,
    };
  });
}

/** One audit entry per search: which patients it revealed, never the search text (it may be a name). */
async function auditSearch(
  db: Db,
  caller: Caller,
  what: string,
  search: PatientSearch | undefined,
  items: PatientListItem[],
) {
  await writeAudit(db, {
    organisationId: caller.auth.organisationId,
    userId: caller.auth.userId,
    action: 'patient.search',
    clientAddress: caller.request.ip,
    details: { what, searchedBy: search?.kind ?? 'none', patientIds: items.map((item) => item.cairnPatientId) },
  });
}

export async function lookupPatients(db: Db, caller: Caller, searchText: string): Promise<PatientListItem[]> {
  const scope = await loadCareScope(db, caller.auth);
  const search = parsePatientSearch(searchText);
  const rows = await listPatients(db, { scope, search, limit: PATIENT_LOOKUP_LIMIT, offset: 0 });
  const items = await toListItems(db, scope, rows);
  await auditSearch(db, caller, 'patient-lookup', search, items);
  return items;
}

export interface PatientsPage {
  patients: PatientListItem[];
  total: number;
  page: number;
  pageSize: number;
}

export async function listPatientsPage(
  db: Db,
  caller: Caller,
  options: { searchText?: string | undefined; page: number; pageSize: number },
): Promise<PatientsPage> {
  const scope = await loadCareScope(db, caller.auth);
  const search = options.searchText === undefined ? undefined : parsePatientSearch(options.searchText);
  const offset = (options.page - 1) * options.pageSize;
  const [rows, total] = await Promise.all([
    listPatients(db, { scope, search, limit: options.pageSize, offset }),
    countPatients(db, scope, search),
  ]);
  const items = await toListItems(db, scope, rows);
  await auditSearch(db, caller, 'patients', search, items);
  return { patients: items, total, page: options.page, pageSize: options.pageSize };
}

export async function getPatientDemographics(db: Db, caller: Caller, patientId: string): Promise<PatientDemographics> {
  const scope = await loadCareScope(db, caller.auth);
  const row = isUuid(patientId) ? await findPatientBannerRow(db, scope, patientId) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Patient not found.');
  const [, banner] = await Promise.all([
    auditPatientRead(db, { ...caller, patientId: row.patient.id, what: 'demographics' }),
    buildBanner(db, scope, row),
  ]);
  return banner;
}

export interface AppointmentDetailsOptions {
  by: { sid: string } | { nid: string };
  useCache: boolean;
  skipValidation: boolean;
  cache: BannerCache;
}

const UNUSABLE_MESSAGES: Record<(typeof UNUSABLE_VISIT_STATUSES)[number], string> = {
  cancelled: 'This visit was cancelled.',
  'entered-in-error': 'This visit was entered in error.',
  noshow: 'This visit is a no-show.',
};

/** Why a visit cannot be opened (spec §5), or undefined when it can. */
function unusableReason(status: string, deceasedDate: string | null): { reason: string; message: string } | undefined {
  const unusable = UNUSABLE_VISIT_STATUSES.find((candidate) => candidate === status);
  if (unusable) return { reason: unusable, message: UNUSABLE_MESSAGES[unusable] };
  if (deceasedDate !== null) return { reason: 'deceased', message: "This visit's patient is deceased." };
  return undefined;
}

/**
 * A visit and its patient's banner in few indexed queries: the visit, its patient and every name in one
 * query, then (unless cached) coverages, the analysis and the visit list together. Validation refuses an
 * unusable visit unless an admin asked to skip it (spec §2, §6).
 */
export async function getAppointmentDetails(
  db: Db,
  caller: Caller,
  options: AppointmentDetailsOptions,
): Promise<AppointmentDetails> {
  const scope = await loadCareScope(db, caller.auth);
  const canMatch = 'nid' in options.by || isUuid(options.by.sid);
  const row = canMatch ? await findAppointmentDetailsRow(db, scope, options.by) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Visit not found.');
  const { appointment, patient } = row;
  const audit = auditPatientRead(db, {
    ...caller,
    patientId: patient.id,
    what: 'appointment-details',
    details: { sid: appointment.id },
  });
  const refusal = unusableReason(appointment.status, patient.deceasedDate);
  if (refusal && !shouldSkipValidation(caller.auth, options.skipValidation)) {
    await audit;
    throw new AppError('NOT_FOUND', refusal.message, { reason: refusal.reason });
  }
  const key = bannerCacheKey({
    sid: appointment.id,
    dataVersion: patient.dataVersion,
    analysisComputedAt: row.analysisComputedAt,
    providerIds: scope.providerIds,
  });
  const cached = options.useCache ? options.cache.get(key) : undefined;
  // The audit entry and the visit list are written and read side by side: one round trip less.
  const [, banner] = await Promise.all([audit, cached ?? buildBanner(db, scope, row)]);
  if (!cached) options.cache.set(key, banner);
  return {
    appointment: {
      sid: appointment.id,
      nid: appointment.source === 'EHR' ? appointment.sourceId : null,
      startAt: appointment.startAt.toISOString(),
      endAt: appointment.endAt?.toISOString() ?? null,
      serviceDate: appointment.serviceDate,
      status: appointment.status,
      visitType: appointment.visitType,
      reason: appointment.reason,
      providerId: appointment.providerId,
      providerName: providerName({ firstName: row.providerFirstName, lastName: row.providerLastName }),
      departmentName: row.departmentName,
      clinicName: row.clinicName,
      encounterId: row.encounterSourceId,
    },
    patient: banner,
  };
}
