import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { SMTP } from './fixtures/accounts';
import { chromiumExecutable } from './fixtures/browser';

const port = Number(process.env.E2E_PORT ?? 3100);
const browser = await chromiumExecutable();
// Each run starts the built app on a fresh embedded database of its own. The directory is kept in
// the environment so that workers (which load this file again) and specs (which read the demo
// accounts from it) see the same one.
const dataDir = (process.env.CAIRN_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cairn-e2e-')));

// Before the server opens the database: the journeys' own accounts (see fixtures/seed-accounts.ts).
if (!process.env.CAIRN_E2E_SEEDED) {
  const e2eDir = dirname(fileURLToPath(import.meta.url));
  const seeding = spawnSync(process.execPath, ['--import', 'tsx', 'fixtures/seed-accounts.ts', dataDir], {
    cwd: e2eDir,
    stdio: 'inherit',
  });
  if (seeding.status !== 0) throw new Error('seeding the journey accounts failed');
  process.env.CAIRN_E2E_SEEDED = '1';
}

export default defineConfig({
  testDir: './specs',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: browser.executablePath, args: browser.args },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node ../apps/server/dist/main.js',
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    // The first start seeds the demo organisation (240 patients, three years of history and claims, a year
    // of decisions): about a minute on a quiet machine, more on a busy one.
    timeout: 180_000,
    env: {
      PORT: String(port),
      CAIRN_DATA_DIR: dataDir,
      CAIRN_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Every journey signs in through the API from this machine; the per-address limits are tested
      // by the server tests, not here.
      CAIRN_RATE_LIMIT_ALLOW_LIST: '127.0.0.1 ::1 ::ffff:127.0.0.1',
      // Recovery mail goes to the SMTP server the recovery journey starts on this port.
      // Journeys stay independent of each other: no background reading of a launched clinician's day
      // (the server tests cover it).
      CAIRN_EHR_SCHEDULE_SYNC: '0',
      CAIRN_SMTP_URL: `smtp://${SMTP.user}:${SMTP.password}@127.0.0.1:${SMTP.port}`,
    },
  },
});
