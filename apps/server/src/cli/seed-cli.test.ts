import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { serverPath } from '../lib/server-path';

const dataDir = mkdtempSync(join(tmpdir(), 'cairn-seed-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run seed', () => {
  it('adds 50 patients with histories and a day of visits to a new organisation, and ends with a JSON summary', async () => {
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', serverPath('src', 'cli', 'seed-cli.ts'), '--patients', '50', '--org', 'cli-test'],
      { env: { ...env, CAIRN_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, timeout: 120_000 },
    );
    const summary = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Record<string, unknown>;
    expect(summary).toMatchObject({ organisation: 'cli-test', patients: 50, providers: 1, appointmentsToday: 40 });
    expect(summary.rows).toMatchObject({ patients: 50 });
    expect((summary.rows as Record<string, number>).observations).toBeGreaterThan(1000);
    expect(stderr).toContain('50/50 patients');
  }, 150_000);
});
