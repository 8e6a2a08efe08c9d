import type {
  AdjacentAppointment,
  ClinicsHierarchy,
  HierarchyClinic,
  ScheduleFilters,
  ScheduleSummary,
  UserClinicsHierarchy,
} from '@cairn/contracts';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type AuthContext, writeAudit, auditPatientRead, isUuid, loadCareScope } from '../../access';
import { listHierarchy, listLinkedProviderIds, type HierarchyRow } from './clinics-hierarchy.repository';
import {
  findAdjacentVisit,
  findVisitInScope,
  listDayVisits,
  type AdjacentRow,
  type VisitRow,
} from './schedule.repository';

interface Caller {
  auth: AuthContext;
  request: FastifyRequest;
}

export interface DayRequest {
  isoDate: string;
  filters?: ScheduleFilters | undefined;
  patientLookup?: string | undefined;
}

/** The organisation's whole clinics hierarchy (names only: no patient data, nothing to audit). */
export async function getClinicsDepartmentsProviders(db: Db, auth: AuthContext): Promise<ClinicsHierarchy> {
  return { clinics: toTree(await listHierarchy(db, { organisationId: auth.organisationId })) };
}

/** The hierarchy the caller may see: a provider linked to providers sees only theirs; others the organisation's. */
export async function getUserClinicsHierarchy(db: Db, auth: AuthContext): Promise<UserClinicsHierarchy> {
  const scope = await loadCareScope(db, auth);
  const rows = await listHierarchy(db, { organisationId: auth.organisationId, providerIds: scope.providerIds });
  const linked = await listLinkedProviderIds(db, auth);
  return { clinics: toTree(rows), defaultFilter: { providerIds: linked } };
}

/** The summaries list (spec §7 getPermittedZones): the day's visits in scope with their analysis counts. */
export async function getPermittedZones(db: Db, caller: Caller, day: DayRequest): Promise<ScheduleSummary[]> {
  const scope = await loadCareScope(db, caller.auth);
  const { visits } = await listDayVisits(db, { ...day, scope });
  await auditScheduleRead(db, caller, { isoDate: day.isoDate, patients: countPatients(visits) });
  return visits.map(toSummary);
}

export async function getScheduleAppointments(
  db: Db,
  caller: Caller,
  day: DayRequest & { page: number; pageSize: number },
): Promise<{ appointments: ScheduleSummary[]; total: number; page: number; pageSize: number }> {
  const scope = await loadCareScope(db, caller.auth);
  const page = { limit: day.pageSize, offset: (day.page - 1) * day.pageSize };
  const { visits, total } = await listDayVisits(db, { ...day, scope, page });
  await auditScheduleRead(db, caller, { isoDate: day.isoDate, patients: countPatients(visits), page: day.page });
  return { appointments: visits.map(toSummary), total, page: day.page, pageSize: day.pageSize };
}

/**
 * The previous and next visit of the same day around `sid`, in the caller's filtered schedule. A visit
 * outside the caller's scope, or of another organisation, is not found (404). The two neighbours'
 * names are revealed, so each is audited as a patient read.
 */
export async function getAdjacentAppointments(
  db: Db,
  caller: Caller,
  input: { sid: string; filters?: ScheduleFilters | undefined },
): Promise<{ previous: AdjacentAppointment | null; next: AdjacentAppointment | null }> {
  const scope = await loadCareScope(db, caller.auth);
  const visit = isUuid(input.sid) ? await findVisitInScope(db, scope, input.sid) : undefined;
  if (!visit) throw new AppError('NOT_FOUND', 'Appointment not found.');
  const query = { scope, isoDate: visit.serviceDate, filters: input.filters, from: visit };
  const [previous, next] = await Promise.all([
    findAdjacentVisit(db, { ...query, direction: 'previous' }),
    findAdjacentVisit(db, { ...query, direction: 'next' }),
  ]);
  for (const neighbour of [previous, next]) {
    if (!neighbour) continue;
    await auditPatientRead(db, {
      ...caller,
      patientId: neighbour.patientId,
      what: 'schedule-adjacent',
      details: { sid: neighbour.id },
    });
  }
  return { previous: toAdjacent(previous), next: toAdjacent(next) };
}

/**
 * ONE `schedule.read` audit entry per list, with the day and how many patients it showed, rather than a
 * `patient.read` per listed patient: a day's list shows demographics only, and a provider opening the
 * schedule many times a day would otherwise write thousands of rows. Each patient's record is audited
 * as a `patient.read` when their portrait opens.
 */
async function auditScheduleRead(db: Db, caller: Caller, details: Record<string, unknown>): Promise<void> {
  await writeAudit(db, {
    organisationId: caller.auth.organisationId,
    userId: caller.auth.userId,
    action: 'schedule.read',
    clientAddress: caller.request.ip,
    details,
  });
}

function toSummary(visit: VisitRow): ScheduleSummary {
  return {
    sid: visit.id,
    cairnPatientId: visit.patientId,
    cairnAppointmentId: visit.id,
    startAt: visit.startAt.toISOString(),
    patientName: personName(visit.patientFirstName, visit.patientLastName),
    dateOfBirth: visit.birthDate,
    gender: visit.gender,
    mrn: visit.mrn,
    visitType: visit.visitType,
    status: visit.status,
    providerId: visit.providerId,
    providerName:
      visit.providerLastName === null
        ? null
        : providerName(visit.providerFirstName, visit.providerLastName, visit.providerSuffix),
    departmentName: visit.departmentName,
    clinicName: visit.clinicName,
    analysis:
      visit.openSuggestions === null || visit.hccCount === null || visit.openCareGaps === null
        ? { status: 'pending' }
        : {
            status: 'current',
            openSuggestions: visit.openSuggestions,
            hccCount: visit.hccCount,
            openCareGaps: visit.openCareGaps,
          },
  };
}

function countPatients(visits: VisitRow[]): number {
  return new Set(visits.map((visit) => visit.patientId)).size;
}

function toAdjacent(row: AdjacentRow | undefined): AdjacentAppointment | null {
  if (!row) return null;
  return {
    sid: row.id,
    cairnPatientId: row.patientId,
    patientName: personName(row.patientFirstName, row.patientLastName),
    startAt: row.startAt.toISOString(),
  };
}

function personName(firstName: string | null, lastName: string): string {
  return `${firstName ?? ''} ${lastName}`.trim();
}

function providerName(firstName: string | null, lastName: string, suffix: string | null): string {
  const name = personName(firstName, lastName);
  return suffix ? `${name}, ${suffix}` : name;
}

/** Flat join rows (ordered by clinic, department, provider) folded into the tree. */
function toTree(rows: HierarchyRow[]): HierarchyClinic[] {
  const clinics = new Map<string, HierarchyClinic>();
  const departments = new Map<string, HierarchyClinic['departments'][number]>();
  for (const row of rows) {
    let clinic = clinics.get(row.clinicId);
    if (!clinic) {
      clinic = { id: row.clinicId, name: row.clinicName, departments: [] };
      clinics.set(row.clinicId, clinic);
    }
    if (row.departmentId === null || row.departmentName === null) continue;
    let department = departments.get(row.departmentId);
    if (!department) {
      department = { id: row.departmentId, name: row.departmentName, providers: [] };
      departments.set(row.departmentId, department);
      clinic.departments.push(department);
    }
    if (row.providerId === null || row.providerLastName === null) continue;
    department.providers.push({
      id: row.providerId,
      name: providerName(row.providerFirstName, row.providerLastName, row.providerSuffix),
    });
  }
  return [...clinics.values()];
}
