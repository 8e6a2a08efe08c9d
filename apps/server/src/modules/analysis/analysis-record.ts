import { type Demographics, type PatientRecord, emptyPatientRecord } from '@cairn/clinical';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  allergyRecord,
  claimRecord,
  conditionRecord,
  documentRecord,
  encounterRecord,
  immunizationRecord,
  medicationRecord,
  observationRecord,
  procedureRecord,
} from './analysis-record-items';
import {
  allergies,
  claimDiagnoses,
  conditions,
  coverages,
  documents,
  encounters,
  immunizations,
  medications,
  observations,
  patients,
  procedures,
} from '../../db/clinical-schema';

/** A patient's record as the clinical engine reads it, with the data version it was read at. */
export interface LoadedRecord {
  record: PatientRecord;
  dataVersion: number;
}

type CoverageRow = Pick<typeof coverages.$inferSelect, 'payer' | 'plan' | 'typeCode' | 'status'>;

/** Age in whole years on a date (both `YYYY-MM-DD`). */
export function ageOn(birthDate: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return date.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

/**
 * Medicare entitlement and Medicaid from the active coverages, as far as they tell: a Medicaid plan
 * makes the patient Medicaid (and a full dual with Medicare); Medicare under 65 is read as entitlement
 * by disability. Without coverage data: old age, not dual (the common case in primary care).
 */
export function demographicsOf(
  patient: { birthDate: string; gender: string },
  patientCoverages: readonly CoverageRow[],
  asOf: string,
): Demographics {
  const active = patientCoverages.filter((coverage) => coverage.status === 'active');
  const text = (coverage: CoverageRow) =>
    `${coverage.payer} ${coverage.plan ?? ''} ${coverage.typeCode ?? ''}`.toLowerCase();
  const medicaid = active.some((coverage) => /medicaid|mcaid|medi-cal/.test(text(coverage)));
  const medicare = active.some((coverage) => /medicare|mcpol|\bma\b/.test(text(coverage)));
  const sex = patient.gender === 'female' ? 'F' : patient.gender === 'male' ? 'M' : undefined;
  return {
    birthDate: patient.birthDate,
    sex,
    orec: medicare && ageOn(patient.birthDate, asOf) < 65 ? '1' : '0',
    medicaid,
    dualStatus: medicaid && medicare ? 'full' : 'none',
  };
}

/**
 * Reads the records of these patients of one organisation: one query per table for the whole set.
 * Call it inside a repeatable-read transaction so that the data versions and the rows are one snapshot.
 */
export async function loadPatientRecords(
  db: Db,
  organisationId: string,
  patientIds: readonly string[],
  asOf: string,
): Promise<Map<string, LoadedRecord>> {
  const ids = [...new Set(patientIds)];
  const loaded = new Map<string, LoadedRecord>();
  if (ids.length === 0) return loaded;
  // One array parameter (`= any($2::uuid[])`) rather than a list of 500: one short statement, parsed fast.
  const idArray = sql.param(ids);
  const ofPatients: OfPatients = (table) =>
    and(eq(table.organisationId, organisationId), sql`${table.patientId} = any(${idArray}::uuid[])`) as SQL;
  const patientRows = await db
    .select({
      id: patients.id,
      birthDate: patients.birthDate,
      gender: patients.gender,
      dataVersion: patients.dataVersion,
    })
    .from(patients)
    .where(and(eq(patients.organisationId, organisationId), sql`${patients.id} = any(${idArray}::uuid[])`));
  if (patientRows.length === 0) return loaded;
  const coverageRows = await db
    .select({
      patientId: coverages.patientId,
      payer: coverages.payer,
      plan: coverages.plan,
      typeCode: coverages.typeCode,
      status: coverages.status,
    })
    .from(coverages)
    .where(ofPatients(coverages));
  const coveragesByPatient = new Map<string, CoverageRow[]>();
  for (const coverage of coverageRows) {
    coveragesByPatient.set(coverage.patientId, [...(coveragesByPatient.get(coverage.patientId) ?? []), coverage]);
  }
  for (const patient of patientRows) {
    const own = coveragesByPatient.get(patient.id) ?? [];
    loaded.set(patient.id, {
      record: emptyPatientRecord(patient.id, demographicsOf(patient, own, asOf)),
      dataVersion: patient.dataVersion,
    });
  }
  const add: Add = (key, patientId, item) => {
    (loaded.get(patientId)?.record[key] as unknown[] | undefined)?.push(item);
  };
  await loadClinicalRows(db, ofPatients, add);
  return loaded;
}

type Add = <K extends keyof PatientRecord>(
  key: K,
  patientId: string,
  item: PatientRecord[K] extends (infer I)[] ? I : never,
) => void;
type OfPatients = (table: { organisationId: AnyPgColumn; patientId: AnyPgColumn }) => SQL;

async function loadClinicalRows(db: Db, ofPatients: OfPatients, add: Add): Promise<void> {
  // One after the other: they share the transaction's one connection, which runs a query at a time.
  const conditionRows = await db.select().from(conditions).where(ofPatients(conditions));
  const claimRows = await db.select().from(claimDiagnoses).where(ofPatients(claimDiagnoses));
  const observationRows = await db.select().from(observations).where(ofPatients(observations));
  const medicationRows = await db.select().from(medications).where(ofPatients(medications));
  const documentRows = await db
    .select({
      id: documents.id,
      patientId: documents.patientId,
      documentDate: documents.documentDate,
      title: documents.title,
      typeCode: documents.typeCode,
      author: documents.author,
      text: documents.text,
      source: documents.source,
    })
    .from(documents)
    .where(ofPatients(documents));
  const procedureRows = await db.select().from(procedures).where(ofPatients(procedures));
  const encounterRows = await db.select().from(encounters).where(ofPatients(encounters));
  const immunizationRows = await db.select().from(immunizations).where(ofPatients(immunizations));
  const allergyRows = await db.select().from(allergies).where(ofPatients(allergies));
  for (const row of conditionRows) add('conditions', row.patientId, conditionRecord(row));
  for (const row of claimRows) add('claims', row.patientId, claimRecord(row));
  for (const row of observationRows) add('observations', row.patientId, observationRecord(row));
  for (const row of medicationRows) add('medications', row.patientId, medicationRecord(row));
  for (const row of documentRows) add('documents', row.patientId, documentRecord(row));
  for (const row of procedureRows) add('procedures', row.patientId, procedureRecord(row));
  for (const row of encounterRows) add('encounters', row.patientId, encounterRecord(row));
  for (const row of immunizationRows) add('immunizations', row.patientId, immunizationRecord(row));
  for (const row of allergyRows) add('allergies', row.patientId, allergyRecord(row));
}
