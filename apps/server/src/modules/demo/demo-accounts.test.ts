import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTotp } from '../auth';
import { signIn } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { seedDemoAccounts, type DemoAccount } from './demo-accounts';

let test: TestApp;
const dataDir = mkdtempSync(join(tmpdir(), 'cairn-demo-'));

beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('demo accounts', () => {
  it('creates a provider, a coder, an admin, a TOTP provider and a quality lead once, written for the owner only', async () => {
    const accounts = await seedDemoAccounts(test.app.database.db, dataDir);
    expect(accounts?.map((account) => account.role)).toEqual(['provider', 'coder', 'admin', 'provider', 'quality']);
    expect(accounts?.filter((account) => account.totpSecret)).toHaveLength(1);
    const file = join(dataDir, 'demo-accounts.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(accounts);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await seedDemoAccounts(test.app.database.db, dataDir)).toBeUndefined();
  });

  it('signs each account in with its generated password, the TOTP one with a code', async () => {
    const accounts = JSON.parse(readFileSync(join(dataDir, 'demo-accounts.json'), 'utf8')) as DemoAccount[];
    for (const account of accounts) {
      const totpCode = account.totpSecret ? createTotp(account.totpSecret).generate() : undefined;
      const answer = await signIn(test.app, { username: account.username, password: account.password, totpCode });
      expect(answer.status).toBe('success');
    }
  });
});
