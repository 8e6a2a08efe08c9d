// Builds the `scale` organisation of the population dashboards' benchmark (bench/population-dashboards.bench.ts):
// generated patients with five years of claims, analysed, then copied in SQL up to 100,000, then a year of work for
// /analytics. Generating is the slow part (about 40 patients a second a process on 2 cores), copying is not. As run
// for docs/benchmarks.md (20,000 generated in four processes, two at a time, then four copies of each):
//
//   createdb -h 127.0.0.1 -U root cairn_scale
//   export DATABASE_URL=postgres://root@127.0.0.1:5432/cairn_scale
//   npx tsx bench/support/scale-population.ts team --providers 200    # migrations, the organisation, 200 providers
//   npx tsx bench/support/scale-population.ts generate --from 0 --count 2500 &     # disjoint ranges, a process each
//   npx tsx bench/support/scale-population.ts generate --from 2500 --count 2500
//   npx tsx bench/support/scale-population.ts generate --from 5000 --count 7500 &
//   npx tsx bench/support/scale-population.ts generate --from 12500 --count 7500
//   npx tsx bench/support/scale-population.ts analyse         # each patient's analysis (RAF); quality jobs dropped
//   npx tsx bench/support/scale-population.ts copy --copies 4    # scale-population.sql: 20,000 x 5 = 100,000
//   npx tsx bench/support/scale-population.ts activity        # a year of decisions, pushes and usage events
//
// Each step prints what it did and how long it took. The generated patients are dealt to the providers in blocks as
// `npm run seed` deals them (500 patients a provider once copied).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config/env';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { clinics, departments, providers } from '../../apps/server/src/db/clinical-schema';
import { organisations } from '../../apps/server/src/db/schema';
import { drainAnalysisQueue } from '../../apps/server/src/modules/analysis';
import { generateOrganisation } from '../../apps/server/src/modules/demo/generator/generate-organisation';
import { roundRobinPanels, seedPatients } from '../../apps/server/src/modules/demo/generator/seed-patients';
import type { CareProvider } from '../../apps/server/src/modules/demo/generator/types';
import { insertRows } from '../../apps/server/src/modules/demo/generator/write-rows';
import { localIsoDate } from '../../apps/server/src/modules/demo/generator/random';
import { rowsOf } from '../../apps/server/src/modules/population/population-scope';
import { seedScaleActivity } from './scale-activity';

const SLUG = 'scale';
const SEED = 1;
const CLAIM_YEARS = 5;
const VISITS_PER_PROVIDER = 40;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    providers: { type: 'string', default: '200' },
    from: { type: 'string', default: '0' },
    count: { type: 'string', default: '0' },
    copies: { type: 'string', default: '19' },
  },
});

async function organisationId(database: Database): Promise<string> {
  const rows = await rowsOf<{ id: string }>(database.db, sql`select id from organisations where slug = ${SLUG}`);
  const id = rows[0]?.id;
  if (!id) throw new Error(`no '${SLUG}' organisation: run the team step first`);
  return id;
}

async function createTeam(database: Database, providerCount: number): Promise<void> {
  await runMigrations(database);
  const [organisation] = await database.db
    .insert(organisations)
    .values({ slug: SLUG, name: `Cairn ${SLUG} organisation` })
    .returning({ id: organisations.id });
  if (!organisation) throw new Error('organisation not created');
  const rows = generateOrganisation({
    organisationId: organisation.id,
    seed: SEED,
    prefix: SLUG,
    providerCount,
    newId: randomUUID,
  });
  await insertRows(database.db, clinics, rows.clinics);
  await insertRows(database.db, departments, rows.departments);
  await insertRows(database.db, providers, rows.providers);
  console.log(`${SLUG}: ${String(rows.clinics.length)} clinics, ${String(rows.providers.length)} providers`);
}

/** Patients `from` .. `from + count - 1` of the organisation, dealt to its providers as `seedScale` deals them. */
async function generate(database: Database, from: number, count: number): Promise<void> {
  const id = await organisationId(database);
  const rows = await rowsOf<{
    id: string;
    first_name: string;
    last_name: string;
    suffix: string | null;
    department_id: string;
    clinic_id: string;
  }>(
    database.db,
    sql`select p.id, p.first_name, p.last_name, p.suffix, p.department_id, d.clinic_id
        from providers p join departments d on d.id = p.department_id
        where p.organisation_id = ${id} order by substring(p.source_id from '(\d+)$')::int`,
  );
  const team: CareProvider[] = rows.map((row) => ({
    id: row.id,
    name: `${row.first_name} ${row.last_name}, ${row.suffix ?? ''}`.trim(),
    departmentId: row.department_id,
    clinicId: row.clinic_id,
  }));
  const started = performance.now();
  await seedPatients(database.db, {
    organisationId: id,
    seed: SEED,
    today: localIsoDate(),
    prefix: SLUG,
    providers: team,
    layout: roundRobinPanels(team.length, VISITS_PER_PROVIDER),
    from,
    count,
    batchSize: 500,
    claimYears: CLAIM_YEARS,
    onBatch: ({ done }) => {
      console.log(`${String(done)}/${String(count)} patients (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    },
  });
}

/** scale-population.sql in one session (its settings and temporary tables), statement by statement, timed. */
async function copy(copies: number): Promise<void> {
  const statements = readFileSync(new URL('./scale-population.sql', import.meta.url), 'utf8')
    .replaceAll(':copies', String(copies))
    .split(/;\s*\n/)
    .map((statement) => statement.replace(/^(?:--[^\n]*\n)*/, '').trim())
    .filter((statement) => statement.length > 0);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    for (const statement of statements) {
      const started = performance.now();
      const result = await client.query(statement);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `  ${statement.slice(0, 40).replaceAll(/\s+/g, ' ')}: ${String(result.rowCount ?? 0)} rows, ${seconds} s`,
      );
    }
  } finally {
    await client.end();
  }
}

async function timed(name: string, step: () => Promise<void>): Promise<void> {
  const started = performance.now();
  await step();
  console.log(`${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const database = await openDatabase(loadConfig(process.env));
try {
  switch (positionals[0]) {
    case 'team':
      await timed('team', () => createTeam(database, Number(values.providers)));
      break;
    case 'generate':
      await timed('generate', () => generate(database, Number(values.from), Number(values.count)));
      break;
    case 'analyse':
      await timed('analyse', async () => {
        await database.db.execute(sql`analyze`);
        console.log(`${String(await drainAnalysisQueue(database, { quality: false }))} analyses`);
        // CMS's CQL measures, which these dashboards do not read: the server would run them during the measurement.
        const dropped = await rowsOf(database.db, sql`delete from quality_jobs returning 1`);
        console.log(`${String(dropped.length)} quality jobs dropped`);
      });
      break;
    case 'copy':
      await timed('copy', () => copy(Number(values.copies)));
      break;
    case 'activity':
      await timed('activity', async () => {
        console.log(JSON.stringify(await seedScaleActivity(database.db, await organisationId(database))));
        // Fresh planner statistics: with those of the empty tables the rebuild's joins of decisions are nested loops.
        await database.db.execute(sql`analyze`);
      });
      break;
    case undefined:
    default:
      console.error('usage: scale-population.ts team|generate|analyse|copy|activity (see the header)');
      process.exitCode = 2;
  }
} finally {
  await database.close();
}
