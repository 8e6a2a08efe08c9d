import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newTestAccount, startTestOpenIdProvider, type TestOpenIdProvider } from '../fixtures/oidc-provider';

interface DemoAccount {
  username: string;
  password: string;
  role: 'provider' | 'coder' | 'admin';
  totpSecret?: string;
}

/**
 * The accounts the server wrote on first start to `<CAIRN_DATA_DIR>/demo-accounts.json`. The data
 * directory is `CAIRN_E2E_DATA_DIR` when the Playwright config exports it; otherwise the newest
 * `cairn-e2e-*` directory holding the file (the one the web server of this run just wrote).
 */
function demoAccounts(): DemoAccount[] {
  const candidates = process.env.CAIRN_E2E_DATA_DIR
    ? [process.env.CAIRN_E2E_DATA_DIR]
    : readdirSync(tmpdir())
        .filter((name) => name.startsWith('cairn-e2e-'))
        .map((name) => join(tmpdir(), name))
        .filter((dir) => existsSync(join(dir, 'demo-accounts.json')))
        .sort(
          (a, b) => statSync(join(b, 'demo-accounts.json')).mtimeMs - statSync(join(a, 'demo-accounts.json')).mtimeMs,
        );
  const [dataDir] = candidates;
  if (!dataDir) throw new Error('demo-accounts.json not found: is the demo organisation seeded (CAIRN_DEMO unset)?');
  return JSON.parse(readFileSync(join(dataDir, 'demo-accounts.json'), 'utf8')) as DemoAccount[];
}

async function signInAsDemoAdmin(request: APIRequestContext): Promise<string> {
  const admin = demoAccounts().find((account) => account.role === 'admin');
  if (!admin) throw new Error('no demo admin account');
  const response = await request.post('/api/auth/login', {
    data: { username: admin.username, password: admin.password },
  });
  expect(response.ok()).toBe(true);
  const { result } = (await response.json()) as { result: { status: string; token?: string } };
  expect(result.status).toBe('success');
  return result.token ?? '';
}

let idp: TestOpenIdProvider;
const account = newTestAccount({ givenName: 'Grace', familyName: 'Hopper', email: 'grace.hopper@demo.example' });

test.beforeAll(async ({ baseURL }) => {
  idp = await startTestOpenIdProvider({
    redirectUris: [`${baseURL}/sso`],
    postLogoutRedirectUris: [`${baseURL}/`],
    accounts: [account],
  });
});

test.afterAll(async () => {
  await idp.close();
});

test('a clinician signs in through the organisation identity provider and lands signed in on the app', async ({
  page,
  request,
}) => {
  await test.step('the demo admin sets the OpenID provider for the demo organisation', async () => {
    const token = await signInAsDemoAdmin(request);
    const response = await request.post('/api/admin/identityProvider/set', {
      headers: { token },
      data: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, emailDomain: 'demo.example' },
    });
    expect(response.ok()).toBe(true);
    const { result } = (await response.json()) as { result: Record<string, unknown> };
    expect(result).toMatchObject({ issuer: idp.issuer, hasClientSecret: true });
    expect(JSON.stringify(result)).not.toContain(idp.clientSecret);
  });

  await test.step('opening /login?sso=1 sends the browser to the identity provider', async () => {
    await page.goto('/login?sso=1');
    await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  });

  await test.step('the clinician signs in at the provider and allows Cairn', async () => {
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
  });

  await test.step('back on Cairn, signed in as an SSO user, on the schedule', async () => {
    await expect(page).toHaveURL(/\/schedule$/);
    await expect(page.getByRole('heading', { name: 'Scheduling Overview' })).toBeVisible();
    const ssoToken = await page.evaluate(() => localStorage.getItem('cairn.ssoToken'));
    expect(ssoToken).toBeTruthy();
    // SSO users call /api/v2/... with a Bearer header (spec §6).
    const metadata = await request.post('/api/v2/getUserMetadata', {
      headers: { authorization: `Bearer ${ssoToken ?? ''}` },
      data: {},
    });
    expect(metadata.ok()).toBe(true);
    expect(await metadata.json()).toMatchObject({ result: { cairn_email: account.email } });
  });
});
