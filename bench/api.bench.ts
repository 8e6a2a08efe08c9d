// API latency under load (issues 5 and 7): `getAppointmentDetails` and `getDxCaptureData` (budget p95
// <= 50 ms each) and a day's `getPermittedZones` (budget p95 <= 100 ms) with 50 concurrent clients
// (autocannon) against PostgreSQL holding the `scale` organisation of `npm run seed` (100,000 patients). The server is the built bundle
// (`npm run build`) in a process of its own; autocannon runs in this one.
// Two more cases have no budget and are watched: a coder's pages and name lookups over the organisation's
// whole day (8,000 visits).
//
//   DATABASE_URL=postgres://root@127.0.0.1:5432/cairn_scale npm run seed -- --patients 100000 --analyse
//   npm run build && npm run bench -- api
//
// BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/cairn_scale), BENCH_SECONDS (default 20).
import autocannon from 'autocannon';
import pg from 'pg';
import { startBuiltServer } from './support/built-server';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/cairn_scale';
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const port = 3300;
const base = `http://127.0.0.1:${String(port)}`;
const CONNECTIONS = 50;

interface Fixture {
  organisationId: string;
  patients: number;
  today: string;
  providerId: string;
  visitsOfProvider: number;
  visitsToday: number;
  sids: string[];
}

async function readFixture(client: pg.Client): Promise<Fixture> {
  const organisation = await client.query<{ id: string; patients: string }>(
    `select o.id, (select count(*) from patients p where p.organisation_id = o.id) as patients
       from organisations o where o.slug = 'scale'`,
  );
  const row = organisation.rows[0];
  if (!row) throw new Error(`No 'scale' organisation in ${databaseUrl}: run npm run seed first (see the header).`);
  const today = (await client.query<{ today: string }>(`select to_char(current_date, 'YYYY-MM-DD') as today`)).rows[0]!
    .today;
  const busiest = await client.query<{ provider_id: string; visits: string }>(
    `select provider_id, count(*) as visits from appointments
      where organisation_id = $1 and service_date = $2 group by provider_id order by visits desc limit 1`,
    [row.id, today],
  );
  const visits = await client.query<{ id: string }>(
    `select id from appointments where organisation_id = $1 and service_date = $2 and status = 'booked'`,
    [row.id, today],
  );
  const provider = busiest.rows[0];
  if (!provider || visits.rows.length === 0) throw new Error('The scale organisation has no visits today: seed again.');
  return {
    organisationId: row.id,
    patients: Number(row.patients),
    today,
    providerId: provider.provider_id,
    visitsOfProvider: Number(provider.visits),
    visitsToday: visits.rows.length,
    sids: visits.rows.map((visit) => visit.id),
  };
}

/** A provider account linked to the busiest provider of the day, and a coder, both with a known password. */
async function ensureUsers(client: pg.Client, fixture: Fixture, password: string): Promise<void> {
  const hash = await hashPassword(password);
  for (const [username, view] of [
    ['bench.provider', 'Provider'],
    ['bench.coder', 'Coder'],
  ] as const) {
    await client.query(
      `insert into users (organisation_id, username, email, view, password_hash, terms_accepted_at)
       values ($1, $2, $2 || '@bench.cairn.test', $3, $4, now())
       on conflict (lower(username)) do update set password_hash = excluded.password_hash, failed_attempts = 0, locked_until = null`,
      [fixture.organisationId, username, view, hash],
    );
  }
  await client.query(
    `insert into user_providers (user_id, provider_id)
     select id, $1 from users where username = 'bench.provider' on conflict do nothing`,
    [fixture.providerId],
  );
}

async function signIn(username: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { result?: { token?: string } };
  if (!body.result?.token) throw new Error(`Sign-in of ${username} failed (${String(response.status)})`);
  return body.result.token;
}

interface Measured {
  requests: number;
  errors: number;
  non2xx: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/** Runs autocannon; latencies are collected per response so that p95 is exact (autocannon reports p97.5). */
async function measure(path: string, token: string, bodies: () => string): Promise<Measured> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}/api${path}`,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, body: bodies() }) }],
        headers: { 'content-type': 'application/json', token },
      },
      (error, done) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    perSecond: result.requests.average,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
  };
}

/** One line per case; `budget` undefined for a case measured to watch, not held to a number. */
function report(name: string, budget: number | undefined, measured: Measured): boolean {
  const isError = measured.errors + measured.non2xx > 0;
  const isMet = !isError && (budget === undefined || measured.p95 <= budget);
  const verdict = budget === undefined ? 'no budget' : `budget p95 ${String(budget)} ms: ${isMet ? 'met' : 'NOT met'}`;
  console.log(
    `${name.padEnd(44)} ${String(measured.requests).padStart(7)} requests ${measured.perSecond.toFixed(0).padStart(5)}/s` +
      `  p50 ${measured.p50.toFixed(1)} ms  p95 ${measured.p95.toFixed(1)} ms  p99 ${measured.p99.toFixed(1)} ms` +
      `  errors ${String(measured.errors + measured.non2xx)}  (${verdict})`,
  );
  return isMet;
}

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const fixture = await readFixture(client);
const password = 'bench-password-1';
await ensureUsers(client, fixture, password);
await client.end();
console.log(
  `PostgreSQL ${databaseUrl}: ${fixture.patients.toLocaleString('en-US')} patients, ${String(fixture.visitsToday)} visits on ${fixture.today}` +
    ` (${String(fixture.visitsOfProvider)} for the provider measured); ${String(CONNECTIONS)} connections, ${String(seconds)} s each`,
);

const server = await startBuiltServer(port, { DATABASE_URL: databaseUrl, CAIRN_DEMO: '0' });
try {
  const providerToken = await signIn('bench.provider', password);
  const coderToken = await signIn('bench.coder', password);
  let next = 0;
  const anyVisit = () => {
    next = (next + 1) % fixture.sids.length;
    return JSON.stringify({ summaryId: fixture.sids[next], useCache: false, skipValidation: false });
  };
  const anyVisitsDiagnoses = () => {
    next = (next + 1) % fixture.sids.length;
    return JSON.stringify({ sid: fixture.sids[next], isGroupingOn: true });
  };
  const day = JSON.stringify({ isoDate: fixture.today, filters: {}, patientLookup: '', qaBranch: false });
  const providerDay = JSON.stringify({
    isoDate: fixture.today,
    filters: { providerIds: [fixture.providerId] },
    patientLookup: '',
    qaBranch: false,
  });
  // Warm-up: connection pools, query plans, JIT.
  await measure('/getAppointmentDetails', coderToken, anyVisit);
  // What the schedule sends for a provider: their own providers as the default filter.
  const results = [
    report(
      'getAppointmentDetails (coder, any visit today)',
      50,
      await measure('/getAppointmentDetails', coderToken, anyVisit),
    ),
    report(
      'getDxCaptureData (coder, any visit today; issue 7)',
      50,
      await measure('/getDxCaptureData', coderToken, anyVisitsDiagnoses),
    ),
    report(
      "getPermittedZones (provider's day, default filter)",
      100,
      await measure('/getPermittedZones', providerToken, () => providerDay),
    ),
    report(
      "getPermittedZones (coder, one provider's day)",
      100,
      await measure('/getPermittedZones', coderToken, () => providerDay),
    ),
  ];
  // Without a filter a provider's list holds their primary-care patients' visits with colleagues too.
  report(
    "getPermittedZones (provider's day, no filter)",
    100,
    await measure('/getPermittedZones', providerToken, () => day),
  );
  // The organisation's whole day (8,000 visits) behind a page and behind a name: no budget, watched
  // because a plan that goes wrong shows here first.
  let page = 0;
  const pages = () => {
    page = (page % 50) + 1;
    return JSON.stringify({ isoDate: fixture.today, filters: {}, page, pageSize: 20 });
  };
  report(
    "getScheduleAppointments (coder, organisation's day, a page of 20)",
    undefined,
    await measure('/getScheduleAppointments', coderToken, pages),
  );
  const names = ['smi', 'jo', 'mar', 'wil', 'a b'];
  let named = 0;
  const lookups = () => {
    named = (named + 1) % names.length;
    return JSON.stringify({ isoDate: fixture.today, filters: {}, patientLookup: names[named] });
  };
  report(
    "getPermittedZones (coder, organisation's day narrowed by a name)",
    undefined,
    await measure('/getPermittedZones', coderToken, lookups),
  );
  process.exitCode = results.every(Boolean) ? 0 : 1;
} finally {
  await server.stop();
}
