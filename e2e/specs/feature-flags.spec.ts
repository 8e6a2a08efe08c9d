import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

interface DemoAccount {
  username: string;
  password: string;
  role: 'provider' | 'coder' | 'admin';
  totpSecret?: string;
}

/** The accounts the server wrote on first start into the run's data dir (see playwright.config.ts). */
function demoAccount(role: DemoAccount['role']): DemoAccount {
  const dataDir = process.env.CAIRN_E2E_DATA_DIR;
  if (!dataDir) throw new Error('CAIRN_E2E_DATA_DIR is not set by playwright.config.ts');
  const accounts = JSON.parse(readFileSync(join(dataDir, 'demo-accounts.json'), 'utf8')) as DemoAccount[];
  const account = accounts.find((candidate) => candidate.role === role && !candidate.totpSecret);
  if (!account) throw new Error(`no ${role} demo account`);
  return account;
}

interface Tokens {
  token: string;
  refreshToken: string;
}

async function signIn(request: APIRequestContext, account: DemoAccount): Promise<Tokens> {
  const response = await request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(response.ok()).toBe(true);
  const { result } = (await response.json()) as { result: { status: string; token?: string; refreshToken?: string } };
  expect(result.status).toBe('success');
  return { token: result.token ?? '', refreshToken: result.refreshToken ?? '' };
}

/**
 * A browser of its own, signed in the way the web session restores itself: the tokens in local storage
 * (`cairn.authToken`, and the refresh token the session renews a short-lived token with).
 */
async function openSignedIn(browser: Browser, tokens: Tokens): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.evaluate(({ token, refreshToken }) => {
    localStorage.setItem('cairn.authToken', token);
    localStorage.setItem('cairn.refreshToken', refreshToken);
  }, tokens);
  const streamOpened = page.waitForRequest((request) => request.url().includes('/api/flags/stream?ticket='));
  await page.goto('/schedule');
  await streamOpened;
  return page;
}

async function setFeedbackButton(request: APIRequestContext, admin: Tokens, isOn: boolean): Promise<void> {
  const response = await request.post('/api/flags/set', {
    headers: { token: admin.token },
    data: { key: 'ShowFeedbackButton', defaultValue: isOn },
  });
  expect(response.status()).toBe(200);
}

test('an admin turns on the feedback button and every open browser of the organisation shows it without reloading', async ({
  browser,
  request,
}) => {
  const admin = await signIn(request, demoAccount('admin'));
  const pages: Page[] = [];

  await test.step('a provider and a coder of the demo clinic have Cairn open, without Contact us', async () => {
    pages.push(await openSignedIn(browser, await signIn(request, demoAccount('provider'))));
    pages.push(await openSignedIn(browser, await signIn(request, demoAccount('coder'))));
    for (const page of pages) {
      await expect(page.getByRole('heading', { name: 'Scheduling Overview' })).toBeVisible();
      await expect(page.getByText('Contact us')).toHaveCount(0);
    }
  });

  const loads = pages.map((page) => {
    let count = 0;
    page.on('load', () => (count += 1));
    return () => count;
  });

  await test.step('the admin turns ShowFeedbackButton on through the API', async () => {
    await setFeedbackButton(request, admin, true);
  });

  await test.step('both pages show Contact us, with no reload', async () => {
    for (const page of pages) await expect(page.getByText('Contact us')).toBeVisible();
    expect(loads.map((count) => count())).toEqual([0, 0]);
  });

  await test.step('turned off again, it leaves both pages', async () => {
    await setFeedbackButton(request, admin, false);
    for (const page of pages) await expect(page.getByText('Contact us')).toHaveCount(0);
  });

  for (const page of pages) await page.context().close();
});
