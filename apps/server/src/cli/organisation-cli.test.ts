import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { serverPath } from '../lib/server-path';

const dataDir = mkdtempSync(join(tmpdir(), 'cairn-organisation-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(args: string[]) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', serverPath('src', 'cli', 'organisation-cli.ts'), ...args],
    {
      env: {
        ...env,
        CAIRN_DATA_DIR: dataDir,
        CAIRN_DEMO: '0',
        CAIRN_API_URL: 'https://cairn.acme.test/api',
        LOG_LEVEL: 'silent',
      },
      timeout: 60_000,
    },
  );
}

const ACME = [
  '--slug',
  'acme',
  '--name',
  'Acme Family Medicine',
  '--admin-username',
  'it.admin',
  '--admin-email',
  'it@acme.test',
];

describe('npm run organisation', () => {
  it("creates the organisation and its first admin, and prints the admin's invitation link", async () => {
    const { stdout, stderr } = await run(ACME);
    const created = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Record<string, string>;
    expect(created.invitationLink).toMatch(/^https:\/\/cairn\.acme\.test\/login\?invitation=[\w-]{43}$/);
    expect(created.organisationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(stderr).toContain(created.invitationLink);
  }, 90_000);

  it('refuses a slug that exists and a bad email, saying which', async () => {
    await expect(run(ACME)).rejects.toMatchObject({
      stderr: expect.stringContaining('An organisation acme already exists'),
    });
    await expect(
      run(['--slug', 'other', '--name', 'Other', '--admin-username', 'someone', '--admin-email', 'not-an-email']),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('admin.email') });
  }, 90_000);
});
