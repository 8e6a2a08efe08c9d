import type { MeasureReport } from 'fhir/r4';
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { isUuid, patientInScope, type CareScope } from '../../access';
import type { Db } from '../../db/client';
import { measureReports, patients } from '../../db/clinical-schema';
import { organisations } from '../../db/schema';

/** What the report shows of a patient beyond the engine's view: name and identifiers (MRN). */
export type CareGapsPatientRow = Pick<
  typeof patients.$inferSelect,
  'id' | 'mrn' | 'firstName' | 'lastName' | 'identifiers'
>;

export interface StoredMeasureReport {
  patientId: string;
  measureId: string;
  measureVersion: string;
  report: MeasureReport;
  computedAt: Date;
}

/** Which stored reports: measures (all when `undefined`) whose measurement period lies within the one asked. */
export interface ReportFilter {
  scope: CareScope;
  periodStart: string;
  periodEnd: string;
  measureIds: readonly string[] | undefined;
}

const patientColumns = {
  id: patients.id,
  mrn: patients.mrn,
  firstName: patients.firstName,
  lastName: patients.lastName,
  identifiers: patients.identifiers,
};

export async function findOrganisationName(db: Db, organisationId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  return row?.name;
}

/** The patient of a Cairn id, if in the caller's scope (another organisation's is simply not found). */
export async function findPatientById(
  db: Db,
  scope: CareScope,
  patientId: string,
): Promise<CareGapsPatientRow | undefined> {
  if (!isUuid(patientId)) return undefined;
  const [row] = await db
    .select(patientColumns)
    .from(patients)
    .where(and(eq(patients.id, patientId), patientInScope(scope)));
  return row;
}

/**
 * The patients in scope an identifier names: the MRN, or an identifier of their Patient resource (with
 * its system when one is given). Two at most are read: more than one is ambiguous to the caller.
 */
export function findPatientsByIdentifier(
  db: Db,
  scope: CareScope,
  identifier: { system: string | undefined; value: string },
): Promise<CareGapsPatientRow[]> {
  const withSystem = sql`${patients.identifiers} @> ${JSON.stringify([{ system: identifier.system, value: identifier.value }])}::jsonb`;
  const anySystem = sql`(${patients.mrn} = ${identifier.value} or ${patients.identifiers} @> ${JSON.stringify([{ value: identifier.value }])}::jsonb)`;
  return db
    .select(patientColumns)
    .from(patients)
    .where(and(patientInScope(scope), identifier.system === undefined ? anySystem : withSystem))
    .limit(2);
}

export function findPatientsByIds(
  db: Db,
  scope: CareScope,
  patientIds: readonly string[],
): Promise<CareGapsPatientRow[]> {
  if (patientIds.length === 0) return Promise.resolve([]);
  return db
    .select(patientColumns)
    .from(patients)
    .where(and(inArray(patients.id, [...patientIds]), patientInScope(scope)));
}

function reportConditions(filter: ReportFilter): SQL[] {
  return [
    eq(measureReports.organisationId, filter.scope.organisationId),
    gte(measureReports.periodStart, filter.periodStart),
    lte(measureReports.periodEnd, filter.periodEnd),
    ...(filter.measureIds ? [inArray(measureReports.measureId, [...filter.measureIds])] : []),
  ];
}

/**
 * A page of the patients in scope with stored reports that match, in id order: `limit + 1` are read, so
 * that the caller knows whether a next page exists.
 */
export async function findPatientPage(
  db: Db,
  filter: ReportFilter,
  page: { offset: number; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ patientId: measureReports.patientId })
    .from(measureReports)
    .innerJoin(patients, eq(patients.id, measureReports.patientId))
    .where(and(...reportConditions(filter), patientInScope(filter.scope)))
    .orderBy(asc(measureReports.patientId))
    .limit(page.limit + 1)
    .offset(page.offset);
  return rows.map((row) => row.patientId);
}

/** The stored reports of these patients that match the filter. */
export async function findReports(
  db: Db,
  filter: ReportFilter,
  patientIds: readonly string[],
): Promise<StoredMeasureReport[]> {
  if (patientIds.length === 0) return [];
  const rows = await db
    .select({
      patientId: measureReports.patientId,
      measureId: measureReports.measureId,
      measureVersion: measureReports.measureVersion,
      report: measureReports.report,
      computedAt: measureReports.computedAt,
    })
    .from(measureReports)
    .where(and(...reportConditions(filter), inArray(measureReports.patientId, [...patientIds])))
    .orderBy(asc(measureReports.patientId), asc(measureReports.periodStart));
  return rows.map((row) => ({ ...row, report: row.report as unknown as MeasureReport }));
}
