import type { ScheduleFilters } from '@cairn/contracts';
import { and, asc, desc, eq, gt, gte, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import { currentAnalysisJoin } from '../analysis';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { appointments, clinics, departments, patientAnalyses, patients, providers } from '../../db/clinical-schema';
import { appointmentInScope, type CareScope } from '../../access';

/**
 * Visits that never happen are not on the schedule: a cancelled one, or one entered in error. Written
 * into the SQL text, not bound: with `status not in ($1, $2)` a prepared (generic) plan expects one row
 * of the whole day and joins providers by a scan per visit (measured: 212 ms instead of 57 ms for an
 * organisation's day of 8,000 visits).
 */
const onSchedule = sql`${appointments.status} not in ('cancelled', 'entered-in-error')`;

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
 * are joined by primary key. With `page`, the total comes from a window count in the same query. The
 * query has a handful of shapes (the caller's kind of scope, which filter lists are set, a lookup, a
 * page); each is built once with placeholders and prepared, so PostgreSQL plans it once per connection
 * (a day's list is the schedule's most frequent call: planning cost more than running it).
 */
export async function listDayVisits(
  db: Db,
  query: DayQuery & { page?: { limit: number; offset: number } },
): Promise<{ visits: VisitRow[]; total: number }> {
  const shape = { ...dayShape(query), isPaged: query.page !== undefined };
  const statement = preparedOnce(db, `schedule_day_${shapeName(shape)}`, (name) => prepareDayVisits(db, shape, name));
  const rows = await statement.execute({ ...dayValues(query), ...query.page });
  const total = rows[0]?.total ?? (query.page ? await countDayVisits(db, query) : 0);
  return { visits: rows.map(({ total: _total, ...row }) => row), total };
}

function prepareDayVisits(db: Db, shape: DayShape & { isPaged: boolean }, name: string) {
  const query = db
    .select({ ...visitColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(providers, eq(providers.id, appointments.providerId))
    .leftJoin(departments, sql`${departments.id} = ${visitDepartmentId}`)
    .leftJoin(clinics, eq(clinics.id, departments.clinicId))
    // The analysis counts ride on the visits query (pending when the analysis is older than the data).
    .leftJoin(patientAnalyses, currentAnalysisJoin)
    .where(dayCondition(db, shape))
    .orderBy(asc(appointments.startAt), asc(appointments.id))
    .$dynamic();
  const page = shape.isPaged ? query.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : query;
  return page.prepare(name);
}

/** Only for a page past the end, where the window count has no row to ride on. */
async function countDayVisits(db: Db, query: DayQuery): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(providers, eq(providers.id, appointments.providerId))
    .leftJoin(departments, sql`${departments.id} = ${visitDepartmentId}`)
    .where(dayCondition(db, dayShape(query)))
    .execute(dayValues(query));
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
        dayCondition(db, dayShape(query)),
        or(
          compare(appointments.startAt, from.startAt),
          and(eq(appointments.startAt, from.startAt), compare(appointments.id, from.id)),
        ),
      ),
    )
    .orderBy(order(appointments.startAt), order(appointments.id))
    .limit(1)
    .execute(dayValues(query));
  return row;
}

/**
 * What decides a day query's SQL text: the caller's kind of scope, which filter lists are set and
 * whether there is a lookup. Everything else is a placeholder's value ({@link dayValues}).
 */
interface DayShape {
  /**
   * `organisation`: the whole organisation's day. `provider-filter`: a provider whose filter names
   * providers only (the schedule's default, their own). `provider-candidates`: any other provider.
   */
  scope: 'organisation' | 'provider-filter' | 'provider-candidates';
  filters: { providers: boolean; departments: boolean; clinics: boolean };
  hasLookup: boolean;
}

function dayShape({ scope, filters, patientLookup }: DayQuery): DayShape {
  const set = {
    providers: (filters?.providerIds?.length ?? 0) > 0,
    departments: (filters?.departmentIds?.length ?? 0) > 0,
    clinics: (filters?.clinicIds?.length ?? 0) > 0,
  };
  const isProviderFilterOnly = set.providers && !set.departments && !set.clinics;
  return {
    scope: !scope.providerIds ? 'organisation' : isProviderFilterOnly ? 'provider-filter' : 'provider-candidates',
    filters: set,
    hasLookup: (patientLookup?.trim() ?? '') !== '',
  };
}

function shapeName(shape: DayShape & { isPaged: boolean }): string {
  const { providers, departments, clinics } = shape.filters;
  const filters = [providers ? 'p' : '', departments ? 'd' : '', clinics ? 'c' : ''].join('') || 'all';
  return [shape.scope.replace('-', '_'), filters, shape.hasLookup ? 'lookup' : '', shape.isPaged ? 'page' : '']
    .filter(Boolean)
    .join('_');
}

/** The values of a day query's placeholders. */
function dayValues({ scope, isoDate, filters, patientLookup }: DayQuery) {
  const text = patientLookup?.trim().toLowerCase() ?? '';
  const words = text.split(/[\s,]+/).filter((word) => word.length > 0);
  return {
    organisationId: scope.organisationId,
    isoDate,
    scopeProviderIds: [...(scope.providerIds ?? [])],
    filterProviderIds: filters?.providerIds ?? [],
    filterDepartmentIds: filters?.departmentIds ?? [],
    filterClinicIds: filters?.clinicIds ?? [],
    lookupPrefixes: words.map((word) => `${escapeLike(word)}%`),
    lookupText: text,
  };
}

/**
 * `column = any(<the placeholder's uuid array>)`, the array read by a subquery so that no plan sees its
 * values, and PostgreSQL keeps the plan it prepared. Were the values visible, a plan made for each
 * request would look a little cheaper (one provider, where an unknown array is taken for ten), and it
 * would plan every request again (0.5 ms of a 1 ms query; measured: 655 instead of 1,000 requests/s
 * for a provider's day).
 */
function isAnyOf(column: SQLWrapper, placeholder: string): SQL {
  return sql`${column} = any(array(select unnest(${sql.placeholder(placeholder)}::uuid[])))`;
}

function dayCondition(db: Db, shape: DayShape): SQL | undefined {
  return and(
    scopedDayCondition(db, shape),
    eq(appointments.serviceDate, sql.placeholder('isoDate')),
    onSchedule,
    // A provider-only filter is the scope's own condition already (said twice, 1 row is expected, not 40).
    shape.scope === 'provider-filter' ? undefined : filterCondition(shape.filters),
    shape.hasLookup ? lookupCondition() : undefined,
  );
}

/**
 * The caller's scope on one day, written so that the fewest rows are read. Organisation-wide callers:
 * the organisation's day. A provider whose filter names providers only (the schedule's default, their
 * own): those providers' visits of the day drive the query (`appointments_provider_day`), each kept when
 * it is the caller's own or the patient's primary provider is the caller's. Otherwise the caller's
 * candidate visits of the day drive it (their own visits and their primary-care patients' visits).
 */
function scopedDayCondition(db: Db, shape: DayShape): SQL | undefined {
  const inOrganisation = eq(appointments.organisationId, sql.placeholder('organisationId'));
  if (shape.scope === 'organisation') return inOrganisation;
  if (shape.scope === 'provider-candidates') return providerDayCandidates(db);
  return and(
    isAnyOf(appointments.providerId, 'filterProviderIds'),
    inOrganisation,
    or(isAnyOf(appointments.providerId, 'scopeProviderIds'), isAnyOf(patients.primaryProviderId, 'scopeProviderIds')),
  );
}

const scopedVisits = alias(appointments, 'scoped_visits');
const primaryCarePatients = alias(patients, 'primary_care_patients');

/**
 * For a provider's scope, the day's candidate visits found through indexes: their own visits
 * (`appointments_provider_day`) and their primary-care patients' visits (`patients_primary_provider`,
 * then `appointments_patient`; each step an `= any(array(...))`, so that the plan prepared once keeps
 * that order). The service date is the visit's local day, so its start lies within
 * 14 hours (the widest UTC offsets) of that day. `appointmentInScope` alone is an OR with a subquery, which PostgreSQL
 * can only apply as a filter over the whole organisation's day (measured: 150 ms instead of a few ms
 * on 100,000 patients and 10,000 visits a day). The candidates are exactly the visits in scope that day.
 */
function providerDayCandidates(db: Db): SQL {
  const isoDate = sql`${sql.placeholder('isoDate')}::date`;
  const ownVisits = db
    .select({ id: scopedVisits.id })
    .from(scopedVisits)
    .where(and(isAnyOf(scopedVisits.providerId, 'scopeProviderIds'), eq(scopedVisits.serviceDate, isoDate)));
  const primaryCarePatientIds = db
    .select({ id: primaryCarePatients.id })
    .from(primaryCarePatients)
    .where(
      and(
        eq(primaryCarePatients.organisationId, sql.placeholder('organisationId')),
        isAnyOf(primaryCarePatients.primaryProviderId, 'scopeProviderIds'),
      ),
    );
  const primaryCareVisits = db
    .select({ id: scopedVisits.id })
    .from(scopedVisits)
    .where(
      and(
        // Patients first, whatever the estimate: a generic plan would otherwise read the whole day's visits.
        sql`${scopedVisits.patientId} = any(array(${primaryCarePatientIds}))`,
        // The start range lets `appointments_patient` (patient, start) find the day's visit directly.
        gte(scopedVisits.startAt, sql`${isoDate} - interval '14 hours'`),
        lt(scopedVisits.startAt, sql`${isoDate} + interval '38 hours'`),
        eq(scopedVisits.serviceDate, isoDate),
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
function filterCondition(set: DayShape['filters']): SQL | undefined {
  const parts: SQL[] = [];
  if (set.providers) parts.push(isAnyOf(appointments.providerId, 'filterProviderIds'));
  if (set.departments) parts.push(isAnyOf(visitDepartmentId, 'filterDepartmentIds'));
  if (set.clinics) parts.push(isAnyOf(departments.clinicId, 'filterClinicIds'));
  return parts.length > 0 ? or(...parts) : undefined;
}

/**
 * Patient lookup on the day's list: every word starts the first or the last name, or the whole text is
 * the MRN (case-insensitive). The day's visits are few, so this runs over the rows the day index found.
 */
function lookupCondition(): SQL {
  const prefixes = sql`${sql.placeholder('lookupPrefixes')}::text[]`;
  const everyWordStartsAName = sql`(cardinality(${prefixes}) > 0 and not exists (
    select 1 from unnest(${prefixes}) as word(prefix)
     where not (lower(${patients.firstName}) like word.prefix or lower(${patients.lastName}) like word.prefix)))`;
  return sql`(${everyWordStartsAName} or lower(${patients.mrn}) = ${sql.placeholder('lookupText')})`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
