import type { PatientRecord } from '@cairn/clinical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  claimDiagnoses,
  conditions,
  documents,
  encounters,
  medications,
  observations,
  patients,
  procedures,
} from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { openTestDatabase } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
// The clinical package's deterministic record generator (its benchmark's), reused to fill the tables.
import { generateRecord } from '../../../../../packages/clinical/src/suspecting/testing/generate-record';
import { markPatientsChanged } from './analysis-queue';
import { localToday } from './analysis-run';
import { drainAnalysisQueue } from './analysis-worker';

/**
 * The drain rate of the analysis queue (issue 5 item 3): run with `CAIRN_DRAIN_PATIENTS=1000`, on
 * PGlite or (server-postgres project) PostgreSQL. Not part of the normal run: it takes a while.
 */
const count = Number(process.env.CAIRN_DRAIN_PATIENTS ?? 0);

let database: Database;
let organisationId: string;

async function insertChunked(table: Parameters<Database['db']['insert']>[0], rows: Record<string, unknown>[]) {
  for (let index = 0; index < rows.length; index += 500) {
    await database.db.insert(table).values(rows.slice(index, index + 500));
  }
}

function rowsOf(record: PatientRecord, patientId: string) {
  const base = (id: string) => ({ organisationId, patientId, source: 'EHR', sourceId: `${patientId}-${id}` });
  return {
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
    encounters: record.encounters.map((item) => ({
      ...base(item.id),
      classCode: item.classCode,
      types: item.types,
      startDate: item.date,
    })),
  };
}

beforeAll(async () => {
  if (count === 0) return;
  database = await openTestDatabase();
  await runMigrations(database);
  organisationId = (await createOrganisation(database.db)).id;
}, 60_000);
afterAll(async () => {
  if (count > 0) await database.close();
});

describe.runIf(count > 0)('draining the analysis queue', () => {
  it(`analyses ${String(count)} generated patients`, { timeout: 1_800_000 }, async () => {
    const today = localToday();
    const all: Record<string, Record<string, unknown>[]> = {};
    const ids: string[] = [];
    for (let seed = 1; seed <= count; seed++) {
      const record = generateRecord(seed, today);
      const [patient] = await database.db
        .insert(patients)
        .values({
          organisationId,
          birthDate: record.demographics.birthDate,
          gender: record.demographics.sex === 'M' ? 'male' : 'female',
          source: 'EHR',
          sourceId: `drain-${String(seed)}`,
        })
        .returning({ id: patients.id });
      if (!patient) throw new Error('no patient');
      ids.push(patient.id);
      for (const [key, rows] of Object.entries(rowsOf(record, patient.id))) (all[key] ??= []).push(...rows);
    }
    await insertChunked(encounters, all.encounters ?? []);
    await insertChunked(conditions, all.conditions ?? []);
    await insertChunked(claimDiagnoses, all.claims ?? []);
    await insertChunked(observations, all.observations ?? []);
    await insertChunked(medications, all.medications ?? []);
    await insertChunked(documents, all.documents ?? []);
    await insertChunked(procedures, all.procedures ?? []);
    await markPatientsChanged(database.db, organisationId, ids);
    const started = performance.now();
    const concurrency = process.env.CAIRN_DRAIN_CONCURRENCY ? Number(process.env.CAIRN_DRAIN_CONCURRENCY) : undefined;
    const ran = await drainAnalysisQueue(database, { concurrency });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${database.kind}: ${String(ran)} jobs in ${seconds.toFixed(1)} s = ${(ran / seconds).toFixed(1)} jobs/s`,
    );
    expect(ran).toBe(count);
  });
});
