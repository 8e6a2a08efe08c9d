// What the session check costs (issue 15 item 5: an access token names its session, and every
// authenticated request asks this process's set of ended sessions about it; budget: at most 5 %).
// `getAppointmentDetails`, coder, a different visit of today each request, 50 concurrent clients
// (autocannon), against two builds of the same commit on one PostgreSQL database: "before", the build
// with the session lookups taken out of access-tokens.ts (the one change, made by the sed below), and "after",
// this checkout's build. Both servers run side by side; rounds alternate before, after, before, ... so
// that a shared machine's load falls on both alike (and which goes first in a round alternates too). Budget: the median p95 of "after" at most 5 % above
// that of "before".
//
//   DATABASE_URL=postgres://root@127.0.0.1:5432/cairn_bench npm run seed -- --patients 10000 --analyse
//   git worktree add --detach /tmp/cairn-before HEAD && cd /tmp/cairn-before
//   sed -i 's/sessions\.isRevoked([^)]*)/false/g' apps/server/src/modules/auth/access-tokens.ts
//   cp -al /work/main/node_modules . && cp -al /work/main/apps/server/node_modules apps/server/
//   npm run build -w @cairn/server && cd -
//   npm run build -w @cairn/server && BENCH_BEFORE_DIR=/tmp/cairn-before npm run bench -- session-check
//
// (`cp -al`, not a symlink: node_modules/@cairn/* are relative links and must reach the worktree's own
// packages.) BENCH_BEFORE_DIR (required), BENCH_AFTER_DIR (default this checkout), BENCH_DATABASE_URL
// (default postgres://root@127.0.0.1:5432/cairn_bench), BENCH_SECONDS (default 20), BENCH_ROUNDS per
// side (default 3), BENCH_WARMUP_SECONDS per side (default 10).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { REPOSITORY_ROOT, startBuiltServer, type BuiltServer } from './support/built-server';
import { processCpuMs } from './support/process-cpu';
import { createAccessTokens } from '../apps/server/src/modules/auth/access-tokens';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';

const beforeDir = process.env.BENCH_BEFORE_DIR;
const afterDir = process.env.BENCH_AFTER_DIR ?? REPOSITORY_ROOT;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/cairn_bench';
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const CONNECTIONS = 50;
const BUDGET_PERCENT = 5;
const USERNAME = 'bench.coder';
const PASSWORD = 'bench-password-1';

interface Side {
  name: 'before' | 'after';
  dir: string;
  port: number;
}

interface Measured {
  requests: number;
  failed: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** The server process's CPU time per request: less swayed than latency by what else the machine runs. */
  cpuPerRequest: number;
}

if (!beforeDir)
  throw new Error('Set BENCH_BEFORE_DIR to a built worktree without the session lookup (see the header).');
const sides: Side[] = [
  { name: 'before', dir: beforeDir, port: 3320 },
  { name: 'after', dir: afterDir, port: 3321 },
];
for (const side of sides) {
  if (!existsSync(join(side.dir, 'apps/server/dist/main.js'))) {
    throw new Error(`No server build in ${side.dir}: npm run build -w @cairn/server there (see the header).`);
  }
}

/** The commit a build was made from, and how many source paths differ from it (what was really measured). */
function describeCheckout(dir: string): string {
  const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();
  const changed = git('status', '--porcelain', '--', 'apps', 'packages').split('\n').filter(Boolean).length;
  return `${git('rev-parse', '--short', 'HEAD')}${changed > 0 ? ` + ${String(changed)} changed paths under apps/, packages/` : ''}`;
}

/** The `scale` organisation's visits of today, and a coder with a known password. */
async function prepareData(): Promise<{ patients: number; today: string; sids: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const organisation = await client.query<{ id: string; patients: string; today: string }>(
      `select o.id, (select count(*) from patients p where p.organisation_id = o.id) as patients,
              to_char(current_date, 'YYYY-MM-DD') as today
         from organisations o where o.slug = 'scale'`,
    );
    const row = organisation.rows[0];
    if (!row) throw new Error(`No 'scale' organisation in ${databaseUrl}: run npm run seed first (see the header).`);
    const visits = await client.query<{ id: string }>(
      `select id from appointments where organisation_id = $1 and service_date = $2 and status = 'booked'`,
      [row.id, row.today],
    );
    if (visits.rows.length === 0) throw new Error('The scale organisation has no visits today: seed again.');
    await client.query(
      `insert into users (organisation_id, username, email, view, password_hash, terms_accepted_at)
       values ($1, $2, $2 || '@bench.cairn.test', 'Coder', $3, now())
       on conflict (lower(username)) do update set password_hash = excluded.password_hash, failed_attempts = 0, locked_until = null`,
      [row.id, USERNAME, await hashPassword(PASSWORD)],
    );
    return { patients: Number(row.patients), today: row.today, sids: visits.rows.map((visit) => visit.id) };
  } finally {
    await client.end();
  }
}

/** Signs in through the build's own login. */
async function signIn(side: Side): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${String(side.port)}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
  });
  const body = (await response.json()) as { result?: { token?: string } };
  if (!body.result?.token) throw new Error(`Sign-in on ${side.name} failed (${String(response.status)})`);
  return body.result.token;
}

function callDetails(side: Side, token: string, sid: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${String(side.port)}/api/getAppointmentDetails`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ summaryId: sid, useCache: false, skipValidation: false }),
  });
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Runs autocannon; latencies are collected per response so that p95 is exact (autocannon reports p97.5). */
async function measure(side: Side, server: BuiltServer, duration: number, sids: string[]): Promise<Measured> {
  const token = await signIn(side);
  const cpuAtStart = processCpuMs(server.pid);
  const latencies: number[] = [];
  let next = 0;
  const anyVisit = () => {
    next = (next + 1) % sids.length;
    return JSON.stringify({ summaryId: sids[next], useCache: false, skipValidation: false });
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${String(side.port)}/api/getAppointmentDetails`,
        connections: CONNECTIONS,
        duration,
        requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, body: anyVisit() }) }],
        headers: { 'content-type': 'application/json', token },
      },
      (error, done) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  const cpu = processCpuMs(server.pid) - cpuAtStart;
  latencies.sort((a, b) => a - b);
  return {
    requests: result.requests.total,
    failed: result.errors + result.non2xx,
    perSecond: result.requests.average,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    cpuPerRequest: cpu / Math.max(1, result.requests.total),
  };
}

/**
 * The check on its own, in this process: `verify` of a token already verified (what every request but a
 * session's first does) with 10,000 ended sessions to look through, against the same with no lookup.
 * Fastest of five alternating batches, in ns per call.
 */
async function timeVerify(): Promise<{ withCheck: number; withoutCheck: number }> {
  const ended = new Set(Array.from({ length: 10_000 }, (_, index) => `ended-${String(index)}`));
  const secret = 'a bench secret of at least thirty-two characters';
  const revoke = () => Promise.resolve();
  const checked = createAccessTokens(secret, { isRevoked: (id) => ended.has(id), revoke });
  const unchecked = createAccessTokens(secret, { isRevoked: () => false, revoke });
  const token = await checked.sign({ sub: 'user', org: 'organisation', sid: 'live-session' });
  const batch = async (tokens: typeof checked): Promise<number> => {
    const calls = 200_000;
    const started = process.hrtime.bigint();
    for (let call = 0; call < calls; call += 1) await tokens.verify(token);
    return Number(process.hrtime.bigint() - started) / calls;
  };
  let withCheck = Infinity;
  let withoutCheck = Infinity;
  for (let batchNumber = 0; batchNumber < 5; batchNumber += 1) {
    withCheck = Math.min(withCheck, await batch(checked));
    withoutCheck = Math.min(withoutCheck, await batch(unchecked));
  }
  return { withCheck, withoutCheck };
}

const load = () => loadavg()[0]!.toFixed(1);
const data = await prepareData();
console.log(
  `PostgreSQL ${databaseUrl}: ${data.patients.toLocaleString('en-US')} patients, ${String(data.sids.length)} visits on ` +
    `${data.today}; ${String(CONNECTIONS)} connections, ${String(rounds)} rounds of ${String(seconds)} s per side` +
    ` after ${String(warmupSeconds)} s of warm-up each; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
);
for (const side of sides) console.log(`${side.name.padEnd(6)} ${side.dir}: ${describeCheckout(side.dir)}`);

const servers = new Map<Side['name'], BuiltServer>();
try {
  for (const side of sides) {
    servers.set(side.name, await startBuiltServer(side.port, { DATABASE_URL: databaseUrl, CAIRN_DEMO: '0' }, side.dir));
  }
  const serverOf = (side: Side): BuiltServer => servers.get(side.name)!;
  // The two builds must differ in what is measured: a signed-out token is refused by "after" only.
  const ended = await signIn(sides[1]!);
  await fetch(`http://127.0.0.1:${String(sides[1]!.port)}/api/auth/logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: ended },
    body: '{}',
  });
  const refused = await callDetails(sides[1]!, ended, data.sids[0]!);
  const accepted = await callDetails(sides[0]!, ended, data.sids[0]!);
  if (refused.status !== 401 || !accepted.ok) {
    throw new Error(
      `Expected "after" to refuse a signed-out token (got ${String(refused.status)}) and "before" to take it (got ${String(accepted.status)}): are these the right builds?`,
    );
  }
  // Warm-up: connection pools, prepared statements, JIT.
  for (const side of sides) await measure(side, serverOf(side), warmupSeconds, data.sids);

  const p95s: Record<Side['name'], number[]> = { before: [], after: [] };
  const rates: Record<Side['name'], number[]> = { before: [], after: [] };
  const cpus: Record<Side['name'], number[]> = { before: [], after: [] };
  let isClean = true;
  for (let round = 1; round <= rounds; round += 1) {
    // Which side goes first alternates too: a load that grows through a round must not fall on one side.
    for (const side of round % 2 === 1 ? sides : [...sides].reverse()) {
      const loadBefore = load();
      const measured = await measure(side, serverOf(side), seconds, data.sids);
      p95s[side.name].push(measured.p95);
      rates[side.name].push(measured.perSecond);
      cpus[side.name].push(measured.cpuPerRequest);
      if (measured.failed > 0) isClean = false;
      console.log(
        `round ${String(round)} ${side.name.padEnd(6)} ${String(measured.requests).padStart(7)} requests` +
          ` ${measured.perSecond.toFixed(0).padStart(5)}/s  p50 ${measured.p50.toFixed(1)} ms  p95 ${measured.p95.toFixed(1)} ms` +
          `  p99 ${measured.p99.toFixed(1)} ms  server CPU ${measured.cpuPerRequest.toFixed(3)} ms/request  failed ${String(measured.failed)}  load average ${loadBefore} -> ${load()}`,
      );
    }
  }
  const before = median(p95s.before);
  const after = median(p95s.after);
  const difference = ((after - before) / before) * 100;
  const isMet = isClean && difference <= BUDGET_PERCENT;
  console.log(
    `median p95: before ${before.toFixed(1)} ms, after ${after.toFixed(1)} ms: ${difference >= 0 ? '+' : ''}${difference.toFixed(1)} %` +
      ` (budget +${String(BUDGET_PERCENT)} %: ${isMet ? 'met' : 'NOT met'}${isClean ? '' : ', some requests failed'});` +
      ` median requests/s: before ${median(rates.before).toFixed(0)}, after ${median(rates.after).toFixed(0)};` +
      ` median server CPU per request: before ${median(cpus.before).toFixed(3)} ms, after ${median(cpus.after).toFixed(3)} ms`,
  );
  const verify = await timeVerify();
  console.log(
    `verify() of a known token, in this process: ${verify.withCheck.toFixed(0)} ns with the session lookup` +
      ` (10,000 ended sessions), ${verify.withoutCheck.toFixed(0)} ns without`,
  );
  process.exitCode = isMet ? 0 : 1;
} finally {
  for (const server of servers.values()) await server.stop();
}
