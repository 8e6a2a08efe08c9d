import type { QualityPatientRow } from '@cairn/contracts';
import { sql } from 'drizzle-orm';
import { patientInScope, type CareScope } from '../../access';
import type { Db } from '../../db/client';
import { patientMatchesSearch, providerName, type PatientSearch } from '../patients';
import { patientColumns, rowsOf, toPatient, type PatientColumns } from './quality-sql';

interface PatientCountsColumns extends PatientColumns {
  provider_first_name: string | null;
  provider_last_name: string | null;
  open: number;
  closed: number;
  excluded: number;
}

/**
 * The patients in scope with their gaps counted per state (none when every measure is met, does not
 * apply or the patient is not analysed yet), by name (the `patients_name` index walked, each listed
 * patient's gaps counted from their own rows), optionally matching a search, with the total.
 */
export async function listPatientsWithGapCounts(
  db: Db,
  options: { scope: CareScope; search: PatientSearch | undefined; limit: number; offset: number },
): Promise<{ rows: QualityPatientRow[]; total: number }> {
  const where = options.search
    ? sql`${patientInScope(options.scope)} and ${patientMatchesSearch(options.search)}`
    : patientInScope(options.scope);
  const [page, counted] = await Promise.all([
    db.execute(sql`
      select ${patientColumns}, provider.first_name as provider_first_name, provider.last_name as provider_last_name, counts.*
      from patients
      left join providers provider on provider.id = patients.primary_provider_id
      cross join lateral (select count(*) filter (where gap.status = 'open')::int as open,
          count(*) filter (where gap.status = 'closed')::int as closed,
          count(*) filter (where gap.status = 'excluded')::int as excluded
        from care_gaps gap where gap.patient_id = patients.id) counts
      where ${where}
      order by lower(patients.last_name) using ~<~, lower(patients.first_name) using ~<~, patients.birth_date, patients.id
      limit ${options.limit} offset ${options.offset}`),
    db.execute(sql`select count(*)::int as total from patients where ${where}`),
  ]);
  return {
    rows: rowsOf<PatientCountsColumns>(page).map((row) => ({
      patient: toPatient(row),
      primaryProviderName: providerName({ firstName: row.provider_first_name, lastName: row.provider_last_name }),
      open: row.open,
      closed: row.closed,
      excluded: row.excluded,
    })),
    total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0,
  };
}
