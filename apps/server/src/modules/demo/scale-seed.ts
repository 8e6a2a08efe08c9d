import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clinics, departments, patients, providers } from '../../db/clinical-schema';
import { organisations } from '../../db/schema';
import { careProviders, generateOrganisation } from './generator/generate-organisation';
import { localIsoDate } from './generator/random';
import { roundRobinPanels, seedPatients } from './generator/seed-patients';
import type { CareProvider } from './generator/types';
import { insertRows, type RowCounts } from './generator/write-rows';

/** Patients per provider: with 40 visits a day each, about one patient in twelve is seen today. */
export const PATIENTS_PER_PROVIDER = 500;
export const VISITS_PER_PROVIDER = 40;

export interface ScaleSeedOptions {
  patients: number;
  /** The organisation's slug; created when missing. */
  slug: string;
  seed: number;
  today?: string;
  batchSize?: number;
  /** Calendar years of claims and hospital stays up to today (three by default, as the clinical history). */
  claimYears?: number;
  onProgress?: (message: string) => void;
}

export interface ScaleSeedSummary {
  organisation: string;
  patients: number;
  providers: number;
  appointmentsToday: number;
  rows: RowCounts;
  seconds: number;
}

/**
 * Adds `patients` synthetic patients with their histories and appointments to an organisation,
 * streaming batches so that memory stays flat (100,000 patients and more). The first run also
 * creates the organisation, its clinics and one provider per 500 patients; later runs add patients
 * to the same providers, each with another 40 visits today.
 */
export async function seedScale(db: Db, options: ScaleSeedOptions): Promise<ScaleSeedSummary> {
  const started = performance.now();
  const today = options.today ?? localIsoDate();
  const organisationId = await ensureOrganisation(db, options.slug);
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(patients)
    .where(eq(patients.organisationId, organisationId));
  const from = existing?.count ?? 0;
  let team = await loadProviders(db, organisationId);
  if (team.length === 0) {
    const providerCount = Math.max(1, Math.ceil(options.patients / PATIENTS_PER_PROVIDER));
    team = await createCareTeam(db, { organisationId, seed: options.seed, prefix: options.slug, providerCount });
  }
  options.onProgress?.(
    `${options.slug}: ${String(team.length)} providers, adding ${String(options.patients)} patients`,
  );
  const result = await seedPatients(db, {
    organisationId,
    seed: options.seed,
    today,
    prefix: options.slug,
    providers: team,
    layout: roundRobinPanels(team.length, VISITS_PER_PROVIDER),
    from,
    count: options.patients,
    batchSize: options.batchSize ?? 1000,
    ...(options.claimYears === undefined ? {} : { claimYears: options.claimYears }),
    onBatch: ({ done }) => {
      const seconds = (performance.now() - started) / 1000;
      options.onProgress?.(`${String(done)}/${String(options.patients)} patients (${seconds.toFixed(0)} s)`);
    },
  });
  return {
    organisation: options.slug,
    patients: options.patients,
    providers: team.length,
    appointmentsToday: result.appointmentsToday,
    rows: result.counts,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

async function ensureOrganisation(db: Db, slug: string): Promise<string> {
  await db
    .insert(organisations)
    .values({ slug, name: `Cairn ${slug} organisation` })
    .onConflictDoNothing({ target: organisations.slug });
  const [organisation] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, slug));
  if (!organisation) throw new Error('organisation not created');
  return organisation.id;
}

async function createCareTeam(
  db: Db,
  options: { organisationId: string; seed: number; prefix: string; providerCount: number },
): Promise<CareProvider[]> {
  const rows = generateOrganisation({ ...options, newId: randomUUID });
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await insertRows(tx, clinics, rows.clinics);
    await insertRows(tx, departments, rows.departments);
    await insertRows(tx, providers, rows.providers);
  });
  return careProviders(rows);
}

/** The organisation's providers in the order they were generated (`<prefix>-provider-<n>`). */
async function loadProviders(db: Db, organisationId: string): Promise<CareProvider[]> {
  const rows = await db
    .select({
      id: providers.id,
      firstName: providers.firstName,
      lastName: providers.lastName,
      suffix: providers.suffix,
      sourceId: providers.sourceId,
      departmentId: providers.departmentId,
      clinicId: departments.clinicId,
    })
    .from(providers)
    .leftJoin(departments, eq(departments.id, providers.departmentId))
    .where(eq(providers.organisationId, organisationId));
  const number = (sourceId: string): number => Number(/(\d+)$/.exec(sourceId)?.[1] ?? 0);
  return rows
    .sort((left, right) => number(left.sourceId) - number(right.sourceId))
    .map((row) => ({
      id: row.id,
      name: `${row.firstName} ${row.lastName}, ${row.suffix ?? ''}`.trim(),
      departmentId: row.departmentId ?? '',
      clinicId: row.clinicId ?? '',
    }));
}
