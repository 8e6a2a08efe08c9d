import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { demoAccount } from '../fixtures/accounts';
import { expectNoAxeViolations } from '../fixtures/accessibility';
import { expect, test } from '../fixtures/signed-in';

/**
 * Issue 20: a care manager (demo.quality: hcc_dashboard over the whole demo organisation) opens the
 * transitional-care worklist of the pop-health admissions dashboard, exports it, and opens a patient from
 * it; then opens the cost dashboard, narrows it to paid amounts and opens the patients behind one service
 * category.
 */
test.use({ signedInAs: 'quality' });

/** Presses a button that downloads a file; answers the file's text without its byte-order mark. */
async function download(page: Page, button: Locator): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return (await readFile(await file.path(), 'utf8')).replace(/^\ufeff/, '');
}

/**
 * The demo is analysed, and its population numbers computed, in the background after the server starts:
 * asks the API (as the care manager) until the transitional-care worklist has patients, then opens the
 * page once (reloading the app again and again would race its token refresh).
 */
async function openOnceComputed(page: Page, request: APIRequestContext, url: string): Promise<void> {
  const account = demoAccount('quality');
  const login = await request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
  });
  const { token } = ((await login.json()) as { result: { token: string } }).result;
  await expect(async () => {
    const response = await request.post('/api/population/transitional-care', { data: {}, headers: { token } });
    expect(response.ok()).toBe(true);
    expect(((await response.json()) as { result: { total: number } }).result.total).toBeGreaterThan(0);
  }).toPass({ timeout: 120_000, intervals: [2_000] });
  await page.goto(url);
}

test('a care manager works the transitional-care worklist and the cost dashboard', async ({ page, request }) => {
  test.setTimeout(180_000);
  const worklist = page.getByRole('table', { name: 'Transitional care worklist' });
  const patients = worklist.getByRole('row').filter({ has: page.getByRole('link') });

  await test.step('open the admissions dashboard: the patients discharged and not seen since', async () => {
    await openOnceComputed(page, request, '/pop-health-admissions');
    await expect(patients.first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Admissions and transitions', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admissions and transitions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Longest waiting first.
    const numbers: number[] = [];
    for (const row of await patients.all()) numbers.push(Number(await row.getByRole('cell').nth(1).innerText()));
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers).toEqual([...numbers].sort((left, right) => right - left));
    for (const value of numbers) expect(value).toBeLessThanOrEqual(14);
  });

  await test.step('the dashboard passes axe', async () => {
    await expectNoAxeViolations(page, 'pop-health admissions');
  });

  await test.step('export the worklist as CSV', async () => {
    const panel = page.getByRole('region', { name: 'Transitional care worklist' });
    const csv = await download(page, panel.getByRole('button', { name: 'Export CSV' }));
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Patient,Date of birth,MRN,Cairn patient id,Days since discharge/);
    expect(lines).toHaveLength((await patients.count()) + 1);
  });

  await test.step('open a patient from the worklist', async () => {
    const link = patients.first().getByRole('link').first();
    const name = (await link.innerText()).trim();
    await link.click();
    await expect(page).toHaveURL(/\/patient\/[0-9a-f-]{36}/);
    await expect(page.getByTestId('patient-banner')).toContainText(name.split(',')[0] ?? name);
  });

  await test.step('open the cost dashboard, paid amounts, from its URL kept filters', async () => {
    await page.goto('/pop-health-admissions');
    await page.getByRole('navigation', { name: 'Dashboards' }).getByRole('link', { name: 'Cost' }).click();
    await expect(page).toHaveURL(/\/pop-health-cost$/);
    const top = page.getByRole('table', { name: 'Highest-cost patients' }).getByRole('row').nth(1);
    await expect(top).toBeVisible({ timeout: 20_000 });
    // antd's Segmented hides its radio inputs: a person presses the option's label.
    await page.getByRole('search', { name: 'Dashboard filters' }).getByText('Paid', { exact: true }).click();
    await expect(page).toHaveURL(/amount=paid/);
    await expect(page.getByText('Total paid')).toBeVisible();
    // The URL keeps the filters: opening it again shows the same.
    await page.reload();
    await expect(page.getByText('Total paid')).toBeVisible();
  });

  await test.step('drill into the inpatient cost: its patients, highest first', async () => {
    const panel = page.getByRole('region', { name: 'By service category' });
    await panel.getByText('Table', { exact: true }).click();
    await panel
      .getByRole('button', { name: /Inpatient/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: /Inpatient cost/ });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('row').nth(1)).toBeVisible();
    await expectNoAxeViolations(page, 'pop-health cost drill-down');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });
});
