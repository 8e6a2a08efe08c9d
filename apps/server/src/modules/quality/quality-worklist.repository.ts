import { WORKLIST_GAP_STATUSES, type QualityWorklistFilters, type QualityWorklistSort } from '@cairn/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { patientInScope, type CareScope } from '../../access';
import type { Db } from '../../db/client';
import { UNUSABLE_VISIT_STATUSES } from '../patients';
import { rowsOf } from './quality-sql';

/**
 * The worklist's page of gaps (issue 19, budget: a filtered page within 200 ms on 100,000 patients).
 * A page is found as keys (patient, measure) in its order; `quality-rows.repository.ts` then reads what
 * the page shows for those keys only. Every order ends on the patient's name, which only `patients`
 * holds: sorting every matching gap by it would join them all, so each order walks the
 * `patients_name` index instead (a name walk), within one value of its first key at a time:
 * - `patientName`: one walk over all matching gaps;
 * - `dueDate`, `measure`: the matching gaps counted per due date (per measure) from the
 *   `care_gaps_worklist` index, then a walk within the values the page falls in;
 * - `nextVisit`: the patients' first upcoming visits in time order (the `appointments_day` index walked,
 *   no name needed); patients without a visit follow, by name.
 */

export interface WorklistQuery {
  scope: CareScope;
  filters: QualityWorklistFilters;
  /**
   * The providers the provider, department and clinic filters choose (`findChosenProviders`), or
   * `undefined` when they choose nothing in particular.
   */
  chosenProviderIds: readonly string[] | undefined;
  sort: QualityWorklistSort;
  isDescending: boolean;
  limit: number;
  offset: number;
  /** The caller's calendar day and time: "upcoming" starts here. */
  today: string;
  now: Date;
}

/** A gap of a page: its patient and measure. */
export interface GapKey {
  patientId: string;
  measureId: string;
}

const unusableStatuses = sql.raw(UNUSABLE_VISIT_STATUSES.map((status) => `'${status}'`).join(', '));

/** A usable visit of `visit` (an alias of appointments) from now on. */
function isUpcoming(visit: string, query: Pick<WorklistQuery, 'today' | 'now'>): SQL {
  const alias = sql.raw(visit);
  return sql`${alias}.service_date >= ${query.today}::date and ${alias}.start_at >= ${query.now.toISOString()}::timestamptz
    and ${alias}.status not in (${unusableStatuses})`;
}

/** Conditions on `care_gaps` (as `gap`) alone (its patient's primary provider included), and the upcoming-visit filter. */
function gapConditions(query: WorklistQuery): SQL {
  const { filters, scope } = query;
  const conditions = [
    sql`gap.organisation_id = ${scope.organisationId}`,
    sql`gap.status = any(${sql.param(filters.statuses ?? [...WORKLIST_GAP_STATUSES])}::text[])`,
  ];
  if (isChosen(filters.measureIds))
    conditions.push(sql`gap.measure_id = any(${sql.param(filters.measureIds)}::text[])`);
  if (filters.dueAfter) conditions.push(sql`gap.due_date >= ${filters.dueAfter}::date`);
  if (filters.dueBefore) conditions.push(sql`gap.due_date <= ${filters.dueBefore}::date`);
  if (query.chosenProviderIds) {
    conditions.push(sql`gap.primary_provider_id = any(${sql.param(query.chosenProviderIds)}::uuid[])`);
  }
  const days = filters.upcomingVisitWithinDays;
  if (days !== undefined) {
    conditions.push(sql`gap.patient_id in (select visit.patient_id from appointments visit
      where visit.organisation_id = ${scope.organisationId} and ${isUpcoming('visit', query)}
        and visit.service_date <= ${query.today}::date + ${days}::int)`);
  }
  return sql.join(conditions, sql` and `);
}

/** An absent or empty list chooses nothing in particular (as the schedule's filter). */
function isChosen(list: readonly string[] | undefined): list is readonly string[] {
  return list !== undefined && list.length > 0;
}

function isChoosingProviders({ providerIds, departmentIds, clinicIds }: QualityWorklistFilters): boolean {
  return isChosen(providerIds) || isChosen(departmentIds) || isChosen(clinicIds);
}

/**
 * The organisation's providers the filters choose, directly or by their department or clinic, or
 * `undefined` when they choose none in particular. Read before the page, so that the page's statements
 * carry them as values: PostgreSQL then knows how many patients a few providers have (and finds them by
 * their index) where a subquery would leave it guessing.
 */
export async function findChosenProviders(
  db: Db,
  organisationId: string,
  filters: QualityWorklistFilters,
): Promise<string[] | undefined> {
  if (!isChoosingProviders(filters)) return undefined;
  const ids = (list: readonly string[] | undefined) => sql.param(list ?? []);
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`select provider.id from providers provider
      left join departments department on department.id = provider.department_id
      where provider.organisation_id = ${organisationId} and (provider.id = any(${ids(filters.providerIds)}::uuid[])
        or provider.department_id = any(${ids(filters.departmentIds)}::uuid[])
        or department.clinic_id = any(${ids(filters.clinicIds)}::uuid[]))`),
  );
  return rows.map((row) => row.id);
}

/** Whether the caller sees only some of the organisation's patients (a provider's scope). */
function hasPatientConditions({ scope }: WorklistQuery): boolean {
  return scope.providerIds !== undefined;
}

/**
 * Conditions on `patients` (unaliased, as `patientInScope` names it): the caller's scope, and the chosen
 * providers once more (the same as `care_gaps`' copy): seen on `patients`, a few providers' patients
 * are found by their index and sorted, rather than found by walking every name.
 */
function patientConditions(query: WorklistQuery): SQL {
  const inScope = patientInScope(query.scope);
  if (!query.chosenProviderIds) return inScope;
  return sql`${inScope} and patients.primary_provider_id = any(${sql.param(query.chosenProviderIds)}::uuid[])`;
}

/** Every condition on `gap` alone: the patient's as a semi-join when there are any. */
function allGapConditions(query: WorklistQuery): SQL {
  if (!hasPatientConditions(query)) return gapConditions(query);
  return sql`${gapConditions(query)} and gap.patient_id in (select patients.id from patients where ${patientConditions(query)})`;
}

/** The name walk's order: the `patients_name` index's (`text_pattern_ops`), then patient and measure. */
function byName(isDescending: boolean): SQL {
  const [pattern, direction] = isDescending ? [sql`~>~`, sql`desc`] : [sql`~<~`, sql`asc`];
  return sql`lower(patients.last_name) using ${pattern}, lower(patients.first_name) using ${pattern},
    patients.id ${direction}, gap.measure_id ${direction}`;
}

/** Matching gaps in name order, within `extra`, from `offset`. */
async function walkByName(db: Db, query: WorklistQuery, page: { extra?: SQL; offset: number; limit: number }) {
  return rowsOf<{ patient_id: string; measure_id: string }>(
    await db.execute(sql`
      select gap.patient_id, gap.measure_id from care_gaps gap join patients on patients.id = gap.patient_id
      where ${gapConditions(query)} and ${patientConditions(query)} ${page.extra ? sql`and ${page.extra}` : sql``}
      order by ${byName(query.isDescending)}
      limit ${page.limit} offset ${page.offset}`),
  );
}

/** How many gaps match. */
export async function countWorklist(db: Db, query: WorklistQuery): Promise<number> {
  const [row] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from care_gaps gap where ${allGapConditions(query)}`),
  );
  return row?.total ?? 0;
}

/** The page's keys in its order, and the total when finding the page counted it on the way. */
export async function findWorklistPage(
  db: Db,
  query: WorklistQuery,
): Promise<{ keys: GapKey[]; total: number | undefined }> {
  switch (query.sort) {
    case 'patientName':
      return { keys: toKeys(await walkByName(db, query, query)), total: undefined };
    case 'dueDate':
      return pageByValues(db, query, { column: sql`gap.due_date`, type: 'date', order: [sql`gap.due_date`] });
    case 'measure':
      // CMS2 before CMS122.
      return pageByValues(db, query, {
        column: sql`gap.measure_id`,
        type: 'text',
        order: [sql`length(gap.measure_id)`, sql`gap.measure_id`],
      });
    case 'nextVisit':
      return { keys: await pageByNextVisit(db, query), total: undefined };
  }
}

const toKeys = (rows: { patient_id: string; measure_id: string }[]): GapKey[] =>
  rows.map((row) => ({ patientId: row.patient_id, measureId: row.measure_id }));

/** Orders by a column of the gap, then by name: its values counted, then a name walk within each value the page covers. */
async function pageByValues(
  db: Db,
  query: WorklistQuery,
  { column, type, order }: { column: SQL; type: 'date' | 'text'; order: SQL[] },
): Promise<{ keys: GapKey[]; total: number }> {
  const direction = query.isDescending ? sql`desc` : sql`asc`;
  const values = rowsOf<{ value: string | null; count: number }>(
    await db.execute(sql`
      select ${column}::text as value, count(*)::int as count from care_gaps gap where ${allGapConditions(query)}
      group by ${column} order by ${column} is null, ${sql.join(
        order.map((part) => sql`${part} ${direction}`),
        sql`, `,
      )}`),
  );
  const keys: GapKey[] = [];
  let skip = query.offset;
  for (const { value, count } of values) {
    if (keys.length >= query.limit) break;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    const extra = value === null ? sql`${column} is null` : sql`${column} = ${value}::${sql.raw(type)}`;
    keys.push(...toKeys(await walkByName(db, query, { extra, offset: skip, limit: query.limit - keys.length })));
    skip = 0;
  }
  return { keys, total: values.reduce((sum, { count }) => sum + count, 0) };
}

/** Whether `visit` is its patient's first upcoming visit. */
function isFirstUpcoming(query: WorklistQuery): SQL {
  return sql`${isUpcoming('visit', query)} and not exists (select 1 from appointments earlier
    where earlier.patient_id = visit.patient_id and ${isUpcoming('earlier', query)}
      and (earlier.start_at, earlier.id) < (visit.start_at, visit.id))`;
}

/** Gaps of patients with an upcoming visit by its time; then the others by name. */
async function pageByNextVisit(db: Db, query: WorklistQuery): Promise<GapKey[]> {
  const direction = query.isDescending ? sql`desc` : sql`asc`;
  const withVisit = toKeys(
    rowsOf(
      await db.execute(sql`
        select gap.patient_id, gap.measure_id from appointments visit
        join care_gaps gap on gap.patient_id = visit.patient_id join patients on patients.id = gap.patient_id
        where visit.organisation_id = ${query.scope.organisationId} and ${isFirstUpcoming(query)}
          and ${gapConditions(query)} and ${patientConditions(query)}
        order by visit.service_date ${direction}, visit.start_at ${direction}, visit.id ${direction}, gap.measure_id ${direction}
        limit ${query.limit} offset ${query.offset}`),
    ),
  );
  if (withVisit.length === query.limit) return withVisit;
  const hasVisit = sql`exists (select 1 from appointments visit where visit.patient_id = gap.patient_id
    and ${isUpcoming('visit', query)})`;
  // Past the gaps with a visit: how many there are tells where the others' page starts.
  const [counted] = rowsOf<{ total: number }>(
    await db.execute(
      sql`select count(*)::int as total from care_gaps gap where ${allGapConditions(query)} and ${hasVisit}`,
    ),
  );
  const offset = Math.max(0, query.offset - (counted?.total ?? 0));
  const limit = query.limit - withVisit.length;
  return [...withVisit, ...toKeys(await walkByName(db, query, { extra: sql`not ${hasVisit}`, offset, limit }))];
}
