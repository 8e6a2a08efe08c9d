import type { QualityPatient } from '@cairn/contracts';
import { sql } from 'drizzle-orm';
import { patientInScope, type CareScope } from '../../access';
import type { Db } from '../../db/client';
import type { LetterRecipient } from './fit-letter';
import { patientColumns, providerNameColumn, rowsOf, toPatient, type PatientColumns } from './fit-sql';

export interface Recipient {
  patient: QualityPatient;
  recipient: LetterRecipient;
}

interface RecipientRow extends PatientColumns {
  address: string | null;
  provider_name: string | null;
  clinic_name: string | null;
}

/** The patients in the caller's scope among these, each with what a letter says about them. */
export async function readRecipients(
  db: Db,
  options: { scope: CareScope; patientIds: readonly string[] },
): Promise<Map<string, Recipient>> {
  if (options.patientIds.length === 0) return new Map();
  const rows = rowsOf<RecipientRow>(
    await db.execute(sql`
      select ${patientColumns}, patients.address, ${providerNameColumn} as provider_name, clinic.name as clinic_name
      from patients
      left join providers provider on provider.id = patients.primary_provider_id
      left join departments department on department.id = provider.department_id
      left join clinics clinic on clinic.id = department.clinic_id
      where patients.id = any(${sql.param([...options.patientIds])}::uuid[]) and ${patientInScope(options.scope)}`),
  );
  return new Map(
    rows.map((row) => [
      row.patient_id,
      {
        patient: toPatient(row),
        recipient: {
          firstName: row.first_name,
          lastName: row.last_name,
          dateOfBirth: row.birth_date,
          address: row.address,
          mrn: row.mrn,
          providerName: row.provider_name,
          clinicName: row.clinic_name,
        },
      },
    ]),
  );
}

export async function readOrganisationName(db: Db, organisationId: string): Promise<string> {
  const [row] = rowsOf<{ name: string }>(
    await db.execute(sql`select name from organisations where id = ${organisationId}`),
  );
  return row?.name ?? '';
}
