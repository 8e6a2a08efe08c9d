import { and, asc, count, eq, gte, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { currentAnalysisJoin } from '../analysis';
import type { Db } from '../../db/client';
import {
  appointments,
  clinics,
  coverages,
  departments,
  encounters,
  patientAnalyses,
  patients,
  providers,
} from '../../db/clinical-schema';
import { appointmentInScope, patientInScope, type CareScope } from '../../access';
import { likePrefix, type PatientSearch } from './patient-search';

/** Visits that cannot be opened (spec §5 validation) and are never offered as a patient's next visit. */
export const UNUSABLE_VISIT_STATUSES = ['cancelled', 'entered-in-error', 'noshow'] as const;

const primaryProvider = alias(providers, 'primary_provider');

export function providerName(row: { firstName: string | null; lastName: string | null } | null): string | null {
  if (!row?.lastName) return null;
  return [row.firstName, row.lastName].filter(Boolean).join(' ');
}

/**
 * A search as alternative conditions on `patients`, each answerable from one index range: a name
 * prefix through `patients_name` (last name, then first name, `text_pattern_ops`), a date of birth
 * through `patients_birth_date`, an MRN through `patients_mrn`. A single word is a last name or an
 * MRN; "first last" reads both ways; "last, first" one way only.
 */
function searchBranches(search: PatientSearch): SQL[] {
  if (search.kind === 'dateOfBirth') return [eq(patients.birthDate, search.date)];
  const last = sql`lower(${patients.lastName})`;
  const first = sql`lower(${patients.firstName})`;
  const like = (column: SQL, value: string) => sql`${column} like ${likePrefix(value)}`;
  const byName = (lastName: string, firstName: string | undefined): SQL =>
    firstName === undefined ? like(last, lastName) : (and(like(last, lastName), like(first, firstName)) as SQL);
  const branches = [byName(search.last, search.first), eq(patients.mrn, search.mrn)];
  if (search.eitherOrder && search.first !== undefined) branches.push(byName(search.first, search.last));
  return branches;
}

/** A search as one condition on `patients` (any of its alternatives), for lists of other modules. */
export function patientMatchesSearch(search: PatientSearch): SQL {
  return or(...searchBranches(search)) as SQL;
}

const listColumns = {
  id: patients.id,
  firstName: patients.firstName,
  lastName: patients.lastName,
  birthDate: patients.birthDate,
  gender: patients.gender,
  mrn: patients.mrn,
  primaryFirstName: primaryProvider.firstName,
  primaryLastName: primaryProvider.lastName,
};

/**
 * Name order in the `text_pattern_ops` order of the `patients_name` index, so that a page of a broad
 * search ('s') walks the index and stops after 20 rows instead of sorting thousands.
 */
const BY_NAME = [sql`lower(${patients.lastName}) using ~<~`, sql`lower(${patients.firstName}) using ~<~`];

export interface ListPatientsOptions {
  scope: CareScope;
  search: PatientSearch | undefined;
  limit: number;
  offset: number;
}

function selectPage(db: Db, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select(listColumns)
    .from(patients)
    .leftJoin(primaryProvider, eq(primaryProvider.id, patients.primaryProviderId))
    .where(where)
    .orderBy(...BY_NAME, asc(patients.birthDate), asc(patients.id))
    .limit(limit)
    .offset(offset);
}

type ListRow = Awaited<ReturnType<typeof selectPage>>[number];

/** The order of `BY_NAME`: byte order of the lower-cased names, then date of birth, then id. */
function compareByName(left: ListRow, right: ListRow): number {
  const keys = (row: ListRow) => [row.lastName.toLowerCase(), row.firstName.toLowerCase(), row.birthDate, row.id];
  const [a, b] = [keys(left), keys(right)];
  for (let index = 0; index < a.length; index++) {
    const [x = '', y = ''] = [a[index], b[index]];
    const [bytesX, bytesY] = [Buffer.from(x), Buffer.from(y)];
    const order = Buffer.compare(bytesX, bytesY);
    if (order !== 0) return order;
  }
  return 0;
}

/**
 * Patients in scope, ordered by name. Each alternative of a search is its own ordered index walk that
 * stops after the page (an `or` of them would make PostgreSQL read every match, or the whole index, to
 * sort); the walks are merged here.
 */
export async function listPatients(db: Db, options: ListPatientsOptions): Promise<ListRow[]> {
  const inScope = patientInScope(options.scope);
  if (!options.search) return selectPage(db, inScope, options.limit, options.offset);
  const end = options.offset + options.limit;
  const pages = await Promise.all(
    searchBranches(options.search).map((branch) => selectPage(db, and(inScope, branch), end, 0)),
  );
  const byId = new Map(pages.flat().map((row) => [row.id, row]));
  return [...byId.values()].sort(compareByName).slice(options.offset, end);
}

export async function countPatients(db: Db, scope: CareScope, search: PatientSearch | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(patients)
    .where(and(patientInScope(scope), search ? or(...searchBranches(search)) : undefined));
  return row?.total ?? 0;
}

export type PatientListRow = Awaited<ReturnType<typeof listPatients>>[number];

/** Each patient's next usable visit in scope, from now on. */
export async function nextVisits(
  db: Db,
  scope: CareScope,
  patientIds: readonly string[],
): Promise<Map<string, { sid: string; startAt: Date }>> {
  if (patientIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([appointments.patientId], {
      patientId: appointments.patientId,
      sid: appointments.id,
      startAt: appointments.startAt,
    })
    .from(appointments)
    .where(
      and(
        inArray(appointments.patientId, [...patientIds]),
        gte(appointments.startAt, new Date()),
        notInArray(appointments.status, [...UNUSABLE_VISIT_STATUSES]),
        appointmentInScope(scope),
      ),
    )
    .orderBy(appointments.patientId, asc(appointments.startAt));
  return new Map(rows.map((row) => [row.patientId, { sid: row.sid, startAt: row.startAt }]));
}

/** The patient's active coverages as a JSON array, in the same query as the patient. */
const activeCoverages = sql<{ payer: string; plan: string | null }[]>`(
  select coalesce(json_agg(json_build_object('payer', c.payer, 'plan', c.plan) order by c.payer, c.plan), '[]'::json)
    from ${coverages} c
   where c.patient_id = ${patients.id} and c.organisation_id = ${patients.organisationId} and c.status = 'active'
     and (c.period_start is null or c.period_start <= current_date)
     and (c.period_end is null or c.period_end >= current_date))`;

/** Everything the banner shows of the patient, read in the query that finds them. */
const bannerColumns = {
  patient: patients,
  primaryFirstName: primaryProvider.firstName,
  primaryLastName: primaryProvider.lastName,
  coverages: activeCoverages,
  analysisOpenSuggestions: patientAnalyses.openSuggestions,
  analysisHccCount: patientAnalyses.hccCount,
  analysisOpenCareGaps: patientAnalyses.openCareGaps,
  analysisRiskScore: patientAnalyses.riskScore,
  analysisComputedAt: patientAnalyses.computedAt,
};

/** The patient in scope with what their banner shows. */
export async function findPatientBannerRow(db: Db, scope: CareScope, patientId: string) {
  const [row] = await db
    .select(bannerColumns)
    .from(patients)
    .leftJoin(primaryProvider, eq(primaryProvider.id, patients.primaryProviderId))
    .leftJoin(patientAnalyses, currentAnalysisJoin)
    .where(and(eq(patients.id, patientId), patientInScope(scope)));
  return row;
}

export type BannerRow = NonNullable<Awaited<ReturnType<typeof findPatientBannerRow>>>;

/** A visit in the banner's list. */
export interface VisitRow {
  sid: string;
  startAt: Date;
  status: string;
  visitType: string;
  providerFirstName: string | null;
  providerLastName: string | null;
}

/**
 * The patient's visits as JSON, for an organisation-wide scope only: there `appointmentInScope` is
 * "the visit is the organisation's", which for a patient already found in scope is every visit of the
 * patient in their organisation. Read inside the details query, it saves the hot path a round trip.
 */
const visitsOfPatientInOrganisation = sql<
  {
    sid: string;
    startAt: string;
    status: string;
    visitType: string;
    providerFirstName: string | null;
    providerLastName: string | null;
  }[]
>`(
  select coalesce(json_agg(json_build_object(
           'sid', v.id, 'startAt', v.start_at, 'status', v.status, 'visitType', v.visit_type,
           'providerFirstName', vp.first_name, 'providerLastName', vp.last_name) order by v.start_at), '[]'::json)
    from ${appointments} v left join ${providers} vp on vp.id = v.provider_id
   where v.patient_id = ${patients.id} and v.organisation_id = ${patients.organisationId}
     and v.status <> 'entered-in-error')`;

function appointmentDetailsQuery(db: Db, scope: CareScope, by: 'sid' | 'nid') {
  const match =
    by === 'sid'
      ? eq(appointments.id, sql.placeholder('key'))
      : and(eq(appointments.source, 'EHR'), eq(appointments.sourceId, sql.placeholder('key')));
  return db
    .select({
      appointment: appointments,
      providerFirstName: providers.firstName,
      providerLastName: providers.lastName,
      departmentName: departments.name,
      clinicName: clinics.name,
      encounterSourceId: encounters.sourceId,
      ...bannerColumns,
      visits: scope.providerIds === undefined ? visitsOfPatientInOrganisation : sql<null>`null`,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(providers, eq(providers.id, appointments.providerId))
    .leftJoin(departments, eq(departments.id, appointments.departmentId))
    .leftJoin(clinics, eq(clinics.id, departments.clinicId))
    .leftJoin(encounters, eq(encounters.id, appointments.encounterId))
    .leftJoin(primaryProvider, eq(primaryProvider.id, patients.primaryProviderId))
    .leftJoin(patientAnalyses, currentAnalysisJoin)
    .where(and(match, appointmentInScope(scope), patientInScope(scope)));
}

type PreparedDetails = ReturnType<ReturnType<typeof appointmentDetailsQuery>['prepare']>;
const preparedDetails = new WeakMap<Db, Map<string, PreparedDetails>>();

/**
 * A visit in scope with everything the details need in one query: the visit, its provider, department,
 * clinic and encounter, and its patient (in scope too) with what their banner shows. The query of an
 * organisation-wide scope is a prepared statement (one per organisation, so a bounded number): it is
 * the hot path of the portrait, and planning its nine joins costs more than running them.
 */
export async function findAppointmentDetailsRow(db: Db, scope: CareScope, by: { sid: string } | { nid: string }) {
  const kind = 'sid' in by ? 'sid' : 'nid';
  const key = 'sid' in by ? by.sid : by.nid;
  if (scope.providerIds !== undefined) {
    const [row] = await appointmentDetailsQuery(db, scope, kind).execute({ key });
    return row;
  }
  const statements = preparedDetails.get(db) ?? new Map<string, PreparedDetails>();
  preparedDetails.set(db, statements);
  const name = `appointment_details_${kind}_${scope.organisationId.replace(/-/g, '')}`;
  let statement = statements.get(name);
  if (!statement) {
    statement = appointmentDetailsQuery(db, scope, kind).prepare(name);
    statements.set(name, statement);
  }
  const [row] = await statement.execute({ key });
  return row;
}

/**
 * The patient's visits in scope, without entries in error, oldest first: one indexed read
 * (`appointments_patient`); a patient has tens of visits, not thousands.
 */
export async function patientVisits(db: Db, scope: CareScope, patientId: string): Promise<VisitRow[]> {
  return db
    .select({
      sid: appointments.id,
      startAt: appointments.startAt,
      status: appointments.status,
      visitType: appointments.visitType,
      providerFirstName: providers.firstName,
      providerLastName: providers.lastName,
    })
    .from(appointments)
    .leftJoin(providers, eq(providers.id, appointments.providerId))
    .where(
      and(
        eq(appointments.patientId, patientId),
        sql`${appointments.status} <> 'entered-in-error'`,
        appointmentInScope(scope),
      ),
    )
    .orderBy(asc(appointments.startAt));
}
