import type { QualityArchiveFilters, QualityArchiveRow, QualityMeasure, QualityWorklistRow } from '@cairn/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { patientInScope, type CareScope } from '../../access';
import type { StoredClosingEvidence } from '../../db/clinical-schema';
import type { Db } from '../../db/client';
import { providerName, UNUSABLE_VISIT_STATUSES } from '../patients';
import { isoDateTime, patientColumns, rowsOf, toPatient, type PatientColumns } from './quality-sql';
import type { GapKey } from './quality-worklist.repository';

/** The Quality Workspace's reads beyond finding the worklist's page: its rows, the measures, the archive. */

const unusableStatuses = sql.raw(UNUSABLE_VISIT_STATUSES.map((status) => `'${status}'`).join(', '));

/** Gaps of patients in the caller's scope only (as a semi-join on `gap`), when the scope is narrower than the organisation. */
export function gapOfPatientInScope(scope: CareScope): SQL {
  if (!scope.providerIds) return sql`true`;
  return sql`gap.patient_id in (select patients.id from patients where ${patientInScope(scope)})`;
}

interface WorklistRowColumns extends PatientColumns {
  measure_id: string;
  measure_version: string;
  title: string;
  status: 'open';
  due_date: string | null;
  reason: string;
  first_seen_ms: number;
  provider_id: string | null;
  provider_first_name: string | null;
  provider_last_name: string | null;
  department_name: string | null;
  clinic_name: string | null;
  visit_id: string | null;
  visit_start_ms: number | null;
  visit_provider_first_name: string | null;
  visit_provider_last_name: string | null;
}

/**
 * What the worklist shows of each gap, in the keys' order: the patient, their primary provider with
 * department and clinic, and their next usable visit (the first from now on, with whom).
 */
export async function readWorklistRows(
  db: Db,
  options: { organisationId: string; keys: readonly GapKey[]; now: Date },
): Promise<QualityWorklistRow[]> {
  if (options.keys.length === 0) return [];
  const rows = rowsOf<WorklistRowColumns>(
    await db.execute(sql`
      select ${patientColumns}, gap.measure_id, gap.measure_version, gap.title, gap.status,
        gap.due_date::text as due_date, gap.reason, extract(epoch from gap.first_seen_at)::float8 * 1000 as first_seen_ms,
        provider.id as provider_id, provider.first_name as provider_first_name, provider.last_name as provider_last_name,
        department.name as department_name, clinic.name as clinic_name, visit.id as visit_id,
        extract(epoch from visit.start_at)::float8 * 1000 as visit_start_ms,
        visit_provider.first_name as visit_provider_first_name, visit_provider.last_name as visit_provider_last_name
      from unnest(${sql.param(options.keys.map((key) => key.patientId))}::uuid[],
        ${sql.param(options.keys.map((key) => key.measureId))}::text[]) with ordinality as page(patient_id, measure_id, position)
      join care_gaps gap on gap.patient_id = page.patient_id and gap.measure_id = page.measure_id
      join patients on patients.id = gap.patient_id
      left join providers provider on provider.id = patients.primary_provider_id
      left join departments department on department.id = provider.department_id
      left join clinics clinic on clinic.id = department.clinic_id
      left join lateral (select next.id, next.start_at, next.provider_id from appointments next
        where next.patient_id = gap.patient_id and next.start_at >= ${options.now.toISOString()}::timestamptz
          and next.status not in (${unusableStatuses})
        order by next.start_at, next.id limit 1) visit on true
      left join providers visit_provider on visit_provider.id = visit.provider_id
      where gap.organisation_id = ${options.organisationId}
      order by page.position`),
  );
  return rows.map((row) => ({
    patient: toPatient(row),
    measureId: row.measure_id,
    measureVersion: row.measure_version,
    measureTitle: row.title,
    status: row.status,
    dueDate: row.due_date,
    reason: row.reason,
    primaryProvider: row.provider_id
      ? {
          id: row.provider_id,
          name: providerName({ firstName: row.provider_first_name, lastName: row.provider_last_name }) ?? '',
        }
      : null,
    departmentName: row.department_name,
    clinicName: row.clinic_name,
    nextVisit:
      row.visit_id && row.visit_start_ms !== null
        ? {
            sid: row.visit_id,
            startAt: isoDateTime(row.visit_start_ms),
            providerName: providerName({
              firstName: row.visit_provider_first_name,
              lastName: row.visit_provider_last_name,
            }),
          }
        : null,
    firstSeenAt: isoDateTime(row.first_seen_ms),
  }));
}

/** The measures of the gaps in scope, CMS2 before CMS122, with their counts per state. */
export async function listMeasures(db: Db, scope: CareScope): Promise<QualityMeasure[]> {
  const rows = rowsOf<Omit<QualityMeasure, 'measureTitle' | 'measureVersion'> & { title: string; version: string }>(
    await db.execute(sql`
      select gap.measure_id as "measureId", max(gap.title) as title, max(gap.measure_version) as version,
        count(*) filter (where gap.status = 'open')::int as open,
        count(*) filter (where gap.status = 'closed')::int as closed,
        count(*) filter (where gap.status = 'excluded')::int as excluded
      from care_gaps gap where gap.organisation_id = ${scope.organisationId} and ${gapOfPatientInScope(scope)}
      group by gap.measure_id order by length(gap.measure_id), gap.measure_id`),
  );
  return rows.map(({ title, version, ...counts }) => ({ ...counts, measureTitle: title, measureVersion: version }));
}

interface ArchiveRowColumns extends PatientColumns {
  measure_id: string;
  measure_version: string;
  title: string;
  status: 'closed' | 'excluded';
  resolved_ms: number;
  due_date: string | null;
  reason: string;
  closing_evidence: StoredClosingEvidence[];
}

/** Closed and excluded gaps in scope, latest first (the `care_gaps_archive` index), with the total. */
export async function listArchive(
  db: Db,
  options: { scope: CareScope; filters: QualityArchiveFilters; limit: number; offset: number },
): Promise<{ rows: QualityArchiveRow[]; total: number }> {
  const { scope, filters } = options;
  const resolvedAt = sql`coalesce(gap.closed_at, gap.excluded_at)`;
  const conditions = [
    sql`gap.organisation_id = ${scope.organisationId}`,
    // Written out so that the partial index applies; the filter narrows it further.
    sql`gap.status in ('closed', 'excluded')`,
    sql`gap.status = any(${sql.param(filters.statuses ?? ['closed', 'excluded'])}::text[])`,
    gapOfPatientInScope(scope),
  ];
  if (filters.measureIds?.length) conditions.push(sql`gap.measure_id = any(${sql.param(filters.measureIds)}::text[])`);
  if (filters.resolvedAfter)
    conditions.push(sql`${resolvedAt} >= ${filters.resolvedAfter}::date::timestamp at time zone 'UTC'`);
  if (filters.resolvedBefore) {
    conditions.push(sql`${resolvedAt} < (${filters.resolvedBefore}::date + 1)::timestamp at time zone 'UTC'`);
  }
  const where = sql.join(conditions, sql` and `);
  const [rows, counted] = await Promise.all([
    db.execute(sql`
      select ${patientColumns}, gap.measure_id, gap.measure_version, gap.title, gap.status,
        extract(epoch from ${resolvedAt})::float8 * 1000 as resolved_ms, gap.due_date::text as due_date, gap.reason,
        gap.closing_evidence
      from care_gaps gap join patients on patients.id = gap.patient_id
      where ${where}
      order by ${resolvedAt} desc, gap.patient_id, gap.measure_id
      limit ${options.limit} offset ${options.offset}`),
    db.execute(sql`select count(*)::int as total from care_gaps gap where ${where}`),
  ]);
  return {
    rows: rowsOf<ArchiveRowColumns>(rows).map((row) => ({
      patient: toPatient(row),
      measureId: row.measure_id,
      measureVersion: row.measure_version,
      measureTitle: row.title,
      status: row.status,
      resolvedAt: isoDateTime(row.resolved_ms),
      dueDate: row.due_date,
      reason: row.reason,
      evidence: row.closing_evidence.map((evidence) => ({
        resourceType: evidence.resourceType,
        date: evidence.date,
        code: evidence.code ?? null,
        description: evidence.description,
      })),
    })),
    total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0,
  };
}
