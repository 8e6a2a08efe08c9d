import { and, asc, count, desc, eq, gte, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
import { appointmentInScope, patientInScope, type CareScope } from './care-scope';
import { likePrefix, type PatientSearch } from './patient-search';

/** Visits that cannot be opened (spec §5 validation) and are never offered as a patient's next visit. */
export const UNUSABLE_VISIT_STATUSES = ['cancelled', 'entered-in-error', 'noshow'] as const;

const primaryProvider = alias(providers, 'primary_provider');

export function providerName(row: { firstName: string | null; lastName: string | null } | null): string | null {
  if (!row?.lastName) return null;
  return [row.firstName, row.lastName].filter(Boolean).join(' ');
}

/** SQL condition on `patients` for a search (names through the `lower(...) text_pattern_ops` indexes). */
function searchCondition(search: PatientSearch): SQL {
  if (search.kind === 'dateOfBirth') return eq(patients.birthDate, search.date);
  const last = sql`lower(${patients.lastName})`;
  const first = sql`lower(${patients.firstName})`;
  const like = (column: SQL, value: string) => sql`${column} like ${likePrefix(value)}`;
  const inOrder =
    search.first === undefined ? like(last, search.last) : and(like(last, search.last), like(first, search.first));
  const alternatives: (SQL | undefined)[] = [inOrder, eq(patients.mrn, search.mrn)];
  if (search.eitherOrder) {
    alternatives.push(
      search.first === undefined ? like(first, search.last) : and(like(last, search.first), like(first, search.last)),
    );
  }
  return or(...alternatives) as SQL;
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

export interface ListPatientsOptions {
  scope: CareScope;
  search: PatientSearch | undefined;
  limit: number;
  offset: number;
}

/** Patients in scope, ordered by name (the order of the `patients_name` index). */
export async function listPatients(db: Db, options: ListPatientsOptions) {
  const where = and(patientInScope(options.scope), options.search ? searchCondition(options.search) : undefined);
  return db
    .select(listColumns)
    .from(patients)
    .leftJoin(primaryProvider, eq(primaryProvider.id, patients.primaryProviderId))
    .where(where)
    .orderBy(
      sql`lower(${patients.lastName})`,
      sql`lower(${patients.firstName})`,
      asc(patients.birthDate),
      asc(patients.id),
    )
    .limit(options.limit)
    .offset(options.offset);
}

export async function countPatients(db: Db, scope: CareScope, search: PatientSearch | undefined): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(patients)
    .where(and(patientInScope(scope), search ? searchCondition(search) : undefined));
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

/** The patient in scope with their primary provider's name. */
export async function findPatientBannerRow(db: Db, scope: CareScope, patientId: string) {
  const [row] = await db
    .select({
      patient: patients,
      primaryFirstName: primaryProvider.firstName,
      primaryLastName: primaryProvider.lastName,
    })
    .from(patients)
    .leftJoin(primaryProvider, eq(primaryProvider.id, patients.primaryProviderId))
    .where(and(eq(patients.id, patientId), patientInScope(scope)));
  return row;
}

/**
 * A visit in scope with everything the details need in one query: the visit, its provider, department,
 * clinic and encounter, its patient (in scope too) with their primary provider, and when the patient's
 * latest analysis was stored (part of the cache key, since an analysis finishing changes the banner).
 */
export async function findAppointmentDetailsRow(db: Db, scope: CareScope, by: { sid: string } | { nid: string }) {
  const match =
    'sid' in by ? eq(appointments.id, by.sid) : and(eq(appointments.source, 'EHR'), eq(appointments.sourceId, by.nid));
  const [row] = await db
    .select({
      appointment: appointments,
      providerFirstName: providers.firstName,
      providerLastName: providers.lastName,
      departmentName: departments.name,
      clinicName: clinics.name,
      encounterSourceId: encounters.sourceId,
      patient: patients,
      primaryFirstName: primaryProvider.firstName,
      primaryLastName: primaryProvider.lastName,
      analysisComputedAt: patientAnalyses.computedAt,
    })
    .from(appointments)
    .innerJoin(patients, eq(patients.id, appointments.patientId))
    .leftJoin(providers, eq(providers.id, appointments.providerId))
    .leftJoin(departments, eq(departments.id, appointments.departmentId))
    .leftJoin(clinics, eq(clinics.id, departments.clinicId))
    .leftJoin(encounters, eq(encounters.id, appointments.encounterId))
    .leftJoin(primaryProvider, eq(primaryProvider.id, patients.primaryProviderId))
    .leftJoin(patientAnalyses, eq(patientAnalyses.patientId, patients.id))
    .where(and(match, appointmentInScope(scope), patientInScope(scope)));
  return row;
}

export async function activeCoverages(db: Db, organisationId: string, patientId: string) {
  const today = new Date().toISOString().slice(0, 10);
  return db
    .select({ payer: coverages.payer, plan: coverages.plan })
    .from(coverages)
    .where(
      and(
        eq(coverages.organisationId, organisationId),
        eq(coverages.patientId, patientId),
        eq(coverages.status, 'active'),
        or(sql`${coverages.periodEnd} is null`, gte(coverages.periodEnd, today)),
        or(sql`${coverages.periodStart} is null`, sql`${coverages.periodStart} <= ${today}`),
      ),
    )
    .orderBy(asc(coverages.payer));
}

const VISITS_EACH_WAY = 5;

/** The patient's last visits before now and the next ones from now, in scope, without entries in error. */
export async function patientVisits(db: Db, scope: CareScope, patientId: string, now: Date) {
  const columns = {
    sid: appointments.id,
    startAt: appointments.startAt,
    status: appointments.status,
    visitType: appointments.visitType,
    providerFirstName: providers.firstName,
    providerLastName: providers.lastName,
  };
  const base = and(
    eq(appointments.patientId, patientId),
    sql`${appointments.status} <> 'entered-in-error'`,
    appointmentInScope(scope),
  );
  const query = () =>
    db.select(columns).from(appointments).leftJoin(providers, eq(providers.id, appointments.providerId));
  const [recent, upcoming] = await Promise.all([
    query()
      .where(and(base, lt(appointments.startAt, now)))
      .orderBy(desc(appointments.startAt))
      .limit(VISITS_EACH_WAY),
    query()
      .where(and(base, gte(appointments.startAt, now)))
      .orderBy(asc(appointments.startAt))
      .limit(VISITS_EACH_WAY),
  ]);
  return { recent, upcoming };
}
