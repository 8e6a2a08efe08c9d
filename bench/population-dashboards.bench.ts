// The population dashboards on 100,000 patients with five years of claims (issue 20: each dashboard's queries
// p95 <= 300 ms in PostgreSQL under 10 concurrent users, on aggregates the analysis pipeline maintains). The
// database is the `scale` organisation with five years of claims and every patient analysed (RAF), built by
// bench/support/scale-population.ts (20,000 generated patients copied in SQL to 100,000, then a year of work for
// /analytics: see its header). The bench migrates it, then rebuilds its population tables (`rebuildPopulation`, the
// analysis worker's job when data changed, timed stage by stage) unless they are fresh, before the server starts
// (the server's worker would otherwise start the rebuild, untimed). The server is the built bundle in a process of
// its own. An analyst (`bench.population`: Coder view, hcc_dashboard, the whole organisation) loads each page as
// the browser does (the requests of one page load at once: /pop-health-admissions asks for the summary and the
// transitional-care worklist, /analytics for the months, the breakdown (by provider, its default, else by clinic or
// HCC) and the usage panels) and opens a drill-down page (25 patients, each audited as in production), with a mix of
// filters: none, a clinic, a provider, a past calendar year, the paid amount. One analyst, then ten at once, each
// loading page after page. Each case also prints the CPU time a page load cost the server's process and PostgreSQL's
// (Linux /proc; the machine's other work counts too, so keep it quiet).
//
//   createdb -h 127.0.0.1 -U root cairn_scale   # then the steps in bench/support/scale-population.ts's header
//   npm run build && npm run bench -- population-dashboards
//
// BENCH_DATABASE_URL (default postgres://root@127.0.0.1:5432/cairn_scale), BENCH_LOADS page loads a case and
// number of users (default 100), BENCH_REBUILD=1 rebuilds the population tables even when they are fresh.
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { startBuiltServer } from './support/built-server';
import { postgresCpuMs, processCpuMs } from './support/process-cpu';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { openDatabase } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { rebuildPopulation } from '../apps/server/src/modules/population';
import { POPULATION_BUILDERS } from '../apps/server/src/modules/population/population-builders';
import { localToday } from '../apps/server/src/lib/local-today';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/cairn_scale';
const loads = Number(process.env.BENCH_LOADS ?? 100);
const port = 3361;
const base = `http://127.0.0.1:${String(port)}`;
const BUDGET_MS = 300;
const USERS = 10;
const PASSWORD = 'bench-password-1';

interface Fixture {
  organisationId: string;
  providerIds: string[];
  clinicIds: string[];
}

async function count(client: pg.Client, statement: string, values: unknown[]): Promise<number> {
  const [row] = (await client.query<{ count: string }>(statement, values)).rows;
  return Number(row?.count ?? 0);
}

async function readFixture(client: pg.Client): Promise<Fixture> {
  const [organisation] = (await client.query<{ id: string }>(`select id from organisations where slug = 'scale'`)).rows;
  if (!organisation)
    throw new Error(`No 'scale' organisation in ${databaseUrl}: run npm run seed first (see the header).`);
  const ids = async (statement: string) =>
    (await client.query<{ id: string }>(statement, [organisation.id])).rows.map((row) => row.id);
  return {
    organisationId: organisation.id,
    providerIds: await ids(`select id from providers where organisation_id = $1 order by source_id`),
    clinicIds: await ids(`select id from clinics where organisation_id = $1 order by source_id`),
  };
}

/**
 * Times each stage of this process's rebuilds: wraps the builders' `rebuild` (in this process only, the server's
 * are its own). Answers the list the times are added to, `<stage> <seconds> s` each.
 */
function timeStages(): string[] {
  const times: string[] = [];
  for (const builder of POPULATION_BUILDERS) {
    const rebuild = builder.rebuild.bind(builder);
    builder.rebuild = async (tx, context) => {
      const started = performance.now();
      await rebuild(tx, context);
      times.push(`${builder.name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
    };
  }
  return times;
}

/** Rebuilds the population tables when they were never built, are stale, or BENCH_REBUILD=1; prints how long it took. */
async function rebuildIfStale(client: pg.Client, organisationId: string): Promise<void> {
  const [state] = (
    await client.query<{ refreshed_at: Date | null; dirty_since: Date | null; duration_ms: number | null }>(
      `select refreshed_at, dirty_since, duration_ms from population_refresh where organisation_id = $1`,
      [organisationId],
    )
  ).rows;
  if (state?.refreshed_at && !state.dirty_since && process.env.BENCH_REBUILD !== '1') {
    console.log(
      `population tables fresh (rebuilt ${state.refreshed_at.toISOString()} in ${String(state.duration_ms)} ms)`,
    );
    return;
  }
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    const started = performance.now();
    const stages = timeStages();
    const isRebuilt = await rebuildPopulation(database.db, { organisationId, today: localToday() });
    if (isRebuilt) {
      console.log(
        `rebuildPopulation: ${((performance.now() - started) / 1000).toFixed(1)} s (load average ${loadavg()[0]?.toFixed(1) ?? '?'}): ${stages.join(', ')}`,
      );
      return;
    }
    // The server's analysis worker holds the organisation's lock: it is rebuilding; its time is recorded.
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const [done] = (
        await client.query<{ duration_ms: number | null }>(
          `select duration_ms from population_refresh where organisation_id = $1 and dirty_since is null and refreshed_at > now() - make_interval(secs => $2)`,
          [organisationId, (performance.now() - started) / 1000 + 5],
        )
      ).rows;
      if (done) {
        console.log(
          `rebuildPopulation (by the server's analysis worker): ${((done.duration_ms ?? 0) / 1000).toFixed(1)} s`,
        );
        return;
      }
    }
  } finally {
    await database.close();
  }
}

async function printSizes(client: pg.Client, organisationId: string): Promise<void> {
  const of = (table: string, where = '') =>
    count(client, `select count(*) from ${table} where organisation_id = $1 ${where}`, [organisationId]);
  const sizes = {
    patients: await of('patients'),
    claims: await of('claims'),
    'claims in the window': await of(
      'claims',
      `and service_start >= date_trunc('month', now()) - interval '59 months'`,
    ),
    'stays (pop_stays)': await of('pop_stays'),
    pop_patient_periods: await of('pop_patient_periods'),
    pop_costs: await of('pop_costs'),
    'analysed patients': await of('patient_analyses'),
    dx_decisions: await of('dx_decisions'),
    analytics_events: await of('analytics_events'),
  };
  const [span] = (
    await client.query<{ first: string; last: string }>(
      `select min(service_start)::text as first, max(service_start)::text as last from claims where organisation_id = $1`,
      [organisationId],
    )
  ).rows;
  console.log(
    `PostgreSQL ${databaseUrl}: ${Object.entries(sizes)
      .map(([name, value]) => `${value.toLocaleString('en-US')} ${name}`)
      .join(', ')}; claims from ${span?.first ?? '?'} to ${span?.last ?? '?'}`,
  );
}

async function prepare(client: pg.Client, fixture: Fixture): Promise<void> {
  await client.query(
    `insert into users (organisation_id, username, email, view, permissions, password_hash, terms_accepted_at)
     values ($1, 'bench.population', 'bench.population@bench.cairn.test', 'Coder', '{hcc_dashboard}', $2, now())
     on conflict (lower(username)) do update set password_hash = excluded.password_hash, permissions = excluded.permissions,
       failed_attempts = 0, locked_until = null`,
    [fixture.organisationId, await hashPassword(PASSWORD)],
  );
}

type Body = Record<string, unknown>;
interface Request {
  path: string;
  body: Body;
}
/** One page load (its requests at once) or one drill-down page, the `index`th of its case. */
interface Case {
  name: string;
  requests: (index: number) => Request[];
}

function cases(fixture: Fixture): Case[] {
  const at = <T>(values: T[], index: number): T => values[index % values.length]!;
  const lastYear = new Date().getFullYear() - 1;
  // No filter, a clinic, a provider, a past calendar year (and for cost: the paid amount).
  const population = (index: number): Body =>
    [
      { period: 'L12' },
      { period: 'L12', clinicIds: [at(fixture.clinicIds, index)] },
      { period: 'L12', providerIds: [at(fixture.providerIds, index)] },
      { period: String(lastYear) },
    ][index % 4]!;
  const cost = (index: number): Body =>
    index % 5 === 4 ? { period: 'L12', amount: 'paid' } : { ...population(index), amount: 'allowed' };
  const risk = (index: number): Body =>
    [
      {},
      { clinicIds: [at(fixture.clinicIds, index)] },
      { providerIds: [at(fixture.providerIds, index)] },
      { year: lastYear },
    ][index % 4]!;
  const today = new Date();
  const usageFrom = new Date(today.getTime() - 29 * 86_400_000).toISOString().slice(0, 10);
  const stayDrills = [{ kinds: ['inpatient'] }, { isReadmitted: true }, { kinds: ['emergency'] }, {}];
  const costDrills = [
    { serviceCategory: 'inpatient' },
    { riskBand: '2-3' },
    { isOutlier: true },
    {},
    { bodySystem: 'CIR' },
  ];
  const riskDrills = ['notRecaptured', 'openSuggestions', 'raf', 'recaptured'];
  // The page's breakdown: by provider unless the analyst chose another (its HCC filter's list is asked for when opened).
  const breakdowns = ['provider', 'provider', 'clinic', 'hcc', 'provider'];
  return [
    {
      name: '/pop-health-admissions',
      requests: (i) => [
        { path: '/population/admissions', body: { filters: population(i) } },
        { path: '/population/transitional-care', body: { filters: population(i), pageSize: 200 } },
      ],
    },
    {
      name: 'admissions drill-down',
      requests: (i) => [
        { path: '/population/stays', body: { filters: population(i), drill: at(stayDrills, i), pageSize: 25 } },
      ],
    },
    { name: '/pop-health-cost', requests: (i) => [{ path: '/population/cost', body: { filters: cost(i) } }] },
    {
      name: 'cost drill-down',
      requests: (i) => [
        { path: '/population/cost/patients', body: { filters: cost(i), drill: at(costDrills, i), pageSize: 25 } },
      ],
    },
    {
      name: '/analytics',
      requests: (i) => [
        { path: '/analytics/risk', body: { filters: risk(i), groupBy: 'month' } },
        { path: '/analytics/risk', body: { filters: risk(i), groupBy: at(breakdowns, i) } },
        {
          path: '/analytics/usage',
          body: { from: usageFrom, to: today.toISOString().slice(0, 10), granularity: 'day' },
        },
      ],
    },
    {
      name: 'analytics drill-down',
      requests: (i) => [
        {
          path: '/analytics/risk/patients',
          body: {
            filters: risk(i),
            measure: at(riskDrills, i),
            ...(i % 3 === 1 ? { group: { by: 'provider', key: at(fixture.providerIds, i) } } : {}),
            pageSize: 25,
          },
        },
      ],
    },
  ];
}

async function signIn(): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench.population', password: PASSWORD }),
  });
  const body = (await response.json()) as { result?: { token?: string } };
  if (!body.result?.token) throw new Error(`Sign-in failed (${String(response.status)})`);
  return body.result.token;
}

/** One request; its time in ms. */
async function ask(token: string, request: Request): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/api${request.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(request.body),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`${request.path}: ${String(response.status)} ${text.slice(0, 300)}`);
  return elapsed;
}

/**
 * Latencies in ms: of each page load, and of each request by its path (and grouping); and the CPU time the server's
 * process and PostgreSQL's spent on them all (the machine's other work included: keep it quiet).
 */
interface Latencies {
  page: number[];
  byRequest: Map<string, number[]>;
  serverCpuMs: number;
  databaseCpuMs: number;
}

const requestName = (request: Request): string =>
  typeof request.body.groupBy === 'string' ? `${request.path} (${request.body.groupBy})` : request.path;

/** `loads` page loads of the case shared among the users, each loading one after the other; after 5 of warm-up. */
async function measure(tokens: string[], test: Case, serverPid: number | undefined): Promise<Latencies> {
  for (let index = 0; index < 5; index += 1)
    await Promise.all(test.requests(index + 1000).map((request) => ask(tokens[0]!, request)));
  const [server, database] = [processCpuMs(serverPid), postgresCpuMs()];
  const result: Latencies = { page: [], byRequest: new Map(), serverCpuMs: 0, databaseCpuMs: 0 };
  let next = 0;
  await Promise.all(
    tokens.map(async (token) => {
      while (next < loads) {
        const index = next;
        next += 1;
        const started = performance.now();
        await Promise.all(
          test.requests(index).map(async (request) => {
            const elapsed = await ask(token, request);
            const name = requestName(request);
            result.byRequest.set(name, [...(result.byRequest.get(name) ?? []), elapsed]);
          }),
        );
        result.page.push(performance.now() - started);
      }
    }),
  );
  result.serverCpuMs = processCpuMs(serverPid) - server;
  result.databaseCpuMs = postgresCpuMs() - database;
  return result;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/** Prints one line; answers whether its p95 is within the budget. */
function line(name: string, latencies: number[]): boolean {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p95 = percentile(sorted, 0.95);
  const isMet = p95 <= BUDGET_MS;
  const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
  console.log(
    `  ${name.padEnd(46)} n ${String(sorted.length).padStart(4)}  p50 ${ms(percentile(sorted, 0.5))}  p95 ${ms(p95)}` +
      `  max ${ms(sorted.at(-1) ?? 0)}  (p95 <= ${String(BUDGET_MS)} ms: ${isMet ? 'met' : 'NOT met'})`,
  );
  return isMet;
}

async function run(tokens: string[], all: Case[], serverPid: number | undefined): Promise<boolean> {
  let isMet = true;
  for (const test of all) {
    const latencies = await measure(tokens, test, serverPid);
    const perLoad = (used: number) => `${(used / latencies.page.length).toFixed(1)} ms`;
    console.log(
      ` ${test.name} (CPU a page load: server ${perLoad(latencies.serverCpuMs)}, PostgreSQL ${perLoad(latencies.databaseCpuMs)})`,
    );
    for (const [name, values] of latencies.byRequest) isMet = line(name, values) && isMet;
    if (latencies.byRequest.size > 1) line('the page load (its requests at once)', latencies.page);
  }
  return isMet;
}

async function main(): Promise<void> {
  console.log(
    `machine: ${String(cpus().length)} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // Migrated and rebuilt before the server starts: its analysis worker would otherwise start the rebuild, untimed.
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  await runMigrations(database).finally(() => database.close());
  const fixture = await readFixture(client);
  await rebuildIfStale(client, fixture.organisationId);
  const server = await startBuiltServer(port, { DATABASE_URL: databaseUrl, CAIRN_DEMO: '0' });
  try {
    await printSizes(client, fixture.organisationId);
    await prepare(client, fixture);
    const tokens = await Promise.all(Array.from({ length: USERS }, () => signIn()));
    console.log(`one analyst, one page load at a time (${String(loads)} a case):`);
    const isMetAlone = await run(tokens.slice(0, 1), cases(fixture), server.pid);
    console.log(`${String(USERS)} analysts at once (${String(loads)} page loads a case among them):`);
    const isMetTogether = await run(tokens, cases(fixture), server.pid);
    console.log(
      `budget (each query p95 <= ${String(BUDGET_MS)} ms under ${String(USERS)} users): ${isMetTogether ? 'met' : 'NOT met'}`,
    );
    process.exitCode = isMetAlone && isMetTogether ? 0 : 1;
  } finally {
    await server.stop();
    await client.end();
  }
}

await main();
