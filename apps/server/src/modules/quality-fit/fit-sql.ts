import type { QualityPatient } from '@cairn/contracts';
import { sql } from 'drizzle-orm';

/** Rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A patient's columns as every FIT row shows them. */
export const patientColumns = sql`patients.id as patient_id, patients.first_name, patients.last_name,
  patients.birth_date::text as birth_date, patients.mrn`;

export interface PatientColumns {
  patient_id: string;
  first_name: string;
  last_name: string;
  birth_date: string;
  mrn: string | null;
}

export const toPatient = (row: PatientColumns): QualityPatient => ({
  cairnPatientId: row.patient_id,
  firstName: row.first_name,
  lastName: row.last_name,
  dateOfBirth: row.birth_date,
  mrn: row.mrn,
});

/** A provider's name as letters and tables write it: `Maya Rivera, MD`. */
export const providerNameColumn = sql`nullif(concat_ws(', ', nullif(concat_ws(' ', nullif(provider.first_name, ''),
  provider.last_name), ''), nullif(provider.suffix, '')), '')`;
