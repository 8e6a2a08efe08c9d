// Sign-in answers take as long whatever the account (issue 15 item 6): the median time of a refused
// login per branch (an unknown name, a real name with a wrong password, a locked real name, a locked
// unknown name), 200 tries each, interleaved so that every branch sees the same load. Budget: the
// medians lie within 5 ms of each other. The app runs in this process (`app.inject()`, no network) on
// in-memory PGlite, or on PostgreSQL with BENCH_DATABASE_URL (a database of its own: it is migrated).
//
//   npm run bench -- login-enumeration
import { login } from '@cairn/contracts';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/env';
import { openDatabase } from '../apps/server/src/db/client';
import { createOrganisation, createUser } from '../apps/server/src/testing/factories';

const TRIES = 200;
const WARM_UP = 20;
const BUDGET_MS = 5;
const databaseUrl = process.env.BENCH_DATABASE_URL;

const config = loadConfig({
  CAIRN_ENV: 'test',
  CAIRN_DATA_DIR: '/nonexistent',
  CAIRN_RATE_LIMIT_ALLOW_LIST: '127.0.0.1',
});
const database = await openDatabase({ databaseUrl: databaseUrl ?? 'memory://', dataDir: '' });
const app = await buildApp(config, { logger: false, database });
const db = app.database.db;

async function signIn(username: string, password: string): Promise<{ status: string; ms: number }> {
  const started = performance.now();
  const response = await app.inject({
    method: login.method,
    url: `/api${login.path}`,
    payload: { username, password },
  });
  const ms = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`login answered ${String(response.statusCode)}: ${response.body}`);
  return { status: response.json<{ result: { status: string } }>().result.status, ms };
}

async function lock(username: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) await signIn(username, 'wrong password');
  if ((await signIn(username, 'wrong password')).status !== 'passwordAttemptsExceeded') {
    throw new Error(`${username} did not lock`);
  }
}

const run = Date.now().toString(36);
const organisationId = (await createOrganisation(db, 'Bench Clinic')).id;
// A real name is refused once here, so that its four further failures never lock it: one name per try.
const victims: { username: string }[] = [];
for (let index = 0; index < TRIES + WARM_UP; index += 1) {
  victims.push(await createUser(db, { organisationId, username: `bench-${run}-${String(index)}` }));
}
const lockedUser = await createUser(db, { organisationId, username: `bench-${run}-locked` });
await lock(lockedUser.username);
await lock(`bench-${run}-nobody-locked`);

type Branch = 'unknown name' | 'wrong password' | 'locked' | 'locked unknown';
const tries: Record<Branch, (index: number) => Promise<{ status: string; ms: number }>> = {
  'unknown name': (index) => signIn(`bench-${run}-nobody-${String(index)}`, 'wrong password'),
  'wrong password': (index) => signIn(victims[index]!.username, 'wrong password'),
  locked: () => signIn(lockedUser.username, lockedUser.password),
  'locked unknown': () => signIn(`bench-${run}-nobody-locked`, 'wrong password'),
};
const expected: Record<Branch, string> = {
  'unknown name': 'credentialsFailure',
  'wrong password': 'credentialsFailure',
  locked: 'passwordAttemptsExceeded',
  'locked unknown': 'passwordAttemptsExceeded',
};
const branches = Object.keys(tries) as Branch[];
const times = Object.fromEntries(branches.map((branch) => [branch, [] as number[]])) as Record<Branch, number[]>;
for (let index = 0; index < TRIES + WARM_UP; index += 1) {
  for (const branch of branches) {
    const { status, ms } = await tries[branch](index);
    if (status !== expected[branch]) throw new Error(`${branch}: answered ${status}, expected ${expected[branch]}`);
    if (index >= WARM_UP) times[branch].push(ms);
  }
}
await app.close();

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 0 ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[middle]!;
}
function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

console.log(`login per branch, ${String(TRIES)} tries each, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, app.inject()`);
console.log('| branch | answer | median (ms) | p90 (ms) |');
console.log('| --- | --- | ---: | ---: |');
const medians = branches.map((branch) => median(times[branch]));
branches.forEach((branch, index) => {
  const p90 = percentile(times[branch], 0.9);
  console.log(`| ${branch} | ${expected[branch]} | ${medians[index]!.toFixed(1)} | ${p90.toFixed(1)} |`);
});
const spread = Math.max(...medians) - Math.min(...medians);
const isWithinBudget = spread <= BUDGET_MS;
console.log(
  `spread of medians: ${spread.toFixed(1)} ms (budget ${String(BUDGET_MS)} ms): ${isWithinBudget ? 'met' : 'MISSED'}`,
);
process.exit(isWithinBudget ? 0 : 1);
