// The Quality Workspace's worklist on 100,000 patients (issue 19: a filtered page p95 <= 200 ms on
// PostgreSQL). The database is the `scale` organisation of `npm run seed` with every patient analysed
// (their care gaps in `care_gaps`, written by the analysis store or filled by migration 0020); the server
// is the built bundle in a process of its own, migrating the database on start. A quality lead
// (`bench.quality`: Coder view, quality_tool) asks the real API (`POST /api/quality/worklist`, 50 gaps a
// page) one request at a time, as one browser does, each request a different measure, provider, clinic or
// page; each request also writes its patients' `patient.read` audit rows, as in production. Then the same
// with four quality leads at once. Cases without a budget (no filter, a deep page, the other pages of the
// workspace, an export) are watched.
//
//   DATABASE_URL=postgres://root@127.0.0.1:5432/cairn_scale npm run seed -- --patients 100000 --analyse
//   npm run build && npm run bench -- quality-worklist
//
// BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/cairn_scale), BENCH_REQUESTS per case
// (default 200). The organisation's OrganizationQuality configuration is turned on if it is not.
import { cpus, totalmem } from 'node:os';
import pg from 'pg';
import { startBuiltServer } from './support/built-server';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/cairn_scale';
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const port = 3360;
const base = `http://127.0.0.1:${String(port)}`;
const BUDGET_MS = 200;
const PASSWORD = 'bench-password-1';

interface Fixture {
  organisationId: string;
  patients: number;
  gaps: number;
  measureIds: string[];
  providerIds: string[];
  clinicIds: string[];
  departmentIds: string[];
}

async function readFixture(client: pg.Client): Promise<Fixture> {
  const [organisation] = (
    await client.query<{ id: string; patients: string }>(
      `select o.id, (select count(*) from patients p where p.organisation_id = o.id) as patients
         from organisations o where o.slug = 'scale'`,
    )
  ).rows;
  if (!organisation)
    throw new Error(`No 'scale' organisation in ${databaseUrl}: run npm run seed first (see the header).`);
  const ids = async (statement: string) =>
    (await client.query<{ id: string }>(statement, [organisation.id])).rows.map((row) => row.id);
  const [gaps] = (
    await client.query<{ count: string }>(`select count(*) from care_gaps where organisation_id = $1`, [
      organisation.id,
    ])
  ).rows;
  return {
    organisationId: organisation.id,
    patients: Number(organisation.patients),
    gaps: Number(gaps?.count ?? 0),
    measureIds: await ids(`select distinct measure_id as id from care_gaps where organisation_id = $1 order by 1`),
    providerIds: await ids(`select id from providers where organisation_id = $1 order by source_id`),
    clinicIds: await ids(`select id from clinics where organisation_id = $1 order by source_id`),
    departmentIds: await ids(`select id from departments where organisation_id = $1 order by source_id`),
  };
}

/** The quality lead with a known password, and the configuration that opens the workspace to them. */
async function prepare(client: pg.Client, fixture: Fixture): Promise<void> {
  await client.query(
    `insert into users (organisation_id, username, email, view, permissions, password_hash, terms_accepted_at)
     values ($1, 'bench.quality', 'bench.quality@bench.cairn.test', 'Coder', '{quality_tool}', $2, now())
     on conflict (lower(username)) do update set password_hash = excluded.password_hash, permissions = excluded.permissions,
       failed_attempts = 0, locked_until = null`,
    [fixture.organisationId, await hashPassword(PASSWORD)],
  );
  await client.query(
    `insert into feature_flags (organisation_id, key, default_value, description)
     values ($1, 'configuration_OrganizationQuality', 'true', 'Turned on by bench/quality-worklist.bench.ts')
     on conflict (organisation_id, key) do nothing`,
    [fixture.organisationId],
  );
}

type Body = Record<string, unknown>;
interface Case {
  name: string;
  body: (index: number) => Body;
  /** The path under /api; the worklist unless told. */
  path?: string;
  isBudgeted: boolean;
}

function cases(fixture: Fixture): Case[] {
  const at = <T>(values: T[], index: number): T => values[index % values.length]!;
  const measure = (index: number) => ({ measureIds: [at(fixture.measureIds, index)] });
  const filtered = (name: string, body: (index: number) => Body): Case => ({ name, body, isBudgeted: true });
  const watched = (name: string, body: (index: number) => Body, path?: string): Case => ({
    name,
    body,
    isBudgeted: false,
    ...(path ? { path } : {}),
  });
  return [
    filtered('a measure, by due date, pages 1-3', (i) => ({ filters: measure(i), page: 1 + (i % 3) })),
    filtered('a measure, by patient name', (i) => ({ filters: measure(i), sort: 'patientName' })),
    filtered('a measure, by next visit', (i) => ({ filters: measure(i), sort: 'nextVisit' })),
    filtered('a measure, by measure, descending', (i) => ({
      filters: measure(i),
      sort: 'measure',
      direction: 'descending',
    })),
    filtered('a provider, by due date', (i) => ({ filters: { providerIds: [at(fixture.providerIds, i)] } })),
    filtered('a provider and a measure, by name', (i) => ({
      filters: { providerIds: [at(fixture.providerIds, i)], ...measure(i) },
      sort: 'patientName',
    })),
    filtered('a clinic, by due date', (i) => ({ filters: { clinicIds: [at(fixture.clinicIds, i)] } })),
    filtered('a department and a measure, by next visit', (i) => ({
      filters: { departmentIds: [at(fixture.departmentIds, i)], ...measure(i) },
      sort: 'nextVisit',
    })),
    filtered('a visit within 14 days, by next visit', () => ({
      filters: { upcomingVisitWithinDays: 14 },
      sort: 'nextVisit',
    })),
    filtered('a visit within 7 days and a measure, by due date', (i) => ({
      filters: { upcomingVisitWithinDays: 7, ...measure(i) },
    })),
    filtered('open only, due by the end of the year, a measure', (i) => ({
      filters: { statuses: ['open'], dueBefore: `${new Date().getFullYear()}-12-31`, ...measure(i) },
    })),
    watched('no filter, by due date', () => ({})),
    watched('no filter, by next visit', () => ({ sort: 'nextVisit' })),
    watched('a measure, page 40 by due date', (i) => ({ filters: measure(i), page: 40 })),
    watched('measures with their counts', () => ({}), '/quality/measures'),
    watched('patients, by name, pages 1-3', (i) => ({ page: 1 + (i % 3) }), '/quality/patients'),
    watched(
      'patients, a name searched',
      (i) => ({ searchText: at(['smi', 'jo', 'mar', 'wil', 'gar'], i) }),
      '/quality/patients',
    ),
    watched('archive, latest first, pages 1-3', (i) => ({ page: 1 + (i % 3) }), '/quality/archive'),
    watched('archive, a measure', (i) => ({ filters: measure(i) }), '/quality/archive'),
  ];
}

async function signIn(): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench.quality', password: PASSWORD }),
  });
  const body = (await response.json()) as { result?: { token?: string } };
  if (!body.result?.token) throw new Error(`Sign-in failed (${String(response.status)})`);
  return body.result.token;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/** One request; its time in ms. */
async function ask(token: string, test: Case, index: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api${test.path ?? '/quality/worklist'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(test.body(index)),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`${test.name}: ${String(response.status)} ${text.slice(0, 300)}`);
  return elapsed;
}

/** `requests` requests of the case from `clients` quality leads at once, each one after the other; after 10 of warm-up. */
async function measure(tokens: string[], test: Case): Promise<number[]> {
  for (let index = 0; index < 10; index += 1) await ask(tokens[0]!, test, index + 1000);
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    tokens.map(async (token) => {
      while (next < requests) {
        const index = next;
        next += 1;
        latencies.push(await ask(token, test, index));
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

function line(name: string, latencies: number[], budget: number | undefined): boolean {
  const p95 = percentile(latencies, 0.95);
  const isMet = budget === undefined || p95 <= budget;
  const verdict = budget === undefined ? 'no budget' : `budget p95 ${String(budget)} ms: ${isMet ? 'met' : 'NOT met'}`;
  console.log(
    `  ${name.padEnd(52)} p50 ${percentile(latencies, 0.5).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms` +
      `  max ${(latencies.at(-1) ?? 0).toFixed(1).padStart(6)} ms  (${verdict})`,
  );
  return isMet;
}

async function run(tokens: string[], all: Case[]): Promise<boolean> {
  const budgeted: number[] = [];
  let isMet = true;
  for (const test of all) {
    const latencies = await measure(tokens, test);
    if (test.isBudgeted) budgeted.push(...latencies);
    isMet = line(test.name, latencies, test.isBudgeted ? BUDGET_MS : undefined) && isMet;
  }
  budgeted.sort((a, b) => a - b);
  return line('every filtered page above', budgeted, BUDGET_MS) && isMet;
}

async function main(): Promise<void> {
  console.log(
    `machine: ${String(cpus().length)} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const server = await startBuiltServer(port, { DATABASE_URL: databaseUrl, CAIRN_DEMO: '0' });
  try {
    // The server has migrated the database: care_gaps exists (and was filled from the stored analyses).
    const fixture = await readFixture(client);
    await prepare(client, fixture);
    if (fixture.gaps === 0) throw new Error('care_gaps is empty: analyse the organisation first (see the header).');
    console.log(
      `PostgreSQL ${databaseUrl}: ${fixture.patients.toLocaleString('en-US')} patients, ${fixture.gaps.toLocaleString('en-US')} care_gaps rows, ` +
        `${String(fixture.measureIds.length)} measures, ${String(fixture.providerIds.length)} providers; ${String(requests)} requests a case`,
    );
    const tokens = await Promise.all([signIn(), signIn(), signIn(), signIn()]);
    console.log('one quality lead, one request at a time:');
    const isMetAlone = await run(tokens.slice(0, 1), cases(fixture));
    console.log('four quality leads at once:');
    const isMetTogether = await run(
      tokens,
      cases(fixture).filter((test) => test.isBudgeted),
    );
    process.exitCode = isMetAlone && isMetTogether ? 0 : 1;
  } finally {
    await server.stop();
    await client.end();
  }
}

await main();
