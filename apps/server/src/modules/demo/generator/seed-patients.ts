import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/client';
import type { FileStore } from '../../../integrations/files/file-store';
import { generatePatient } from './generate-patient';
import { SCENARIOS } from './scenarios';
import { todayVisit } from './schedule';
import type { CareProvider, NewId, PatientRows } from './types';
import { addCounts, emptyCounts, writePatients, type RowCounts } from './write-rows';

/**
 * How patients are shared among providers and who is seen today. Patients go to providers in
 * blocks of `SCENARIOS.length` consecutive patients, so every panel holds every scenario.
 */
export interface PanelLayout {
  /** Index (in the provider list) of patient `index`'s primary provider. */
  providerOf(index: number): number;
  /** The patient's visit today: its place in the provider's day of `slots` visits, if any. */
  todayOf(index: number): { position: number; slots: number } | undefined;
}

const BLOCK = SCENARIOS.length;

/** Blocks dealt to providers in turn; the first `visitsPerProvider` patients of each panel are seen today. */
export function roundRobinPanels(providerCount: number, visitsPerProvider = 40): PanelLayout {
  return {
    providerOf: (index) => Math.floor(index / BLOCK) % providerCount,
    todayOf: (index) => {
      const position = Math.floor(index / (BLOCK * providerCount)) * BLOCK + (index % BLOCK);
      return position < visitsPerProvider ? { position, slots: visitsPerProvider } : undefined;
    },
  };
}

export interface SeedPatientsOptions {
  organisationId: string;
  seed: number;
  today: string;
  /** Prefix of every source id (the organisation's slug). */
  prefix: string;
  providers: readonly CareProvider[];
  layout: PanelLayout;
  /** Patient indexes `from` .. `from + count - 1`. */
  from: number;
  count: number;
  /** Patients generated and written at a time: memory stays flat whatever `count` is. */
  batchSize?: number;
  /** Where HTML and PDF originals go; without one documents stay plain text. */
  fileStore?: FileStore;
  newId?: NewId;
  /** Calendar years of claims and hospital stays (see `GeneratePatientOptions.claimYears`); three by default. */
  claimYears?: number;
  onBatch?: (progress: { done: number; counts: RowCounts }) => void;
}

export interface SeedPatientsResult {
  counts: RowCounts;
  appointmentsToday: number;
}

/** Generates and writes patients batch by batch, each batch in one transaction with its analyses queued. */
export async function seedPatients(db: Db, options: SeedPatientsOptions): Promise<SeedPatientsResult> {
  const counts = emptyCounts();
  const batchSize = options.batchSize ?? 1000;
  let appointmentsToday = 0;
  // While the database writes one batch, the next is generated: the two overlap on PostgreSQL.
  let pending: Promise<void> | undefined;
  for (let start = options.from; start < options.from + options.count; start += batchSize) {
    const end = Math.min(start + batchSize, options.from + options.count);
    const batch: PatientRows[] = [];
    for (let index = start; index < end; index += 1) {
      const rows = generateWithVisit(options, index);
      if (rows.appointments.some((appointment) => appointment.serviceDate === options.today)) appointmentsToday += 1;
      batch.push(rows);
    }
    await pending;
    pending = writePatients(db, { organisationId: options.organisationId, batch, fileStore: options.fileStore }).then(
      (written) => {
        addCounts(counts, written);
        options.onBatch?.({ done: end - options.from, counts });
      },
    );
    // Marked handled here; the rejection still surfaces at the next `await pending`.
    pending.catch(() => undefined);
  }
  await pending;
  return { counts, appointmentsToday };
}

function generateWithVisit(options: SeedPatientsOptions, index: number): PatientRows {
  const newId = options.newId ?? randomUUID;
  const providerIndex = options.layout.providerOf(index);
  const primaryProvider = options.providers[providerIndex];
  if (!primaryProvider) throw new Error('no provider for a patient');
  const rows = generatePatient({ ...options, index, primaryProvider, newId });
  const visit = options.layout.todayOf(index - options.from);
  if (visit)
    rows.appointments.push(
      todayVisit({
        ...visit,
        id: newId(),
        organisationId: options.organisationId,
        seed: options.seed,
        date: options.today,
        provider: primaryProvider,
        prefix: `${options.prefix}-r${String(options.from)}-p${String(providerIndex)}`,
        patientId: rows.patient.id,
      }),
    );
  return rows;
}
