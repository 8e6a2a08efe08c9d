import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { openTestDatabase } from '../../testing/build-test-app';
import { createOrganisation } from '../../testing/factories';
import { insertGeneratedPatients } from '../../testing/generated-patients';
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
    const ids = await insertGeneratedPatients(database.db, { organisationId, count, asOf: today });
    await markPatientsChanged(database.db, organisationId, ids);
    const started = performance.now();
    const concurrency = process.env.CAIRN_DRAIN_CONCURRENCY ? Number(process.env.CAIRN_DRAIN_CONCURRENCY) : undefined;
    const ran = await drainAnalysisQueue(database, { concurrency, quality: false });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${database.kind}: ${String(ran)} jobs in ${seconds.toFixed(1)} s = ${(ran / seconds).toFixed(1)} jobs/s`,
    );
    expect(ran).toBe(count);
  });
});
