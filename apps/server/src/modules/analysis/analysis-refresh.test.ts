import type { PatientRecord } from '@cairn/clinical';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { analysisJobs, patientAnalyses } from '../../db/clinical-schema';
import { runMigrations } from '../../db/migrate';
import { openTestDatabase } from '../../testing/build-test-app';
import { createAppointment, createPatient } from '../../testing/clinical-factories';
import { createOrganisation } from '../../testing/factories';
import { computeAnalysis, type ComputedAnalysis } from './analysis-compute';
import { queueDailyRefresh } from './analysis-jobs';
import { markPatientsChanged, queueAllPatients } from './analysis-queue';
import { localToday } from './analysis-run';
import { drainAnalysisQueue, startAnalysisWorker } from './analysis-worker';

let database: Database;
let organisationId: string;
const today = localToday();

beforeAll(async () => {
  database = await openTestDatabase();
  await runMigrations(database);
  organisationId = (await createOrganisation(database.db)).id;
});
afterAll(async () => {
  await database.close();
});

/** The engine, counting the records it computes by patient. */
function countingCompute(): {
  compute: (record: PatientRecord, asOf: string) => ComputedAnalysis;
  counts: Map<string, number>;
} {
  const counts = new Map<string, number>();
  return {
    counts,
    compute: (record, asOf) => {
      counts.set(record.patientId, (counts.get(record.patientId) ?? 0) + 1);
      return computeAnalysis(record, asOf);
    },
  };
}

async function newPatients(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) ids.push((await createPatient(database.db, { organisationId })).id);
  return ids;
}

describe('a routine refresh', () => {
  it('recomputes only the patients whose data changed', async () => {
    const ids = await newPatients(3);
    await markPatientsChanged(database.db, organisationId, ids);
    await drainAnalysisQueue(database);
    for (const id of ids) await createAppointment(database.db, { organisationId, patientId: id, at: `${today}T09:00` });
    const counting = countingCompute();
    expect(await queueDailyRefresh(database.db, today)).toBe(0);
    expect(await drainAnalysisQueue(database, { compute: counting.compute })).toBe(0);
    await markPatientsChanged(database.db, organisationId, [ids[1] ?? '']);
    expect(await drainAnalysisQueue(database, { compute: counting.compute })).toBe(1);
    expect([...counting.counts]).toEqual([[ids[1], 1]]);
  });
});

describe('re-analysing every patient', () => {
  it('queues each patient once in one statement and replaces analyses of the same data version', async () => {
    const ids = await newPatients(4);
    await markPatientsChanged(database.db, organisationId, ids);
    await drainAnalysisQueue(database);
    const [before] = await database.db
      .select()
      .from(patientAnalyses)
      .where(eq(patientAnalyses.patientId, ids[0] ?? ''));
    await markPatientsChanged(database.db, organisationId, [ids[0] ?? '']);
    const queued = await queueAllPatients(database.db, organisationId);
    const pending = await database.db
      .select({ patientId: analysisJobs.patientId })
      .from(analysisJobs)
      .where(and(eq(analysisJobs.organisationId, organisationId), eq(analysisJobs.status, 'pending')));
    // The patient whose data changed already had a pending job and keeps that one.
    expect(queued).toBe(pending.length - 1);
    expect(new Set(pending.map((job) => job.patientId)).size).toBe(pending.length);
    expect(pending.map((job) => job.patientId)).toEqual(expect.arrayContaining(ids));
    const counting = countingCompute();
    await drainAnalysisQueue(database, { compute: counting.compute });
    expect(ids.map((id) => counting.counts.get(id))).toEqual([1, 1, 1, 1]);
    const [after] = await database.db
      .select()
      .from(patientAnalyses)
      .where(eq(patientAnalyses.patientId, ids[0] ?? ''));
    expect(after?.dataVersion).toBe((before?.dataVersion ?? 0) + 1);
    const [unchanged] = await database.db
      .select()
      .from(patientAnalyses)
      .where(eq(patientAnalyses.patientId, ids[2] ?? ''));
    expect(unchanged?.computedAt.getTime()).toBeGreaterThan(before?.computedAt.getTime() ?? Infinity);
  });
});

describe('storing a re-analysis', () => {
  it('moves only the version and date of an analysis whose content is the same, and rewrites one that changed', async () => {
    const [id = ''] = await newPatients(1);
    await markPatientsChanged(database.db, organisationId, [id]);
    await drainAnalysisQueue(database);
    const stored = async () =>
      (await database.db.select().from(patientAnalyses).where(eq(patientAnalyses.patientId, id)))[0];
    const first = await stored();
    expect(first?.contentHash).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    await markPatientsChanged(database.db, organisationId, [id]);
    await drainAnalysisQueue(database);
    const same = await stored();
    expect(same?.dataVersion).toBe((first?.dataVersion ?? 0) + 1);
    expect(same?.contentHash).toBe(first?.contentHash);
    expect(same?.suggestions).toEqual(first?.suggestions);
    expect(same?.computedAt.getTime()).toBeGreaterThan(first?.computedAt.getTime() ?? Infinity);
    // A rule update that changes what is computed: the new content replaces the stored one.
    await queueAllPatients(database.db, organisationId);
    const withRaf = (record: PatientRecord, asOf: string): ComputedAnalysis => {
      const computed = computeAnalysis(record, asOf);
      return { ...computed, riskScore: { ...computed.riskScore, current: 9 } };
    };
    await drainAnalysisQueue(database, { compute: withRaf });
    const changed = await stored();
    expect(changed?.contentHash).not.toBe(first?.contentHash);
    expect(changed?.riskScore).toMatchObject({ current: 9 });
    // The care gaps are the quality pass's: a re-analysis leaves them.
    expect(changed?.careGaps).toEqual(first?.careGaps);
  });
});

describe.runIf(process.env.CAIRN_TEST_DB === 'postgres')('two server processes on PostgreSQL', () => {
  it('share a re-analysis of every patient and compute each patient once', async () => {
    const ids = await newPatients(200);
    await queueAllPatients(database.db, organisationId);
    if (database.driver.kind !== 'postgres') throw new Error('PostgreSQL only');
    // The second process: a pool of its own on the same database, with its own engine.
    const other = await openDatabase({ databaseUrl: database.driver.pool.options.connectionString, dataDir: '' });
    const first = countingCompute();
    const second = countingCompute();
    const [firstRan, secondRan] = await Promise.all([
      drainAnalysisQueue(database, { compute: first.compute, batchSize: 20, concurrency: 2 }),
      drainAnalysisQueue(other, { compute: second.compute, batchSize: 20, concurrency: 2 }),
    ]).finally(() => other.close());
    expect(firstRan).toBeGreaterThan(0);
    expect(secondRan).toBeGreaterThan(0);
    for (const id of ids) expect((first.counts.get(id) ?? 0) + (second.counts.get(id) ?? 0)).toBe(1);
    const jobs = await database.db
      .select({ attempts: analysisJobs.attempts, status: analysisJobs.status })
      .from(analysisJobs)
      .where(and(eq(analysisJobs.organisationId, organisationId), inArray(analysisJobs.patientId, ids)));
    expect(jobs.every((job) => job.attempts === 1 && job.status === 'done')).toBe(true);
  });
});

describe.runIf(process.env.CAIRN_TEST_DB === 'postgres')('analysis threads on PostgreSQL', () => {
  it('drain a re-analysis of every patient on two threads, each patient once', async () => {
    const ids = await newPatients(60);
    await queueAllPatients(database.db, organisationId);
    // The quality pass's threads have a test of their own (quality-pass.test.ts).
    expect(await drainAnalysisQueue(database, { threads: 2, batchSize: 10, quality: false })).toBeGreaterThanOrEqual(
      ids.length,
    );
    const jobs = await database.db
      .select({ attempts: analysisJobs.attempts, status: analysisJobs.status })
      .from(analysisJobs)
      .where(and(eq(analysisJobs.organisationId, organisationId), inArray(analysisJobs.patientId, ids)));
    expect(jobs).toHaveLength(ids.length);
    expect(jobs.every((job) => job.attempts === 1 && job.status === 'done')).toBe(true);
    const analysed = await database.db
      .select({ patientId: patientAnalyses.patientId })
      .from(patientAnalyses)
      .where(inArray(patientAnalyses.patientId, ids));
    expect(analysed).toHaveLength(ids.length);
  });

  it("work a server's queue as changes arrive and stop when the server closes", async () => {
    const worker = startAnalysisWorker(database, { log: { error: () => undefined }, threads: 1, pollMs: 200 });
    try {
      const [id] = await newPatients(1);
      await markPatientsChanged(database.db, organisationId, [id ?? '']);
      await expect
        .poll(
          async () =>
            (
              await database.db
                .select({ status: analysisJobs.status })
                .from(analysisJobs)
                .where(eq(analysisJobs.patientId, id ?? ''))
            ).map((job) => job.status),
          { timeout: 30_000, interval: 200 },
        )
        .toEqual(['done']);
    } finally {
      await worker.stop();
    }
  });
});
