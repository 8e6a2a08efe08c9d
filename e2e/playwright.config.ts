import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumExecutable } from './fixtures/browser';

const port = Number(process.env.E2E_PORT ?? 3100);
const browser = await chromiumExecutable();
// Each run starts the built app on a fresh embedded database of its own.
const dataDir = mkdtempSync(join(tmpdir(), 'cairn-e2e-'));

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
    timeout: 60_000,
    env: { PORT: String(port), CAIRN_DATA_DIR: dataDir, CAIRN_ENV: 'test', LOG_LEVEL: 'warn' },
  },
});
