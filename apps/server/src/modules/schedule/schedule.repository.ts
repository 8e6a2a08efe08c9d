import type { ScheduleFilters } from '@cairn/contracts';
import { and, asc, desc, eq, gt, gte, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import { currentAnalysisJoin } from '../analysis/analysis.repository';
import type { Db } from '../../db/client';
import { appointments, clinics, departments, patientAnalyses, patients, providers } from '../../db/clinical-schema';
import { appointmentInScope, type CareScope } from '../patients/care-scope';

/** Visits that never happen are not on the schedule: a cancelled one, or one entered in error. */
const OFF_SCHEDULE_STATUSES = ['cancelled', 'entered-in-error'];

export interface VisitRow {
  id: string;
  patientId: string;
  startAt: Date;
  status: string;
  visitType: string;
  providerId: string | null;
  patientFirstName: string;
  patientLastName: string;
  birthDate: string;
  gender: string;
  mrn: string | null;
  providerFirstName: string | null;
  providerLastName: string | null;
  providerSuffix: string | null;
  departmentName: string | null;
  clinicName: string | null;
  /** The counts of the patient's analysis when it matches their current data; all null while pending. */
  openSuggestions: number | null;
  hccCount: number | null;
  openCareGaps: number | null;
}

export interface DayQuery {
  scope: CareScope;
  isoDate: string;
  filters?: ScheduleFilters | undefined;
  patientLookup?: string | undefined;
}

/** The visit's department: its own, or else its provider's (providers are placed in departments). */
const visitDepartmentId = sql`coalesce(${appointments.departmentId}, ${providers.departmentId})`;

const visitColumns = {
  id: appointments.id,
  patientId: appointments.patientId,
  startAt: appointments.startAt,
  status: appointments.status,
  visitType: appointments.visitType,
  providerId: appointments.providerId,
  patientFirstName: patients.firstName,
  patientLastName: patients.lastName,
  birthDate: patients.birthDate,
  gender: patients.gender,
  mrn: patients.mrn,
  providerFirstName: providers.firstName,
  providerLastName: providers.lastName,
  providerSuffix: providers.suffix,
  departmentName: departments.name,
  clinicName: clinics.name,
  openSuggestions: patientAnalyses.openSuggestions,
  hccCount: patientAnalyses.hccCount,
  openCareGaps: patientAnalyses.openCareGaps,
};

/**
 * The visits of a day in scope, ordered by time, in ONE query: the `appointments_day` index
 * (organisation, service date, start) finds the day, and patients, providers, departments and clinics
 * are joined by primary key. With `page`, the total comes from a window count in the same query.
 */
export async function listDayVisits(
  db: Db,
  query: DayQuery & { page?: { limit: number; offset: number } },
): Promise<{ visits: VisitRow[]; total: number }> {
  const base = db
    .select({ ...visitColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(providers, eq(providers.id, appointments.providerId))
    .leftJoin(departments, sql`${departments.id} = ${visitDepartmentId}`)
    .leftJoin(clinics, eq(clinics.id, departments.clinicId))
    // The analysis counts ride on the visits query (pending when the analysis is older than the data).
    .leftJoin(patientAnalyses, currentAnalysisJoin)
    .where(and(dayCondition(db, query), lookupCondition(query.patientLookup)))
    .orderBy(asc(appointments.startAt), asc(appointments.id));
  const rows = query.page ? await base.limit(query.page.limit).offset(query.page.offset) : await base;
  const total = rows[0]?.total ?? (query.page ? await countDayVisits(db, query) : 0);
  return { visits: rows.map(({ total: _total, ...row }) => row), total };
}

/** Only for a page past the end, where the window count has no row to ride on. */
async function countDayVisits(db: Db, query: DayQuery): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(providers, eq(providers.id, appointments.providerId))
    .leftJoin(departments, sql`${departments.id} = ${visitDepartmentId}`)
    .where(and(dayCondition(db, query), lookupCondition(query.patientLookup)));
  return row?.total ?? 0;
}

export interface AdjacentRow {
  id: string;
  patientId: string;
  startAt: Date;
  patientFirstName: string;
  patientLastName: string;
}

/** The visit by its id when in scope (on any day), with its day. */
export async function findVisitInScope(
  db: Db,
  scope: CareScope,
  appointmentId: string,
): Promise<{ id: string; startAt: Date; serviceDate: string } | undefined> {
  const [row] = await db
    .select({ id: appointments.id, startAt: appointments.startAt, serviceDate: appointments.serviceDate })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), appointmentInScope(scope)));
  return row;
}

/** The visit just before (or after) the given one in the day's time order (start, then id). */
export async function findAdjacentVisit(
  db: Db,
  query: DayQuery & { from: { id: string; startAt: Date }; direction: 'previous' | 'next' },
): Promise<AdjacentRow | undefined> {
  const { from, direction } = query;
  const compare = direction === 'previous' ? lt : gt;
  const order = direction === 'previous' ? desc : asc;
  const [row] = await db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      startAt: appointments.startAt,
      patientFirstName: patients.firstName,
      patientLastName: patients.lastName,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(providers, eq(providers.id, appointments.providerId))
    .leftJoin(departments, sql`${departments.id} = ${visitDepartmentId}`)
    .where(
      and(
        dayCondition(db, query),
        or(
          compare(appointments.startAt, from.startAt),
          and(eq(appointments.startAt, from.startAt), compare(appointments.id, from.id)),
        ),
      ),
    )
    .orderBy(order(appointments.startAt), order(appointments.id))
    .limit(1);
  return row;
}

function dayCondition(db: Db, query: DayQuery): SQL | undefined {
  return and(
    scopedDayCondition(db, query),
    eq(appointments.serviceDate, query.isoDate),
    notInArray(appointments.status, OFF_SCHEDULE_STATUSES),
    filterCondition(query.filters),
  );
}

/**
 * The caller's scope on one day, written so that the fewest rows are read. Organisation-wide callers:
 * the organisation's day. A provider whose filter names providers only (the schedule's default, their
 * own): those providers' visits of the day drive the query (`appointments_provider_day`), each kept when
 * it is the caller's own or the patient's primary provider is the caller's. Otherwise the caller's
 * candidate visits of the day drive it (their own visits and their primary-care patients' visits).
 */
function scopedDayCondition(db: Db, query: DayQuery): SQL | undefined {
  const { scope, filters } = query;
  if (!scope.providerIds) return appointmentInScope(scope);
  const own = [...scope.providerIds];
  const isProviderFilterOnly =
    (filters?.providerIds?.length ?? 0) > 0 && !filters?.departmentIds?.length && !filters?.clinicIds?.length;
  if (!isProviderFilterOnly) return providerDayCandidates(db, query, own);
  return and(
    sql`${appointments.providerId} = any(${sql.param(filters?.providerIds ?? [])}::uuid[])`,
    eq(appointments.organisationId, scope.organisationId),
    or(inArray(appointments.providerId, own), inArray(patients.primaryProviderId, own)),
  );
}

const scopedVisits = alias(appointments, 'scoped_visits');
const primaryCarePatients = alias(patients, 'primary_care_patients');

/**
 * For a provider's scope, the day's candidate visits found through indexes: their own visits
 * (`appointments_provider_day`) and their primary-care patients' visits (`patients_primary_provider`,
 * then `appointments_patient`). The service date is the visit's local day, so its start lies within
 * 14 hours (the widest UTC offsets) of that day. `appointmentInScope` alone is an OR with a subquery, which PostgreSQL
 * can only apply as a filter over the whole organisation's day (measured: 150 ms instead of a few ms
 * on 100,000 patients and 10,000 visits a day). The candidates are exactly the visits in scope that day.
 */
function providerDayCandidates(db: Db, query: DayQuery, providerIds: string[]): SQL {
  const ownVisits = db
    .select({ id: scopedVisits.id })
    .from(scopedVisits)
    .where(and(inArray(scopedVisits.providerId, providerIds), eq(scopedVisits.serviceDate, query.isoDate)));
  const primaryCareVisits = db
    .select({ id: scopedVisits.id })
    .from(primaryCarePatients)
    .innerJoin(scopedVisits, eq(scopedVisits.patientId, primaryCarePatients.id))
    .where(
      and(
        eq(primaryCarePatients.organisationId, query.scope.organisationId),
        inArray(primaryCarePatients.primaryProviderId, providerIds),
        // The start range lets `appointments_patient` (patient, start) find the day's visit directly.
        gte(scopedVisits.startAt, sql`${query.isoDate}::date - interval '14 hours'`),
        lt(scopedVisits.startAt, sql`${query.isoDate}::date + interval '38 hours'`),
        eq(scopedVisits.serviceDate, query.isoDate),
      ),
    );
  // `= any(array(...))` makes the few candidate visits drive the query (an index lookup each) instead of
  // a semi-join that the planner may satisfy by reading the whole organisation's day.
  return sql`${appointments.id} = any(array(${unionAll(ownVisits, primaryCareVisits)}))`;
}

/**
 * The filter is a selection in the clinics hierarchy: a visit matches when its clinic, its department
 * or its provider is selected (a whole clinic plus one provider of another clinic shows both). Empty
 * lists select nothing in particular, that is everything in scope.
 */
function filterCondition(filters: ScheduleFilters | undefined): SQL | undefined {
  const parts: SQL[] = [];
  if (filters?.providerIds?.length) parts.push(inArray(appointments.providerId, filters.providerIds));
  if (filters?.departmentIds?.length) parts.push(inArray(visitDepartmentId, filters.departmentIds));
  if (filters?.clinicIds?.length) parts.push(inArray(departments.clinicId, filters.clinicIds));
  return parts.length > 0 ? or(...parts) : undefined;
}

/**
 * Patient lookup on the day's list: every word starts the first or the last name, or the whole text is
 * the MRN (case-insensitive). The day's visits are few, so this runs over the rows the day index found.
 */
function lookupCondition(lookup: string | undefined): SQL | undefined {
  const text = lookup?.trim().toLowerCase();
  if (!text) return undefined;
  const words = text.split(/[\s,]+/).filter((word) => word.length > 0);
  const byName = words.map((word) => {
    const prefix = `${escapeLike(word)}%`;
    return sql`(lower(${patients.firstName}) like ${prefix} or lower(${patients.lastName}) like ${prefix})`;
  });
  return or(and(...byName), sql`lower(${patients.mrn}) = ${text}`);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
