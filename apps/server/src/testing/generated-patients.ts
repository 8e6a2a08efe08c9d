import type { PatientRecord } from '@cairn/clinical';
import type { Db } from '../db/client';
import {
  claimDiagnoses,
  conditions,
  documents,
  encounters,
  medications,
  observations,
  patients,
  procedures,
} from '../db/clinical-schema';
// The clinical package's deterministic record generator (its benchmarks'), five years of history each.
import { generateRecord } from '../../../../packages/clinical/src/suspecting/testing/generate-record';

/**
 * Patients of the clinical package's record generator written as Cairn's rows (conditions, claims,
 * observations with the encounter they were taken at, medications, documents, procedures, encounters),
 * for the drain-rate test and the analysis and quality benchmarks.
 */

type Table = Parameters<Db['insert']>[0];

async function insertChunked(db: Db, table: Table, rows: Record<string, unknown>[]): Promise<void> {
  for (let index = 0; index < rows.length; index += 500) await db.insert(table).values(rows.slice(index, index + 500));
}

function rowsOf(record: PatientRecord, organisationId: string, patientId: string) {
  const sourceId = (id: string) => `${patientId}-${id}`;
  const base = (id: string) => ({ organisationId, patientId, source: 'EHR', sourceId: sourceId(id) });
  const encounterIds = new Map(record.encounters.map((item) => [item.id, crypto.randomUUID()]));
  return {
    encounters: record.encounters.map((item) => ({
      ...base(item.id),
      id: encounterIds.get(item.id),
      classCode: item.classCode,
      types: item.types,
      startDate: item.date,
    })),
    conditions: record.conditions.map((item) => ({
      ...base(item.id),
      icdCode: item.icdCode,
      display: item.display,
      category: item.category,
      clinicalStatus: item.clinicalStatus,
      verificationStatus: item.verificationStatus,
      recordedDate: item.date,
      source: item.source,
    })),
    claims: record.claims.map((item, sequence) => ({
      ...base(item.id),
      claimType: 'Claim',
      sequence,
      icdCode: item.icdCode,
      serviceDate: item.serviceDate,
    })),
    observations: record.observations.map((item) => ({
      ...base(item.id),
      ...(item.encounterId === undefined ? {} : { encounterId: encounterIds.get(item.encounterId) }),
      loinc: item.loinc,
      display: item.display,
      effectiveDate: item.date,
      value: item.value,
      unit: item.unit,
    })),
    medications: record.medications.map((item) => ({
      ...base(item.id),
      kind: 'MedicationRequest',
      display: item.display,
      status: item.status,
      startDate: item.startDate,
      endDate: item.endDate,
    })),
    documents: record.documents.map((item) => ({
      ...base(item.id),
      title: item.title,
      documentDate: item.date,
      contentType: 'text/plain',
      text: item.text,
      source: item.source,
    })),
    procedures: record.procedures.map((item) => ({
      ...base(item.id),
      code: item.code,
      system: item.system,
      display: item.display,
      performedDate: item.date,
    })),
  };
}

/**
 * Writes the generator's records of seeds `firstSeed` to `firstSeed + count - 1` (as of `asOf`) as patients
 * of the organisation; answers their ids. Nothing is queued: mark them changed to analyse them.
 */
export async function insertGeneratedPatients(
  db: Db,
  options: { organisationId: string; count: number; asOf: string; firstSeed?: number },
): Promise<string[]> {
  const { organisationId } = options;
  const all: Record<string, Record<string, unknown>[]> = {};
  const ids: string[] = [];
  const firstSeed = options.firstSeed ?? 1;
  for (let seed = firstSeed; seed < firstSeed + options.count; seed++) {
    const record = generateRecord(seed, options.asOf);
    const [patient] = await db
      .insert(patients)
      .values({
        organisationId,
        birthDate: record.demographics.birthDate,
        gender: record.demographics.sex === 'M' ? 'male' : 'female',
        source: 'EHR',
        sourceId: `generated-${String(seed)}`,
      })
      .returning({ id: patients.id });
    if (!patient) throw new Error('no patient');
    ids.push(patient.id);
    for (const [key, rows] of Object.entries(rowsOf(record, organisationId, patient.id)))
      (all[key] ??= []).push(...rows);
  }
  await insertChunked(db, encounters, all.encounters ?? []);
  await insertChunked(db, conditions, all.conditions ?? []);
  await insertChunked(db, claimDiagnoses, all.claims ?? []);
  await insertChunked(db, observations, all.observations ?? []);
  await insertChunked(db, medications, all.medications ?? []);
  await insertChunked(db, documents, all.documents ?? []);
  await insertChunked(db, procedures, all.procedures ?? []);
  return ids;
}
