import {
  POPULATION_EXPORT_LIMIT,
  SERVICE_CATEGORIES,
  type AdmissionsSummary,
  type CostSummary,
  type Endpoint,
  type EndpointBody,
  type EndpointResponse,
  type exportCostPatients,
  type exportPopulationStays,
  type exportTransitionalCare,
  type getAdmissionsSummary,
  type getCostPatients,
  type getCostSummary,
  type getPopulationStays,
  type getTransitionalCare,
  type PopulationFilters,
} from '@cairn/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditPatientRead, loadCareScope, type AuthContext } from '../../access';
import type { Db } from '../../db/client';
import { clinics } from '../../db/clinical-schema';
import { localToday } from '../../lib/local-today';
import { countAdmissions, countTransitionalCare, listStays, listTransitionalCare } from './admissions.repository';
import { bodySystemNames, countCosts, countRiskBands, listCostPatients, listTopCostPatients } from './cost.repository';
import { NO_PROVIDER } from './population-builders';
import { populationQuery, readFreshness, rowsOf } from './population-scope';

export interface Caller {
  auth: AuthContext;
  request: FastifyRequest;
}

type Result<E extends Endpoint> = EndpointResponse<E> extends { result: infer R } ? R : never;

/** The totals' rows are always there (the repositories answer zeros); these satisfy the type. */
const EMPTY_COST = {
  key: null,
  total: 0,
  claims: 0,
  memberMonths: 0,
  pmpm: null,
  byCategory: { inpatient: 0, outpatient: 0, emergency: 0, professional: 0, pharmacy: 0, other: 0 },
};

/** The caller's query: their scope, the filters, and the organisation's last rebuild. */
async function openPopulation(db: Db, auth: AuthContext, filters: PopulationFilters) {
  const [scope, freshness] = await Promise.all([
    loadCareScope(db, auth),
    readFreshness(db, auth.organisationId, localToday()),
  ]);
  return { query: populationQuery(scope, filters, freshness), freshness };
}

/** One `patient.read` entry per patient shown: who saw which patient in which population view. */
async function auditPatientsShown(db: Db, caller: Caller, what: string, patientIds: readonly string[]): Promise<void> {
  await Promise.all([...new Set(patientIds)].map((patientId) => auditPatientRead(db, { ...caller, patientId, what })));
}

interface Names {
  clinics: Map<string, string>;
  providers: Map<string, { name: string; clinicName: string | null }>;
}

/** The names of the clinics and providers the rows name (every one in the caller's organisation). */
async function namesOf(
  db: Db,
  organisationId: string,
  ids: { clinics: string[]; providers: string[] },
): Promise<Names> {
  const providerIds = ids.providers.filter((id) => id !== NO_PROVIDER);
  const [clinicRows, providerRows] = await Promise.all([
    ids.clinics.length > 0
      ? db.select({ id: clinics.id, name: clinics.name }).from(clinics).where(inArray(clinics.id, ids.clinics))
      : [],
    providerIds.length > 0
      ? rowsOf<{ id: string; name: string; clinic_name: string | null }>(
          db,
          sql`select pr.id, trim(concat(pr.first_name, ' ', pr.last_name, case when pr.suffix is not null then concat(', ', pr.suffix) end)) as name,
            c.name as clinic_name
          from providers pr left join departments d on d.id = pr.department_id left join clinics c on c.id = d.clinic_id
          where pr.organisation_id = ${organisationId} and pr.id = any(${sql.param(providerIds)}::uuid[])`,
        )
      : [],
  ]);
  return {
    clinics: new Map(clinicRows.map((row) => [row.id, row.name])),
    providers: new Map(providerRows.map((row) => [row.id, { name: row.name, clinicName: row.clinic_name }])),
  };
}

/** Orders breakdown rows by a number, largest first, the unattributed row last. */
function largestFirst<T extends { key: string | null }>(rows: T[], value: (row: T) => number): T[] {
  return [...rows].sort((left, right) => {
    const isNone = (row: T) => row.key === null || row.key === NO_PROVIDER;
    if (isNone(left) !== isNone(right)) return isNone(left) ? 1 : -1;
    return value(right) - value(left);
  });
}

function clinicOf(key: string | null, names: Names) {
  return key ? { id: key, name: names.clinics.get(key) ?? 'Unknown clinic' } : null;
}
function providerOf(key: string | null, names: Names) {
  return key && key !== NO_PROVIDER ? { id: key, name: names.providers.get(key)?.name ?? 'Unknown provider' } : null;
}

export async function getAdmissions(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof getAdmissionsSummary>,
): Promise<AdmissionsSummary> {
  const { query, freshness } = await openPopulation(db, caller.auth, body.filters);
  const [{ totals, months, byClinic, byProvider, topDiagnoses }, transitional] = await Promise.all([
    countAdmissions(db, query, { diagnosisLimit: 15 }),
    countTransitionalCare(db, query, localToday()),
  ]);
  const names = await namesOf(db, query.organisationId, {
    clinics: byClinic.flatMap((row) => (row.key ? [row.key] : [])),
    providers: byProvider.flatMap((row) => (row.key ? [row.key] : [])),
  });
  const { key: _total, ...total } = totals;
  const stays = (row: { admissions: number; observationStays: number; emergencyVisits: number }) =>
    row.admissions * 1_000_000 + row.observationStays * 1_000 + row.emergencyVisits;
  return {
    freshness,
    totals: total,
    transitionalCare: transitional,
    months: months.map(({ key, ...counts }) => ({ ...counts, month: key ?? '' })),
    byClinic: largestFirst(byClinic, stays).map(({ key, ...counts }) => ({ ...counts, clinic: clinicOf(key, names) })),
    byProvider: largestFirst(byProvider, stays).map(({ key, ...counts }) => ({
      ...counts,
      provider: providerOf(key, names),
      clinicName: key ? (names.providers.get(key)?.clinicName ?? null) : null,
    })),
    topDiagnoses,
  };
}

export async function getStaysPage(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof getPopulationStays>,
): Promise<Result<typeof getPopulationStays>> {
  const { query } = await openPopulation(db, caller.auth, body.filters);
  const page = await listStays(db, query, {
    drill: body.drill,
    limit: body.pageSize,
    offset: (body.page - 1) * body.pageSize,
  });
  await auditPatientsShown(
    db,
    caller,
    'population-stays',
    page.rows.map((row) => row.patient.cairnPatientId),
  );
  return page;
}

export async function exportStays(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof exportPopulationStays>,
): Promise<Result<typeof exportPopulationStays>> {
  const { query } = await openPopulation(db, caller.auth, body.filters);
  const { rows, total } = await listStays(db, query, { drill: body.drill, limit: POPULATION_EXPORT_LIMIT, offset: 0 });
  await auditPatientsShown(
    db,
    caller,
    'population-stays-export',
    rows.map((row) => row.patient.cairnPatientId),
  );
  return { rows, total, isTruncated: total > rows.length };
}

export async function getTransitionalCarePage(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof getTransitionalCare>,
): Promise<Result<typeof getTransitionalCare>> {
  const { query } = await openPopulation(db, caller.auth, body.filters);
  const page = await listTransitionalCare(db, query, {
    today: localToday(),
    limit: body.pageSize,
    offset: (body.page - 1) * body.pageSize,
  });
  await auditPatientsShown(
    db,
    caller,
    'transitional-care',
    page.rows.map((row) => row.patient.cairnPatientId),
  );
  return page;
}

export async function exportTransitionalCareList(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof exportTransitionalCare>,
): Promise<Result<typeof exportTransitionalCare>> {
  const { query } = await openPopulation(db, caller.auth, body.filters);
  const { rows, total } = await listTransitionalCare(db, query, {
    today: localToday(),
    limit: POPULATION_EXPORT_LIMIT,
    offset: 0,
  });
  await auditPatientsShown(
    db,
    caller,
    'transitional-care-export',
    rows.map((row) => row.patient.cairnPatientId),
  );
  return { rows, total, isTruncated: total > rows.length };
}

export async function getCost(db: Db, caller: Caller, body: EndpointBody<typeof getCostSummary>): Promise<CostSummary> {
  const { query, freshness } = await openPopulation(db, caller.auth, body.filters);
  const { amount } = body.filters;
  const [costs, risk, top] = await Promise.all([
    countCosts(db, query, amount),
    countRiskBands(db, query, amount),
    listTopCostPatients(db, query, { amount, limit: 10 }),
  ]);
  const {
    month: months,
    category: byCategory,
    clinic: byClinic,
    provider: byProvider,
    bodySystem: byBodySystem,
  } = costs;
  const [totals = EMPTY_COST] = costs.total;
  const names = await namesOf(db, query.organisationId, {
    clinics: byClinic.flatMap((row) => (row.key ? [row.key] : [])),
    providers: byProvider.flatMap((row) => (row.key ? [row.key] : [])),
  });
  const systems = bodySystemNames();
  await auditPatientsShown(
    db,
    caller,
    'population-cost',
    top.map((row) => row.patient.cairnPatientId),
  );
  const { key: _key, ...total } = totals;
  return {
    freshness,
    totals: { ...total, patientsWithCost: risk.patientsWithCost },
    months: months.map(({ key, ...counts }) => ({ ...counts, month: key ?? '' })),
    byCategory: SERVICE_CATEGORIES.flatMap((category) => {
      const row = byCategory.find((item) => item.key === category);
      return row
        ? [{ category, total: row.total, claims: row.claims, memberMonths: row.memberMonths, pmpm: row.pmpm }]
        : [];
    }).sort((left, right) => right.total - left.total),
    byClinic: largestFirst(byClinic, (row) => row.total).map(({ key, byCategory: _categories, ...counts }) => ({
      ...counts,
      clinic: clinicOf(key, names),
    })),
    byProvider: largestFirst(byProvider, (row) => row.total).map(({ key, byCategory: _categories, ...counts }) => ({
      ...counts,
      provider: providerOf(key, names),
      clinicName: key ? (names.providers.get(key)?.clinicName ?? null) : null,
    })),
    byBodySystem: largestFirst(byBodySystem, (row) => row.total).map(({ key, byCategory: _categories, ...counts }) => ({
      ...counts,
      code: key ?? 'UNK',
      name: systems.get(key ?? 'UNK') ?? key ?? 'UNK',
    })),
    riskBands: risk.bands,
    topPatients: top,
  };
}

export async function getCostPatientsPage(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof getCostPatients>,
): Promise<Result<typeof getCostPatients>> {
  const { query } = await openPopulation(db, caller.auth, body.filters);
  const page = await listCostPatients(db, query, {
    drill: body.drill,
    amount: body.filters.amount,
    limit: body.pageSize,
    offset: (body.page - 1) * body.pageSize,
  });
  await auditPatientsShown(
    db,
    caller,
    'population-cost',
    page.rows.map((row) => row.patient.cairnPatientId),
  );
  return page;
}

export async function exportCostPatientList(
  db: Db,
  caller: Caller,
  body: EndpointBody<typeof exportCostPatients>,
): Promise<Result<typeof exportCostPatients>> {
  const { query } = await openPopulation(db, caller.auth, body.filters);
  const { rows, total } = await listCostPatients(db, query, {
    drill: body.drill,
    amount: body.filters.amount,
    limit: POPULATION_EXPORT_LIMIT,
    offset: 0,
  });
  await auditPatientsShown(
    db,
    caller,
    'population-cost-export',
    rows.map((row) => row.patient.cairnPatientId),
  );
  return { rows, total, isTruncated: total > rows.length };
}
