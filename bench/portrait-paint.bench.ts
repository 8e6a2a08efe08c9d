// The portrait's first paint after sign-in (issue 5, budget 1.5 s) in Chromium on this machine: the built
// app on a fresh embedded database with the demo data. A person opens a visit's portrait link while signed
// out, signs in on the login card, and the clock runs from pressing "Sign in" until the portrait's banner
// shows the patient's name. Each run uses a new browser context (cold cache, no session).
//
//   npm run build && npm run bench -- portrait-paint        (BENCH_RUNS, default 10)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startBuiltServer } from './support/built-server';
import { chromiumExecutable } from '../e2e/fixtures/browser';

const port = 3301;
const base = `http://127.0.0.1:${String(port)}`;
const runs = Number(process.env.BENCH_RUNS ?? 10);
const BUDGET_MS = 1500;

interface Visit {
  sid: string;
  cairnPatientId: string;
  patientName: string;
}

async function api<T>(path: string, token: string | undefined, body: unknown): Promise<T> {
  const response = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${String(response.status)}`);
  return ((await response.json()) as { result: T }).result;
}

/** The demo provider's first visit today, as the schedule lists it. */
async function firstVisit(username: string, password: string): Promise<Visit> {
  const { token } = await api<{ token: string }>('/auth/login', undefined, { username, password });
  const today = new Date().toLocaleDateString('en-CA');
  const visits = await api<Visit[]>('/getPermittedZones', token, { isoDate: today, filters: {} });
  const visit = visits[0];
  if (!visit) throw new Error('The demo provider has no visit today');
  return visit;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

const dataDir = mkdtempSync(join(tmpdir(), 'cairn-bench-paint-'));
const server = await startBuiltServer(port, { CAIRN_DATA_DIR: dataDir });
const browserExecutable = await chromiumExecutable();
const browser = await chromium.launch({
  executablePath: browserExecutable.executablePath,
  args: browserExecutable.args,
});
try {
  const accounts = JSON.parse(readFileSync(join(dataDir, 'demo-accounts.json'), 'utf8')) as {
    username: string;
    password: string;
    role: string;
  }[];
  const provider = accounts.find((account) => account.username === 'demo.provider');
  if (!provider) throw new Error('No demo provider account');
  const visit = await firstVisit(provider.username, provider.password);
  const portrait = `${base}/patient/${visit.cairnPatientId}/appointment/${visit.sid}`;
  const timings: number[] = [];
  for (let run = 0; run <= runs; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(portrait);
    const card = page.getByTestId('login-card');
    await card.getByLabel('Username').fill(provider.username);
    await card.getByLabel('Password', { exact: true }).fill(provider.password);
    const started = performance.now();
    await card.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('patient-banner').getByText(visit.patientName).first().waitFor({ state: 'visible' });
    const elapsed = performance.now() - started;
    // The first run warms the server (query plans, file cache); it is not counted.
    if (run > 0) timings.push(elapsed);
    await context.close();
  }
  timings.sort((a, b) => a - b);
  const median = percentile(timings, 0.5);
  const worst = timings[timings.length - 1] ?? Number.NaN;
  console.log(
    `Portrait first paint after sign-in, ${String(timings.length)} runs: median ${median.toFixed(0)} ms, ` +
      `p95 ${percentile(timings, 0.95).toFixed(0)} ms, worst ${worst.toFixed(0)} ms (budget ${String(BUDGET_MS)} ms: ` +
      `${percentile(timings, 0.95) <= BUDGET_MS ? 'met' : 'NOT met'})`,
  );
  process.exitCode = percentile(timings, 0.95) <= BUDGET_MS ? 0 : 1;
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
