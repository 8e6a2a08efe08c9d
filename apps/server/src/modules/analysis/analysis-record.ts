import { type Demographics, type PatientRecord, emptyPatientRecord } from '@cairn/clinical';
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  allergyRecord,
  type AllergyRow,
  claimRecord,
  type ClaimRow,
  conditionRecord,
  type ConditionRow,
  documentRecord,
  type DocumentRow,
  encounterRecord,
  type EncounterRow,
  immunizationRecord,
  type ImmunizationRow,
  medicationRecord,
  type MedicationRow,
  observationRecord,
  type ObservationRow,
  procedureRecord,
  type ProcedureRow,
} from './analysis-record-items';
import { carePlanRecord, loadCarePlanRows } from './analysis-care-plans';
import {
  allergies,
  carePlans,
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

export interface LoadOptions {
  /**
   * Read documents and care plans (default true). The quality pass leaves them out: the FHIR view the
   * measures read has neither, and documents' texts are most of a record's bytes.
   */
  withNotes?: boolean;
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
  options: LoadOptions = {},
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
  await loadClinicalRows(db, ofPatients, add, options.withNotes ?? true);
  return loaded;
}

type Add = <K extends keyof PatientRecord>(
  key: K,
  patientId: string,
  item: PatientRecord[K] extends (infer I)[] ? I : never,
) => void;
type OfPatients = (table: { organisationId: AnyPgColumn; patientId: AnyPgColumn }) => SQL;

/** Rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The batch's rows of one table as one JSON array built by the database, each row an array of the
 * named columns (made an object of those names here): the driver then parses one value natively
 * instead of parsing and mapping every field of every row, which cost more than the clinical engine
 * itself, and arrays cost the database half what objects of named fields do. Dates come as
 * `YYYY-MM-DD`, as the schema's string-mode dates do.
 */
async function selectJson<Row>(
  db: Db,
  table: PgTable,
  columns: Record<keyof Row & string, SQLWrapper>,
  where: SQL,
): Promise<Row[]> {
  const keys = Object.keys(columns);
  const values = Object.values<SQLWrapper>(columns);
  const [result] = rowsOf<{ rows: unknown[][] }>(
    await db.execute(
      sql`select coalesce(json_agg(json_build_array(${sql.join(values, sql`, `)})), '[]'::json) as rows from ${table} where ${where}`,
    ),
  );
  return (result?.rows ?? []).map((values) => {
    const row: Record<string, unknown> = {};
    keys.forEach((key, index) => (row[key] = values[index]));
    return row as Row;
  });
}

async function loadClinicalRows(db: Db, ofPatients: OfPatients, add: Add, withNotes: boolean): Promise<void> {
  // One after the other: they share the transaction's one connection, which runs a query at a time.
  const conditionRows = await selectJson<ConditionRow & { patientId: string }>(
    db,
    conditions,
    {
      id: conditions.id,
      patientId: conditions.patientId,
      icdCode: conditions.icdCode,
      snomedCode: conditions.snomedCode,
      display: conditions.display,
      recordedDate: conditions.recordedDate,
      onsetDate: conditions.onsetDate,
      updatedDate: sql`(${conditions.updatedAt} at time zone 'UTC')::date`,
      abatementDate: conditions.abatementDate,
      clinicalStatus: conditions.clinicalStatus,
      verificationStatus: conditions.verificationStatus,
      category: conditions.category,
      source: conditions.source,
    },
    ofPatients(conditions),
  );
  const claimRows = await selectJson<ClaimRow & { patientId: string }>(
    db,
    claimDiagnoses,
    {
      id: claimDiagnoses.id,
      patientId: claimDiagnoses.patientId,
      icdCode: claimDiagnoses.icdCode,
      serviceDate: claimDiagnoses.serviceDate,
      source: claimDiagnoses.source,
    },
    ofPatients(claimDiagnoses),
  );
  const observationRows = await selectJson<ObservationRow & { patientId: string }>(
    db,
    observations,
    {
      id: observations.id,
      patientId: observations.patientId,
      loinc: observations.loinc,
      display: observations.display,
      effectiveDate: observations.effectiveDate,
      value: observations.value,
      valueDecimals: observations.valueDecimals,
      unit: observations.unit,
      valueCode: observations.valueCode,
      valueText: observations.valueText,
      valueSystem: observations.valueSystem,
      encounterId: observations.encounterId,
      source: observations.source,
    },
    ofPatients(observations),
  );
  const medicationRows = await selectJson<MedicationRow & { patientId: string }>(
    db,
    medications,
    {
      id: medications.id,
      patientId: medications.patientId,
      rxnormCode: medications.rxnormCode,
      display: medications.display,
      startDate: medications.startDate,
      endDate: medications.endDate,
      status: medications.status,
      source: medications.source,
    },
    ofPatients(medications),
  );
  const documentRows = !withNotes
    ? []
    : await selectJson<DocumentRow & { patientId: string }>(
        db,
        documents,
        {
          id: documents.id,
          patientId: documents.patientId,
          documentDate: documents.documentDate,
          title: documents.title,
          typeCode: documents.typeCode,
          author: documents.author,
          text: documents.text,
          source: documents.source,
        },
        ofPatients(documents),
      );
  const procedureRows = await selectJson<ProcedureRow & { patientId: string }>(
    db,
    procedures,
    {
      id: procedures.id,
      patientId: procedures.patientId,
      code: procedures.code,
      system: procedures.system,
      display: procedures.display,
      performedDate: procedures.performedDate,
      source: procedures.source,
    },
    ofPatients(procedures),
  );
  const encounterRows = await selectJson<EncounterRow & { patientId: string }>(
    db,
    encounters,
    {
      id: encounters.id,
      patientId: encounters.patientId,
      startDate: encounters.startDate,
      classCode: encounters.classCode,
      types: encounters.types,
      reasons: encounters.reasons,
      source: encounters.source,
    },
    ofPatients(encounters),
  );
  const immunizationRows = await selectJson<ImmunizationRow & { patientId: string }>(
    db,
    immunizations,
    {
      id: immunizations.id,
      patientId: immunizations.patientId,
      cvxCode: immunizations.cvxCode,
      display: immunizations.display,
      occurrenceDate: immunizations.occurrenceDate,
      source: immunizations.source,
    },
    ofPatients(immunizations),
  );
  const allergyRows = await selectJson<AllergyRow & { patientId: string }>(
    db,
    allergies,
    {
      id: allergies.id,
      patientId: allergies.patientId,
      code: allergies.code,
      display: allergies.display,
      recordedDate: allergies.recordedDate,
      source: allergies.source,
    },
    ofPatients(allergies),
  );
  for (const row of conditionRows) add('conditions', row.patientId, conditionRecord(row));
  for (const row of claimRows) add('claims', row.patientId, claimRecord(row));
  for (const row of observationRows) add('observations', row.patientId, observationRecord(row));
  for (const row of medicationRows) add('medications', row.patientId, medicationRecord(row));
  for (const row of documentRows) add('documents', row.patientId, documentRecord(row));
  for (const row of procedureRows) add('procedures', row.patientId, procedureRecord(row));
  for (const row of encounterRows) add('encounters', row.patientId, encounterRecord(row));
  for (const row of immunizationRows) add('immunizations', row.patientId, immunizationRecord(row));
  for (const row of allergyRows) add('allergies', row.patientId, allergyRecord(row));
  if (!withNotes) return;
  for (const row of await loadCarePlanRows(db, ofPatients(carePlans))) {
    add('carePlans', row.patientId, carePlanRecord(row));
  }
}
