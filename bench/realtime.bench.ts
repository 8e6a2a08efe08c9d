// Real-time latency across server processes (issue 7: "an event reaches another browser within 250 ms of
// the action, measured across two server processes"). Two built servers (`npm run build`) on one fresh
// PostgreSQL database with the demo organisation: a coder's decision (`addSummaryInsightActions`, accept
// then reset of one suggested code, alternately, with the version seen) is sent to process A, and the clock
// stops when the provider's websocket on process B receives the `decision.changed` event. Run once with
// the fan-out through PostgreSQL LISTEN/NOTIFY, and once through Redis when one answers.
//
//   npm run build && npm run bench -- realtime
//
// BENCH_POSTGRES_URL (an administrative connection, default postgres://postgres@127.0.0.1:5432/postgres;
// the bench creates and drops the database cairn_bench_realtime), BENCH_REDIS_URL (default
// redis://127.0.0.1:6379), BENCH_ITERATIONS (default 200).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DxCaptureData, DxDecision, RealtimeServerMessage } from '@cairn/contracts';
import pg from 'pg';
import { WebSocket } from 'ws';
import { isRedisReachable } from '../apps/server/src/modules/realtime/redis-probe.testing';
import { startBuiltServer, type BuiltServer } from './support/built-server';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const iterations = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARM_UP = 20;
const BUDGET_MS = 250;
const DATABASE = 'cairn_bench_realtime';
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${DATABASE}` }).toString();

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function post<T>(server: BuiltServer, path: string, token: string | undefined, body: unknown): Promise<T> {
  const response = await fetch(`${server.base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { result?: T };
  if (!response.ok || json.result === undefined) throw new Error(`${path} answered ${String(response.status)}`);
  return json.result;
}

async function signIn(server: BuiltServer, account: { username: string; password: string }): Promise<string> {
  return (await post<{ token: string }>(server, '/auth/login', undefined, account)).token;
}

/** A visit of the demo provider, analysed, with a suggestion not accepted (waits for the analysis worker). */
async function findAnalysedVisit(
  server: BuiltServer,
  token: string,
): Promise<{ sid: string; icdCode: string; version: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const visits = await client.query<{ id: string }>(
    `select a.id from appointments a
       join user_providers up on up.provider_id = a.provider_id
       join users u on u.id = up.user_id and u.username = 'demo.provider'
      order by a.start_at desc limit 40`,
  );
  await client.end();
  for (let attempt = 0; attempt < 120; attempt += 1) {
    for (const { id } of visits.rows) {
      const data = await post<DxCaptureData>(server, '/getDxCaptureData', token, { sid: id, isGroupingOn: true });
      const item = data.groups
        .flatMap((group) => group.items)
        .find((candidate) => candidate.decision?.status !== 'accepted');
      if (data.isAnalysed && item) return { sid: id, icdCode: item.icdCode, version: item.decision?.version ?? 0 };
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('No analysed visit with a suggestion: is the analysis worker running?');
}

/** The provider's websocket on process B, subscribed to the visit; `nextEvent` resolves with the next event's arrival time. */
async function watchVisit(server: BuiltServer, token: string, sid: string) {
  const { ticket } = await post<{ ticket: string }>(server, '/realtime/ticket', token, {});
  const socket = new WebSocket(`${server.base.replace(/^http/, 'ws')}/ws?ticket=${encodeURIComponent(ticket)}`);
  let waiter: ((at: number) => void) | undefined;
  let onSubscribed: (() => void) | undefined;
  socket.on('message', (data: Buffer) => {
    const at = performance.now();
    const message = JSON.parse(data.toString()) as RealtimeServerMessage;
    if (message.type === 'subscribed') onSubscribed?.();
    if (message.type === 'event' && message.event.kind === 'decision.changed') waiter?.(at);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  await new Promise<void>((resolve) => {
    onSubscribed = resolve;
    socket.send(JSON.stringify({ type: 'subscribe', sid }));
  });
  return {
    nextEvent: () => new Promise<number>((resolve) => (waiter = resolve)),
    close: () => socket.close(),
  };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

async function measure(label: string, env: Record<string, string>, isFirstRun: boolean): Promise<boolean> {
  const common = { DATABASE_URL: databaseUrl, CAIRN_SANDBOX_EHR: '0', ...env };
  // Process A seeds the demo (its accounts' passwords land in its data directory); B starts on the same data.
  const first = await startBuiltServer(3310, { ...common, CAIRN_DEMO: '1', CAIRN_DATA_DIR: dataDir });
  const second = await startBuiltServer(3311, { ...common, CAIRN_DEMO: '0', CAIRN_DATA_DIR: join(dataDir, 'b') });
  try {
    if (isFirstRun) console.log('Demo organisation seeded; waiting for the analysis of its patients...');
    const accounts = JSON.parse(await readFile(join(dataDir, 'demo-accounts.json'), 'utf8')) as {
      username: string;
      password: string;
    }[];
    const account = (username: string) => {
      const found = accounts.find((candidate) => candidate.username === username);
      if (!found) throw new Error(`no demo account ${username}`);
      return { username: found.username, password: found.password };
    };
    const coderToken = await signIn(first, account('demo.coder'));
    const providerToken = await signIn(second, account('demo.provider'));
    const { sid, icdCode, version: seen } = await findAnalysedVisit(first, coderToken);
    const watcher = await watchVisit(second, providerToken, sid);
    const latencies: number[] = [];
    /** The action's own response time on A, for comparison: the event leaves A once the decision is committed. */
    const responses: number[] = [];
    let version = seen;
    try {
      for (let round = 0; round < WARM_UP + iterations; round += 1) {
        const action = round % 2 === 0 ? 'accept' : 'reset';
        const arrived = watcher.nextEvent();
        const sentAt = performance.now();
        const result = await post<{ decisions: DxDecision[] }>(first, '/addSummaryInsightActions', coderToken, {
          sid,
          actions: [{ icdCode, action, expectedVersion: version }],
        });
        const answeredAt = performance.now();
        const receivedAt = await arrived;
        version = result.decisions.find((decision) => decision.icdCode === icdCode)?.version ?? version + 1;
        if (round >= WARM_UP) {
          latencies.push(receivedAt - sentAt);
          responses.push(answeredAt - sentAt);
        }
      }
    } finally {
      watcher.close();
    }
    latencies.sort((a, b) => a - b);
    responses.sort((a, b) => a - b);
    const p95 = percentile(latencies, 0.95);
    const isMet = p95 <= BUDGET_MS;
    console.log(
      `${label.padEnd(28)} ${String(latencies.length)} decisions  p50 ${percentile(latencies, 0.5).toFixed(1)} ms` +
        `  p95 ${p95.toFixed(1)} ms  max ${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms` +
        `  (budget ${String(BUDGET_MS)} ms: ${isMet ? 'met' : 'NOT met'});` +
        `  the action's response on A: p50 ${percentile(responses, 0.5).toFixed(1)} ms, p95 ${percentile(responses, 0.95).toFixed(1)} ms`,
    );
    return isMet;
  } finally {
    await second.stop();
    await first.stop();
  }
}

await admin(`drop database if exists ${DATABASE} with (force)`);
await admin(`create database ${DATABASE}`);
// One data directory for both runs: the demo accounts' passwords are written there when first seeded.
const dataDir = await mkdtemp(join(tmpdir(), 'cairn-bench-realtime-'));
try {
  console.log(
    `Two built server processes on PostgreSQL ${DATABASE}; action on A (addSummaryInsightActions) to event on B's websocket; ${String(iterations)} decisions after ${String(WARM_UP)} warm-up`,
  );
  const results = [await measure('PostgreSQL LISTEN/NOTIFY', {}, true)];
  if (await isRedisReachable(redisUrl))
    results.push(await measure(`Redis (${redisUrl})`, { REDIS_URL: redisUrl }, false));
  else console.log(`Redis fan-out not measured: no Redis answers at ${redisUrl}`);
  process.exitCode = results.every(Boolean) ? 0 : 1;
} finally {
  await admin(`drop database if exists ${DATABASE} with (force)`);
  await rm(dataDir, { recursive: true, force: true });
}
