import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import {
  analysisJobs,
  appointments,
  claimDiagnoses,
  conditions,
  encounters,
  observations,
  patientAnalyses,
  postVisitReviews,
  summaryUpdates,
} from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { openTestDatabase } from '../../testing/build-test-app';
import { createAppointment, createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import type { PatientRecord } from '@cairn/clinical';
import { computeAnalysis } from './analysis-compute';
import { queueDailyRefresh } from './analysis-jobs';
import { markPatientsChanged } from './analysis-queue';
import { localToday } from './analysis-run';
import { drainAnalysisQueue, startAnalysisWorker } from './analysis-worker';
import { currentAnalysisCounts } from './analysis.repository';

let database: Database;
let organisationId: string;
const today = localToday();
const lastYear = `${String(Number(today.slice(0, 4)) - 1)}-06-15`;

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
  organisationId = (await createOrganisation(database.db)).id;
});
afterAll(async () => {
  await database.close();
});

/** A patient with type 2 diabetes with CKD coded on a claim last year: a chronic HCC to recapture. */
async function diabeticPatient(lastName = 'Lovelace') {
  const patient = await createPatient(database.db, { organisationId, lastName });
  await database.db.insert(claimDiagnoses).values({
    organisationId,
    patientId: patient.id,
    claimType: 'Claim',
    sequence: 1,
    icdCode: 'E1122',
    serviceDate: lastYear,
    source: 'EHR',
    sourceId: `claim-${patient.id}`,
  });
  return patient;
}

async function analysisOf(patientId: string) {
  const [row] = await database.db.select().from(patientAnalyses).where(eq(patientAnalyses.patientId, patientId));
  return row;
}

describe('the analysis pipeline', () => {
  it('analyses a patient whose data changed and stores the analysis with the data version it read', async () => {
    const patient = await diabeticPatient();
    await markPatientsChanged(database.db, organisationId, [patient.id]);
    expect(await drainAnalysisQueue(database)).toBeGreaterThanOrEqual(1);
    const analysis = await analysisOf(patient.id);
    expect(analysis?.dataVersion).toBe(patient.dataVersion + 1);
    expect(analysis?.asOf).toBe(today);
    expect(analysis?.suggestions).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'E1122', category: 'Recapture' })]),
    );
    expect(analysis?.openSuggestions).toBeGreaterThanOrEqual(1);
    expect(analysis?.hccCount).toBeGreaterThanOrEqual(1);
    const risk = analysis?.riskScore as { current: number; potential: number };
    expect(risk.potential).toBeGreaterThan(risk.current);
    const [job] = await database.db.select().from(analysisJobs).where(eq(analysisJobs.patientId, patient.id));
    expect(job?.status).toBe('done');
  });

  it('gives result evidence the decimal places the results were reported with', async () => {
    const patient = await createPatient(database.db, { organisationId, lastName: 'Precise' });
    const a1c = { organisationId, patientId: patient.id, loinc: '4548-4', display: 'HbA1c', unit: '%', source: 'EHR' };
    await database.db.insert(observations).values([
      { ...a1c, sourceId: `a1c-1-${patient.id}`, effectiveDate: lastYear, value: 7.7, valueDecimals: 2 },
      { ...a1c, sourceId: `a1c-2-${patient.id}`, effectiveDate: today, value: 8, valueDecimals: 1 },
    ]);
    await markPatientsChanged(database.db, organisationId, [patient.id]);
    await drainAnalysisQueue(database);
    const suggestions = (await analysisOf(patient.id))?.suggestions as
      { code: string; evidence: { value?: number; decimals?: number }[] }[] | undefined;
    const evidence = suggestions?.find((suggestion) => suggestion.code === 'E119')?.evidence;
    expect(evidence).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ value: 7.7, decimals: 2 }),
        expect.objectContaining({ value: 8, decimals: 1 }),
      ]),
    );
  });

  it('hides an analysis once the data changes again, and shows the rerun', async () => {
    const patient = await diabeticPatient();
    await markPatientsChanged(database.db, organisationId, [patient.id]);
    await drainAnalysisQueue(database);
    expect((await currentAnalysisCounts(database.db, organisationId, [patient.id])).has(patient.id)).toBe(true);
    await markPatientsChanged(database.db, organisationId, [patient.id]);
    expect((await currentAnalysisCounts(database.db, organisationId, [patient.id])).has(patient.id)).toBe(false);
    await drainAnalysisQueue(database);
    const counts = await currentAnalysisCounts(database.db, organisationId, [patient.id]);
    expect(counts.get(patient.id)?.openSuggestions).toBeGreaterThanOrEqual(1);
  });

  it('reruns an analysis whose data changed while it was computed, and only the rerun is current', async () => {
    const patient = await diabeticPatient();
    await markPatientsChanged(database.db, organisationId, [patient.id]);
    let change: Promise<void> | undefined;
    let runs = 0;
    const compute = (record: PatientRecord, asOf: string) => {
      runs += 1;
      // New data arrives after the snapshot was read, before the analysis is stored.
      change ??= markPatientsChanged(database.db, organisationId, [patient.id]);
      return computeAnalysis(record, asOf);
    };
    await drainAnalysisQueue(database, { compute });
    await change;
    // The analysis of the older data was stored with its own version, and the change queued a rerun
    // (which the same drain may already have run).
    await drainAnalysisQueue(database, { compute });
    expect(runs).toBe(2);
    expect((await analysisOf(patient.id))?.dataVersion).toBe(patient.dataVersion + 2);
    expect((await currentAnalysisCounts(database.db, organisationId, [patient.id])).has(patient.id)).toBe(true);
  });

  it('retries a failing job, then fails it with the error class and no patient data', async () => {
    const patient = await diabeticPatient();
    await markPatientsChanged(database.db, organisationId, [patient.id]);
    const errors: unknown[] = [];
    await drainAnalysisQueue(database, {
      compute: (record) => {
        throw new RangeError(`birth date ${record.demographics.birthDate} is not valid`);
      },
      retryDelaySeconds: () => 0,
      log: { error: (object) => errors.push(object) },
    });
    const [job] = await database.db.select().from(analysisJobs).where(eq(analysisJobs.patientId, patient.id));
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
    expect(job?.lastError).toBe('RangeError: birth date ####-##-## is not valid');
    expect(JSON.stringify(errors)).not.toContain(patient.birthDate);
    expect(errors).toHaveLength(3);
    expect(await analysisOf(patient.id)).toBeUndefined();
  });

  it('tells the visits from today on what changed, and not the first time', async () => {
    const patient = await diabeticPatient();
    const visit = await createAppointment(database.db, { organisationId, patientId: patient.id, at: `${today}T09:00` });
    await createAppointment(database.db, { organisationId, patientId: patient.id, at: `${lastYear}T09:00` });
    await markPatientsChanged(database.db, organisationId, [patient.id]);
    await drainAnalysisQueue(database);
    expect(await database.db.select().from(summaryUpdates).where(eq(summaryUpdates.appointmentId, visit.id))).toEqual(
      [],
    );
    await database.db.insert(claimDiagnoses).values({
      organisationId,
      patientId: patient.id,
      claimType: 'Claim',
      sequence: 2,
      icdCode: 'I5022',
      serviceDate: lastYear,
      source: 'EHR',
      sourceId: `claim-hf-${patient.id}`,
    });
    await markPatientsChanged(database.db, organisationId, [patient.id]);
    await drainAnalysisQueue(database);
    const updates = await database.db
      .select({
        appointmentId: summaryUpdates.appointmentId,
        kind: summaryUpdates.kind,
        message: summaryUpdates.message,
      })
      .from(summaryUpdates)
      .innerJoin(appointments, eq(appointments.id, summaryUpdates.appointmentId))
      .where(eq(appointments.patientId, patient.id));
    expect(updates).toEqual([{ appointmentId: visit.id, kind: 'suggestions-changed', message: '1 new suggestion' }]);
  });

  it('makes a fulfilled visit whose encounter diagnoses are back ready for post-visit review', async () => {
    const patient = await diabeticPatient();
    const [encounter] = await database.db
      .insert(encounters)
      .values({ organisationId, patientId: patient.id, startDate: today, source: 'EHR', sourceId: `enc-${patient.id}` })
      .returning();
    if (!encounter) throw new Error('no encounter');
    const visit = await createAppointment(database.db, {
      organisationId,
      patientId: patient.id,
      at: `${today}T08:00`,
      status: 'fulfilled',
      encounterId: encounter.id,
    });
    await markPatientsChanged(database.db, organisationId, [patient.id]);
    await drainAnalysisQueue(database);
    const ready = () => database.db.select().from(postVisitReviews).where(eq(postVisitReviews.appointmentId, visit.id));
    expect(await ready()).toEqual([]);
    await database.db.insert(conditions).values({
      organisationId,
      patientId: patient.id,
      encounterId: encounter.id,
      icdCode: 'E1122',
      display: 'Type 2 diabetes mellitus with diabetic chronic kidney disease',
      category: 'encounter-diagnosis',
      clinicalStatus: 'active',
      recordedDate: today,
      source: 'EHR',
      sourceId: `dx-${patient.id}`,
    });
    await markPatientsChanged(database.db, organisationId, [patient.id]);
    await drainAnalysisQueue(database);
    expect(await ready()).toEqual([expect.objectContaining({ organisationId, isDoneByProvider: false })]);
  });

  it("queues the day's patients whose analysis is older than today", async () => {
    const patient = await diabeticPatient();
    await createAppointment(database.db, { organisationId, patientId: patient.id, at: `${today}T10:00` });
    await markPatientsChanged(database.db, organisationId, [patient.id]);
    await drainAnalysisQueue(database);
    expect(await queueDailyRefresh(database.db, today)).toBe(0);
    await database.db.update(patientAnalyses).set({ asOf: lastYear }).where(eq(patientAnalyses.patientId, patient.id));
    expect(await queueDailyRefresh(database.db, today)).toBe(1);
    await drainAnalysisQueue(database);
    expect((await analysisOf(patient.id))?.asOf).toBe(today);
  });

  it('wakes on a notification instead of waiting for its poll', async () => {
    const worker = startAnalysisWorker(database, { log: { error: () => undefined }, pollMs: 60_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const patient = await diabeticPatient();
      await markPatientsChanged(database.db, organisationId, [patient.id]);
      await expect.poll(() => analysisOf(patient.id), { timeout: 5000, interval: 50 }).toBeDefined();
    } finally {
      await worker.stop();
    }
  });
});

it('finishes the job in hand when stopped', async () => {
  const patient = await diabeticPatient();
  await markPatientsChanged(database.db, organisationId, [patient.id]);
  const worker = startAnalysisWorker(database, { log: { error: () => undefined }, pollMs: 60_000 });
  await new Promise((resolve) => setTimeout(resolve, 20));
  await worker.stop();
  const [job] = await database.db.select().from(analysisJobs).where(eq(analysisJobs.patientId, patient.id));
  expect(['pending', 'done']).toContain(job?.status);
  if (job?.status === 'done') expect(await analysisOf(patient.id)).toBeDefined();
});

describe.runIf(process.env.CAIRN_TEST_DB === 'postgres')('two workers on PostgreSQL', () => {
  it('never run the same job twice', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 120; index++) ids.push((await createPatient(database.db, { organisationId })).id);
    await markPatientsChanged(database.db, organisationId, ids);
    // A second process: its own pool on the same database.
    if (database.driver.kind !== 'postgres') throw new Error('PostgreSQL only');
    const other = await openDatabase({ databaseUrl: database.driver.pool.options.connectionString, dataDir: '' });
    const [first, second] = await Promise.all([
      drainAnalysisQueue(database, { batchSize: 5, concurrency: 1, quality: false }),
      drainAnalysisQueue(other, { batchSize: 5, concurrency: 1, quality: false }),
    ]).finally(() => other.close());
    // (A job an earlier test's stopped worker left pending may be among them.)
    expect(first + second).toBeGreaterThanOrEqual(120);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    const jobs = await database.db
      .select({ attempts: analysisJobs.attempts, status: analysisJobs.status })
      .from(analysisJobs)
      .where(and(eq(analysisJobs.organisationId, organisationId), inArray(analysisJobs.patientId, ids)));
    expect(jobs).toHaveLength(120);
    expect(jobs.every((job) => job.attempts === 1 && job.status === 'done')).toBe(true);
  });
});
