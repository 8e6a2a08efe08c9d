/**
 * FHIR ingestion: imports copies of the ten Synthea bundles of the test fixtures (every id replaced by
 * a fresh one in each copy, so each run inserts rather than only updates) with `importBundle`, one
 * bundle a transaction as the import command does, into embedded PGlite on disk and into PostgreSQL
 * (a scratch database, dropped afterwards). Reports FHIR resources imported per second. Budget
 * (issue 5): 5,000 a second.
 * Usage: node --import tsx bench/ingestion.bench.ts [copies] (BENCH_DATABASE_URL, default
 * postgres://root@127.0.0.1:5432/postgres; BENCH_SKIP_POSTGRES=1 for PGlite only)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { importBundle } from '../apps/server/src/modules/ingestion/ingestion.service';
import { syntheaFixtures } from '../apps/server/src/modules/ingestion/synthea-fixtures';
import { organisations } from '../apps/server/src/db/schema';

const copies = Number(process.argv[2] ?? 5);
const BUDGET = 5_000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

const texts = syntheaFixtures().map((fixture) => JSON.stringify(fixture.bundle));

/** A copy of a bundle whose every id (and reference to it) is new. */
function freshCopy(text: string): unknown {
  const ids = new Map<string, string>();
  return JSON.parse(
    text.replace(UUID, (id) => {
      let fresh = ids.get(id);
      if (!fresh) ids.set(id, (fresh = randomUUID()));
      return fresh;
    }),
  );
}

async function measure(label: string, database: Database): Promise<number> {
  await runMigrations(database);
  const [organisation] = await database.db
    .insert(organisations)
    .values({ slug: `bench-${randomBytes(4).toString('hex')}`, name: 'Ingestion benchmark' })
    .returning();
  if (!organisation) throw new Error('no organisation');
  const importCopy = async () => {
    let resources = 0;
    for (const text of texts) {
      const result = await importBundle(database.db, {
        organisationId: organisation.id,
        source: 'EHR',
        bundle: freshCopy(text),
      });
      resources += Object.values(result.imported).reduce((sum, count) => sum + count, 0);
    }
    return resources;
  };
  await importCopy(); // warm-up: JIT, prepared paths, the SNOMED map
  let resources = 0;
  let elapsed = 0;
  let cpu = 0;
  for (let copy = 0; copy < copies; copy += 1) {
    const bundles = texts.map(freshCopy); // copying is not part of the import
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    for (const bundle of bundles) {
      const result = await importBundle(database.db, { organisationId: organisation.id, source: 'EHR', bundle });
      resources += Object.values(result.imported).reduce((sum, count) => sum + count, 0);
    }
    elapsed += performance.now() - start;
    const used = process.cpuUsage(cpuStart);
    cpu += (used.user + used.system) / 1000;
  }
  const rate = (resources / elapsed) * 1000;
  // On a busy machine the wall clock measures the neighbours too; per CPU second of this process is
  // what one free core would do (for PGlite, which runs in this process; PostgreSQL's own work is not
  // counted there).
  const perCpuSecond = (resources / cpu) * 1000;
  console.log(
    `${label.padEnd(20)} ${String(resources).padStart(6)} resources in ${(elapsed / 1000).toFixed(2)} s: ${rate.toFixed(0)} resources/s wall, ${perCpuSecond.toFixed(0)} per CPU second of this process (budget ${String(BUDGET)}/s)`,
  );
  return rate;
}

const rates: number[] = [];
const memory = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
try {
  await measure('PGlite (in memory)', memory);
} finally {
  await memory.close();
}
const dataDir = await mkdtemp(join(tmpdir(), 'cairn-bench-ingestion-'));
try {
  const pglite = await openDatabase({ databaseUrl: undefined, dataDir });
  try {
    rates.push(await measure('PGlite (on disk)', pglite));
  } finally {
    await pglite.close();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

if (process.env.BENCH_SKIP_POSTGRES !== '1') {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
  const name = `cairn_bench_ingestion_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const postgres = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    try {
      rates.push(await measure('PostgreSQL', postgres));
    } finally {
      await postgres.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
console.log(`(${String(texts.length)} Synthea bundles a copy, ${String(copies)} copies, after one warm-up copy)`);
console.log(
  `load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} on ${String(os.cpus().length)} CPUs`,
);
process.exitCode = rates.every((rate) => rate >= BUDGET) ? 0 : 1;
