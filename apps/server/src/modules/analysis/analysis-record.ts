import type {
  AllergyRecord,
  ClaimDiagnosisRecord,
  ConditionRecord,
  Demographics,
  DocumentRecord,
  EncounterRecord,
  ImmunizationRecord,
  MedicationRecord,
  ObservationRecord,
  PatientRecord,
  ProcedureRecord,
  SourceType,
} from '@cairn/clinical';
import { emptyPatientRecord } from '@cairn/clinical';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
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

const source = (value: string): SourceType => (value === 'HIE' ? 'HIE' : 'EHR');
const optional = <T>(value: T | null): T | undefined => value ?? undefined;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T;
function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined;
function oneOf<T extends string>(values: readonly T[], value: string | null, fallback?: T): T | undefined {
  return values.includes(value as T) ? (value as T) : fallback;
}

const CLINICAL_STATUSES = ['active', 'recurrence', 'relapse', 'inactive', 'remission', 'resolved', 'unknown'] as const;
const VERIFICATION_STATUSES = [
  'confirmed',
  'provisional',
  'differential',
  'unconfirmed',
  'refuted',
  'entered-in-error',
] as const;
const CATEGORIES = ['problem-list-item', 'encounter-diagnosis', 'health-concern'] as const;
const MEDICATION_STATUSES = [
  'active',
  'completed',
  'stopped',
  'on-hold',
  'cancelled',
  'draft',
  'entered-in-error',
  'unknown',
] as const;

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
  const ofPatients: OfPatients = (table) =>
    and(eq(table.organisationId, organisationId), inArray(table.patientId, ids)) as SQL;
  const patientRows = await db
    .select({
      id: patients.id,
      birthDate: patients.birthDate,
      gender: patients.gender,
      dataVersion: patients.dataVersion,
    })
    .from(patients)
    .where(and(eq(patients.organisationId, organisationId), inArray(patients.id, ids)));
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
  for (const patient of patientRows) {
    const own = coverageRows.filter((coverage) => coverage.patientId === patient.id);
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
  const [conditionRows, claimRows, observationRows, medicationRows, documentRows] = await Promise.all([
    db.select().from(conditions).where(ofPatients(conditions)),
    db.select().from(claimDiagnoses).where(ofPatients(claimDiagnoses)),
    db.select().from(observations).where(ofPatients(observations)),
    db.select().from(medications).where(ofPatients(medications)),
    db
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
      .where(ofPatients(documents)),
  ]);
  const [procedureRows, encounterRows, immunizationRows, allergyRows] = await Promise.all([
    db.select().from(procedures).where(ofPatients(procedures)),
    db.select().from(encounters).where(ofPatients(encounters)),
    db.select().from(immunizations).where(ofPatients(immunizations)),
    db.select().from(allergies).where(ofPatients(allergies)),
  ]);
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

function conditionRecord(row: typeof conditions.$inferSelect): ConditionRecord {
  return {
    id: row.id,
    icdCode: optional(row.icdCode),
    snomedCode: optional(row.snomedCode),
    display: row.display,
    date: row.recordedDate ?? row.onsetDate ?? row.updatedAt.toISOString().slice(0, 10),
    abatementDate: optional(row.abatementDate),
    clinicalStatus: oneOf(CLINICAL_STATUSES, row.clinicalStatus, 'unknown'),
    verificationStatus: oneOf(VERIFICATION_STATUSES, row.verificationStatus),
    category: oneOf(CATEGORIES, row.category, 'problem-list-item'),
    source: source(row.source),
  };
}

function claimRecord(row: typeof claimDiagnoses.$inferSelect): ClaimDiagnosisRecord {
  return { id: row.id, icdCode: row.icdCode, serviceDate: row.serviceDate, source: source(row.source) };
}

function observationRecord(row: typeof observations.$inferSelect): ObservationRecord {
  return {
    id: row.id,
    loinc: row.loinc,
    display: row.display,
    date: row.effectiveDate,
    value: optional(row.value),
    unit: optional(row.unit),
    valueCode: optional(row.valueCode),
    valueText: optional(row.valueText),
    valueSystem: optional(row.valueSystem),
    encounterId: optional(row.encounterId),
    source: source(row.source),
  };
}

function medicationRecord(row: typeof medications.$inferSelect): MedicationRecord {
  return {
    id: row.id,
    rxnormCode: optional(row.rxnormCode),
    display: row.display,
    startDate: row.startDate,
    endDate: optional(row.endDate),
    status: oneOf(MEDICATION_STATUSES, row.status, 'unknown'),
    source: source(row.source),
  };
}

function documentRecord(row: {
  id: string;
  documentDate: string;
  title: string;
  typeCode: string | null;
  author: string | null;
  text: string;
  source: string;
}): DocumentRecord {
  return {
    id: row.id,
    date: row.documentDate,
    title: row.title,
    typeCode: optional(row.typeCode),
    author: optional(row.author),
    text: row.text,
    source: source(row.source),
  };
}

function procedureRecord(row: typeof procedures.$inferSelect): ProcedureRecord {
  return {
    id: row.id,
    code: row.code,
    system: row.system,
    display: row.display,
    date: row.performedDate,
    source: source(row.source),
  };
}

function encounterRecord(row: typeof encounters.$inferSelect): EncounterRecord {
  const types = row.types.flatMap((coding) =>
    coding.system && coding.code ? [{ system: coding.system, code: coding.code, display: coding.display }] : [],
  );
  return { id: row.id, date: row.startDate, classCode: optional(row.classCode), types, source: source(row.source) };
}

function immunizationRecord(row: typeof immunizations.$inferSelect): ImmunizationRecord {
  return {
    id: row.id,
    cvxCode: row.cvxCode,
    display: row.display,
    date: row.occurrenceDate,
    source: source(row.source),
  };
}

function allergyRecord(row: typeof allergies.$inferSelect): AllergyRecord {
  return {
    id: row.id,
    code: optional(row.code),
    display: row.display,
    date: optional(row.recordedDate),
    source: source(row.source),
  };
}
