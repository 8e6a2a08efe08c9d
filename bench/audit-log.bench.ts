// The audit log viewer on 10 million rows (issue 17 item 6: a filtered page p95 <= 300 ms, keyset
// pagination, indexes that serve the filters). A PostgreSQL database of the bench's own is migrated by
// the server itself (the real schema and indexes of migration 0013), then filled with generated rows in
// one INSERT ... SELECT from generate_series (five organisations, the largest holding 40 % of the rows,
// 1,000 users, 10,000 patients, the actions the server writes with their real mix, spread over a year);
// the audit indexes are dropped for the load and built again after it, which is faster than keeping
// them up to date row by row. Then each case asks the real API (`POST /api/admin/audit/list`, 50 entries
// a page) one request at a time, as one administrator's browser does, a different user, patient, day or
// depth each request; each request also writes its own `audit.read` row, as in production.
//
//   npm run bench -- audit-log
//
// BENCH_ADMIN_URL (default postgres://root@127.0.0.1:5432/postgres), BENCH_AUDIT_ROWS (default
// 10,000,000), BENCH_REQUESTS per case (default 200), BENCH_KEEP_DATABASE=1 keeps cairn_bench_audit and
// reuses it on the next run (no generation).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createBenchDatabase, type BenchDatabase } from './support/bench-database';
import { REPOSITORY_ROOT } from './support/built-server';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';

const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const totalRows = Number(process.env.BENCH_AUDIT_ROWS ?? 10_000_000);
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const keepDatabase = process.env.BENCH_KEEP_DATABASE === '1';
const DATABASE_NAME = 'cairn_bench_audit';
const port = 3340;
const base = `http://127.0.0.1:${String(port)}`;
const BUDGET_MS = 300;
const PASSWORD = 'bench-password-1';
const ORGANISATIONS = 5;
const USERS_PER_ORGANISATION = 200;
const PATIENTS_PER_ORGANISATION = 2000;

/** The server from this checkout's source (tsx), in a process of its own, migrating the database on start. */
async function startServer(databaseUrl: string): Promise<() => Promise<void>> {
  const server = spawn(process.execPath, ['--import', 'tsx', join(REPOSITORY_ROOT, 'apps/server/src/main.ts')], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      CAIRN_ENV: 'test',
      LOG_LEVEL: 'warn',
      CAIRN_RATE_LIMIT_ALLOW_LIST: '127.0.0.1 ::1 ::ffff:127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async (): Promise<void> => {
    if (server.exitCode !== null) return;
    server.kill('SIGTERM');
    await once(server, 'exit');
  };
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return stop;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('The server did not start');
}

async function seconds<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await run();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return value;
}

/** A version 4 uuid made from the md5 of `text` (the API accepts RFC 4122 uuids only). */
const V4_UUID = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * Organisations, users (one admin with a known password in the first) and patients. Users' and patients'
 * ids are md5 of the organisation and their number, so that the rows below can name them without a lookup.
 */
async function createPeople(database: BenchDatabase): Promise<void> {
  await database.query(
    `insert into organisations (slug, name)
     select 'audit-' || n, 'Audit Clinic ' || n from generate_series(1, $1) n`,
    [ORGANISATIONS],
  );
  await database.query(
    `insert into users (id, organisation_id, username, email, first_name, last_name, view)
     select ${V4_UUID("o.id || ':user:' || n")}, o.id, o.slug || '.user' || n, o.slug || '.user' || n || '@bench.cairn.test',
            'User', 'No ' || n, 'Provider'
       from organisations o, generate_series(1, $1) n`,
    [USERS_PER_ORGANISATION],
  );
  await database.query(
    `insert into users (organisation_id, username, email, view, password_hash, is_admin, terms_accepted_at)
     select id, 'bench.auditor', 'bench.auditor@bench.cairn.test', 'Classic', $1, true, now()
       from organisations where slug = 'audit-1'`,
    [await hashPassword(PASSWORD)],
  );
  await database.query(
    `insert into patients (id, organisation_id, first_name, last_name, birth_date, source, source_id, mrn)
     select ${V4_UUID("o.id || ':patient:' || n")}, o.id, 'Pat', 'Surname' || lpad(n::text, 5, '0'),
            date '1950-01-01' + n, 'EHR', 'p' || n, 'MRN' || n
       from organisations o, generate_series(1, $1) n`,
    [PATIENTS_PER_ORGANISATION],
  );
}

/**
 * The actions with their share of the log, as a clinic's traffic writes them: mostly patient reads;
 * failures and refusals rare. Rows with a patient name one; sign-in failures of unknown names none.
 */
const ACTION_MIX: [action: string, weight: number, hasPatient: boolean][] = [
  ['patient.read', 5300, true],
  ['schedule.read', 1500, false],
  ['patient.search', 800, false],
  ['patient.write', 800, true],
  ['auth.sign_in', 500, false],
  ['auth.sign_out', 300, false],
  ['summary_note.add', 200, true],
  ['auth.sign_in_failed', 200, false],
  ['post_visit.viewed', 100, true],
  ['auth.password_reset_requested', 30, false],
  ['auth.sign_in_refused', 30, false],
  ['auth.lockout', 20, false],
  ['ehr.launch_failed', 20, false],
  ['flags.update', 10, false],
];

/** `case when a < 0.53 then 'patient.read' when ... end`: an action drawn by its weight from the uniform `a`. */
function actionDraw(): string {
  const total = ACTION_MIX.reduce((sum, [, weight]) => sum + weight, 0);
  let sum = 0;
  const branches = ACTION_MIX.map(([action, weight]) => {
    sum += weight;
    return `when a < ${String(sum / total)} then '${action}'`;
  });
  return `case ${branches.join(' ')} else '${ACTION_MIX[0]![0]}' end`;
}

async function generateRows(database: BenchDatabase): Promise<void> {
  const withPatient = ACTION_MIX.filter(([, , hasPatient]) => hasPatient).map(([action]) => `'${action}'`);
  const organisations = await database.query<{ id: string }>(
    `select id from organisations where slug like 'audit-%' order by slug`,
  );
  const audits = await database.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes where tablename = 'audit_log' and indexname <> 'audit_log_pkey'`,
  );
  for (const index of audits) await database.query(`drop index ${index.indexname}`);
  const chunk = 1_000_000;
  for (let start = 0; start < totalRows; start += chunk) {
    const count = Math.min(chunk, totalRows - start);
    await seconds(`rows ${String(start + 1)}-${String(start + count)}`, () =>
      database.query(
        `insert into audit_log (organisation_id, user_id, patient_id, action, client_address, details, created_at)
         select org,
                case when act = 'auth.sign_in_failed' and u < 0.3 then null
                     else ${V4_UUID(`org || ':user:' || (1 + floor(u * ${String(USERS_PER_ORGANISATION)}))::int`)} end,
                case when act in (${withPatient.join(', ')})
                     then ${V4_UUID(`org || ':patient:' || (1 + floor(p * ${String(PATIENTS_PER_ORGANISATION)}))::int`)} end,
                act,
                '10.' || (g % 250) || '.' || (g / 250 % 250) || '.1',
                case act
                  when 'auth.password_reset_requested' then jsonb_build_object('outcome',
                    case when p < 0.7 then 'code_sent' when p < 0.9 then 'unknown_account' else 'too_many_codes' end)
                  when 'patient.read' then jsonb_build_object('what', 'portrait')
                  when 'auth.sign_in_failed' then jsonb_build_object('reason', 'wrong_password')
                end,
                now() - interval '365 days' * t
           from (select g, u, p, t,
                        -- 40 % to the first organisation, 15 % to each of the others
                        ($3::uuid[])[case when r < 0.4 then 1 else 2 + least(3, floor((r - 0.4) / 0.15)::int) end] org,
                        ${actionDraw()} act
                   from (select g, random() r, random() a, random() u, random() p, random() t
                           from generate_series($1::bigint + 1, $1::bigint + $2) g) draws) rows`,
        [start, count, organisations.map((organisation) => organisation.id)],
      ),
    );
  }
  // One statement of two (a pooled connection's setting would not reach the next query's connection).
  for (const index of audits) {
    await seconds(`index ${index.indexname}`, () =>
      database.query(`set maintenance_work_mem = '1GB'; ${index.indexdef}`),
    );
  }
  await seconds('analyze', () => database.query('analyze audit_log'));
}

interface Case {
  name: string;
  /** The body of one request; `index` makes each request ask something else. */
  body: (index: number) => Record<string, unknown>;
}

interface Fixture {
  userIds: string[];
  patientIds: string[];
  patientNames: string[];
  rows: number;
}

async function readFixture(database: BenchDatabase): Promise<Fixture> {
  const [organisation] = await database.query<{ id: string }>(`select id from organisations where slug = 'audit-1'`);
  if (!organisation) throw new Error('No audit-1 organisation');
  const users = await database.query<{ id: string }>(
    `select id from users where organisation_id = $1 and username like 'audit-%' order by random() limit 200`,
    [organisation.id],
  );
  const patients = await database.query<{ id: string; last_name: string }>(
    `select id, last_name from patients where organisation_id = $1 order by random() limit 200`,
    [organisation.id],
  );
  const [count] = await database.query<{ rows: string }>(
    `select count(*) as rows from audit_log where organisation_id = $1`,
    [organisation.id],
  );
  return {
    userIds: users.map((user) => user.id),
    patientIds: patients.map((patient) => patient.id),
    patientNames: patients.map((patient) => patient.last_name),
    rows: Number(count?.rows ?? 0),
  };
}

const DAY_MS = 86_400_000;
/** A day within the generated year, different for each request. */
function dayStart(index: number): Date {
  const today = new Date(new Date().toISOString().slice(0, 10));
  return new Date(today.getTime() - ((index * 37) % 360) * DAY_MS - DAY_MS);
}
const isoDay = (index: number, days: number) => ({
  from: dayStart(index).toISOString(),
  to: new Date(dayStart(index).getTime() + days * DAY_MS).toISOString(),
});
/** A cursor at a point deep in the log: a page that starts months back, as after many "Older" clicks. */
const deepCursor = (index: number) =>
  `${dayStart(index)
    .toISOString()
    .replace(/\.(\d{3})Z$/, '.$1000Z')}~999999999999999999`;

function cases(fixture: Fixture): Case[] {
  const at = <T>(values: T[], index: number): T => values[index % values.length]!;
  return [
    { name: 'newest page, no filter', body: () => ({}) },
    { name: 'by user', body: (i) => ({ userId: at(fixture.userIds, i) }) },
    { name: 'by patient id', body: (i) => ({ patient: at(fixture.patientIds, i) }) },
    { name: 'by patient name', body: (i) => ({ patient: at(fixture.patientNames, i) }) },
    { name: 'by action (common: patient.read)', body: () => ({ action: 'patient.read' }) },
    { name: 'by action (rare: auth.lockout)', body: () => ({ action: 'auth.lockout' }) },
    { name: 'by outcome (denied)', body: () => ({ outcome: 'denied' }) },
    { name: 'by outcome (failure)', body: () => ({ outcome: 'failure' }) },
    { name: 'by date range (one day)', body: (i) => isoDay(i, 1) },
    {
      name: 'user + action + month',
      body: (i) => ({ userId: at(fixture.userIds, i), action: 'patient.read', ...isoDay(i, 30) }),
    },
    { name: 'patient + outcome', body: (i) => ({ patient: at(fixture.patientIds, i), outcome: 'success' }) },
    { name: 'user + outcome (failure)', body: (i) => ({ userId: at(fixture.userIds, i), outcome: 'failure' }) },
    {
      name: 'action + outcome + week',
      body: (i) => ({ action: 'auth.sign_in_failed', outcome: 'failure', ...isoDay(i, 7) }),
    },
    { name: 'deep keyset page, no filter', body: (i) => ({ cursor: deepCursor(i) }) },
    { name: 'deep keyset page, by action', body: (i) => ({ action: 'patient.write', cursor: deepCursor(i) }) },
    { name: 'deep keyset page, by user', body: (i) => ({ userId: at(fixture.userIds, i), cursor: deepCursor(i) }) },
  ];
}

async function signIn(): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench.auditor', password: PASSWORD }),
  });
  const body = (await response.json()) as { result?: { token?: string } };
  if (!body.result?.token) throw new Error(`Sign-in failed (${String(response.status)})`);
  return body.result.token;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

async function measure(token: string, test: Case): Promise<{ p50: number; p95: number; max: number; entries: number }> {
  const latencies: number[] = [];
  let entries = 0;
  for (let index = -10; index < requests; index += 1) {
    const started = performance.now();
    const response = await fetch(`${base}/api/admin/audit/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ pageSize: 50, ...test.body(Math.abs(index)) }),
    });
    const body = (await response.json()) as { result?: { entries: unknown[] } };
    const elapsed = performance.now() - started;
    if (!response.ok || !body.result)
      throw new Error(`${test.name}: ${String(response.status)} ${JSON.stringify(body)}`);
    if (index >= 0) {
      latencies.push(elapsed);
      entries += body.result.entries.length;
    }
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95), max: latencies.at(-1) ?? 0, entries };
}

async function main(): Promise<void> {
  console.log(
    `machine: ${String(cpus().length)} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
  );
  const database = await createOrReuse();
  const stop = await startServer(database.url);
  try {
    const countRows = async () =>
      Number((await database.query<{ rows: string }>('select count(*) as rows from audit_log'))[0]?.rows ?? 0);
    if ((await countRows()) < totalRows) {
      await seconds('people', () => createPeople(database));
      await seconds(`${String(totalRows)} audit rows`, () => generateRows(database));
    }
    const rows = await countRows();
    const [size] = await database.query<{ table: string; indexes: string }>(
      `select pg_size_pretty(pg_relation_size('audit_log')) as table, pg_size_pretty(pg_indexes_size('audit_log')) as indexes`,
    );
    const fixture = await readFixture(database);
    console.log(
      `audit_log: ${rows} rows (${String(fixture.rows)} in the measured organisation), table ${size?.table ?? '?'}, indexes ${size?.indexes ?? '?'}`,
    );
    console.log(
      `${String(requests)} requests per case, one at a time, 50 entries a page; budget p95 <= ${String(BUDGET_MS)} ms\n`,
    );
    const token = await signIn();
    let worst = 0;
    for (const test of cases(fixture)) {
      const result = await measure(token, test);
      worst = Math.max(worst, result.p95);
      console.log(
        `${test.name.padEnd(36)} p50 ${result.p50.toFixed(1).padStart(6)} ms  p95 ${result.p95.toFixed(1).padStart(6)} ms  max ${result.max.toFixed(0).padStart(5)} ms  (${(result.entries / requests).toFixed(0)} entries a page)`,
      );
    }
    console.log(
      `\nworst p95 ${worst.toFixed(1)} ms: ${worst <= BUDGET_MS ? 'within' : 'OVER'} the budget of ${String(BUDGET_MS)} ms`,
    );
  } finally {
    await stop();
    if (!keepDatabase) await database.drop();
  }
}

async function createOrReuse(): Promise<BenchDatabase> {
  if (!keepDatabase) return createBenchDatabase(adminUrl, DATABASE_NAME);
  const url = Object.assign(new URL(adminUrl), { pathname: `/${DATABASE_NAME}` }).toString();
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
  } catch {
    return createBenchDatabase(adminUrl, DATABASE_NAME);
  }
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    url,
    query: async <Row extends pg.QueryResultRow>(statement: string, values: unknown[] = []) =>
      (await pool.query<Row>(statement, values)).rows,
    drop: () => pool.end(),
  };
}

await main();
