import {
  WORKLIST_GAP_STATUSES,
  type FitCandidate,
  type FitCandidateFilters,
  type FitKitStatus,
} from '@cairn/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { patientInScope, type CareScope } from '../../access';
import type { Db } from '../../db/client';
import { yearsBefore } from './fit-access';
import { patientColumns, providerNameColumn, rowsOf, toPatient, type PatientColumns } from './fit-sql';

/** The measure FIT outreach works: colorectal cancer screening. */
export const FIT_MEASURE_ID = 'CMS130';

/** A kit is out while it is mailed or returned without a result. */
export const KIT_OUT = sql`('mailed', 'returned')`;

/** The chosen providers, departments and clinics as the patients' primary providers (any of them matches). */
function providersChosen(organisationId: string, filters: FitCandidateFilters): SQL | undefined {
  const { providerIds = [], departmentIds = [], clinicIds = [] } = filters;
  if (providerIds.length + departmentIds.length + clinicIds.length === 0) return undefined;
  const ids = (list: readonly string[]) => sql`${sql.param([...list])}::uuid[]`;
  return sql`gap.primary_provider_id in (select chosen.id from providers chosen
    left join departments chosen_department on chosen_department.id = chosen.department_id
    where chosen.organisation_id = ${organisationId} and (chosen.id = any(${ids(providerIds)})
      or chosen.department_id = any(${ids(departmentIds)}) or chosen_department.clinic_id = any(${ids(clinicIds)})))`;
}

/** What narrows the open CMS130 gaps to the patients to invite. */
function candidateConditions(options: { scope: CareScope; filters: FitCandidateFilters; today: string }): SQL {
  const { scope, filters, today } = options;
  const statuses: readonly string[] = filters.gapStatuses ?? WORKLIST_GAP_STATUSES;
  const conditions: SQL[] = [
    sql`gap.organisation_id = ${scope.organisationId}`,
    sql`gap.measure_id = ${FIT_MEASURE_ID}`,
    sql`gap.status = any(${sql.param([...statuses])}::text[])`,
    patientInScope(scope),
  ];
  const chosen = providersChosen(scope.organisationId, filters);
  if (chosen) conditions.push(chosen);
  // Age today from ageFrom to ageTo inclusive: born on or before today ageFrom years ago, after today ageTo + 1 years ago.
  if (filters.ageFrom !== undefined)
    conditions.push(sql`patients.birth_date <= ${yearsBefore(today, filters.ageFrom)}`);
  if (filters.ageTo !== undefined) {
    conditions.push(sql`patients.birth_date > ${yearsBefore(today, filters.ageTo + 1)}`);
  }
  if (filters.isWithoutKitOut) {
    conditions.push(
      sql`not exists (select 1 from fit_kits kit where kit.patient_id = gap.patient_id and kit.status in ${KIT_OUT})`,
    );
  }
  return sql.join(conditions, sql` and `);
}

interface CandidateRow extends PatientColumns {
  address: string | null;
  age: number;
  status: FitCandidate['gapStatus'];
  due_date: string | null;
  provider_id: string | null;
  provider_name: string | null;
  clinic_name: string | null;
  last_kit_status: FitKitStatus | null;
  last_kit_mailed_on: string | null;
  total: number;
}

/** A page of the patients to invite, by name, with the total. */
export async function listCandidates(
  db: Db,
  options: { scope: CareScope; filters: FitCandidateFilters; today: string; limit: number; offset: number },
): Promise<{ rows: FitCandidate[]; total: number }> {
  const rows = rowsOf<CandidateRow>(
    await db.execute(sql`
      select ${patientColumns}, patients.address,
        extract(year from age(${options.today}::date, patients.birth_date))::int as age,
        gap.status, gap.due_date::text as due_date, provider.id as provider_id, ${providerNameColumn} as provider_name,
        clinic.name as clinic_name, last_kit.status as last_kit_status, last_kit.mailed_on::text as last_kit_mailed_on,
        count(*) over ()::int as total
      from care_gaps gap
      join patients on patients.id = gap.patient_id
      left join providers provider on provider.id = patients.primary_provider_id
      left join departments department on department.id = provider.department_id
      left join clinics clinic on clinic.id = department.clinic_id
      left join lateral (select kit.status, kit.mailed_on from fit_kits kit where kit.patient_id = gap.patient_id
        order by kit.mailed_on desc, kit.created_at desc limit 1) last_kit on true
      where ${candidateConditions(options)}
      order by lower(patients.last_name), lower(patients.first_name), patients.id
      limit ${options.limit} offset ${options.offset}`),
  );
  return {
    total: rows[0]?.total ?? (options.offset > 0 ? await countCandidates(db, options) : 0),
    rows: rows.map((row) => ({
      patient: toPatient(row),
      address: row.address,
      age: row.age,
      gapStatus: row.status,
      dueDate: row.due_date,
      primaryProvider: row.provider_id && row.provider_name ? { id: row.provider_id, name: row.provider_name } : null,
      clinicName: row.clinic_name,
      lastKit:
        row.last_kit_status && row.last_kit_mailed_on
          ? { status: row.last_kit_status, mailedOn: row.last_kit_mailed_on }
          : null,
    })),
  };
}

/** The total when the page asked for lies past the last row. */
async function countCandidates(
  db: Db,
  options: { scope: CareScope; filters: FitCandidateFilters; today: string },
): Promise<number> {
  const [row] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from care_gaps gap join patients on patients.id = gap.patient_id
      where ${candidateConditions(options)}`),
  );
  return row?.total ?? 0;
}

export interface Eligibility {
  patientId: string;
  hasAddress: boolean;
  gapStatus: string | null;
  kitOutSince: string | null;
}

/** For each patient of the caller's scope among these: their address, CMS130 gap and kit out, if any. */
export async function readEligibility(
  db: Db,
  options: { scope: CareScope; patientIds: readonly string[] },
): Promise<Map<string, Eligibility>> {
  const rows = rowsOf<{ patient_id: string; has_address: boolean; gap_status: string | null; kit_out: string | null }>(
    await db.execute(sql`
      select patients.id as patient_id, coalesce(trim(patients.address), '') <> '' as has_address,
        (select gap.status from care_gaps gap where gap.patient_id = patients.id and gap.measure_id = ${FIT_MEASURE_ID}) as gap_status,
        (select min(kit.mailed_on)::text from fit_kits kit where kit.patient_id = patients.id and kit.status in ${KIT_OUT}) as kit_out
      from patients
      where patients.id = any(${sql.param([...options.patientIds])}::uuid[]) and ${patientInScope(options.scope)}`),
  );
  return new Map(
    rows.map((row) => [
      row.patient_id,
      { patientId: row.patient_id, hasAddress: row.has_address, gapStatus: row.gap_status, kitOutSince: row.kit_out },
    ]),
  );
}
