import { expectNoAxeViolations } from '../fixtures/accessibility';
import { expect, test } from '../fixtures/signed-in';
import { QualityRatesPage } from '../pages/quality-rates-page';
import { QualityWorkspacePage } from '../pages/quality-workspace-page';

/**
 * Issue 19, /quality-satisfaction-rate: the demo's quality lead (demo.quality, the whole organisation)
 * opens the performance rates from the Quality Workspace, reads a measure by month, sees the inverse
 * CMS122 said so, switches to providers and clinics (the keyboard moves between the tabs), and sets the
 * organisation's target for CMS130, then returns it to Cairn's default; axe checks the page on the way.
 */
test.use({ signedInAs: 'quality' });

test('a quality lead reads the performance rates by month, provider and clinic and sets a target', async ({ page }) => {
  test.setTimeout(180_000);
  const rates = new QualityRatesPage(page);

  await test.step('open the rates from the Quality Workspace', async () => {
    await page.goto('/quality');
    await new QualityWorkspacePage(page).navigation().getByRole('link', { name: 'Performance rates' }).click();
    await expect(page).toHaveURL(/\/quality-satisfaction-rate$/);
    await expect(page.getByRole('heading', { name: 'Performance rates' })).toBeVisible();
    await rates.open();
  });

  await test.step('CMS130 by month: a line chart and one row per month of the year so far', async () => {
    await rates.chooseMeasure('CMS130 ');
    await expect(page.getByRole('heading', { name: 'CMS130 Colorectal Cancer Screening' })).toBeVisible();
    await expect(rates.chart('CMS130', 'month')).toBeVisible();
    await expect(rates.chart('CMS130', 'month').locator('.recharts-reference-line')).toHaveCount(1);
    const months = rates.rows(rates.table('month'));
    await expect(months.first()).toContainText(/^January \d{4}/);
    await expect(months.first()).toContainText('%');
    await expect(page.getByText(/as they stand today/)).toBeVisible();
    await expectNoAxeViolations(page, 'the performance rates of CMS130 by month');
  });

  await test.step('CMS122 is an inverse measure: lower is better', async () => {
    await rates.chooseMeasure('CMS122 ');
    await expect(page.getByText('Inverse measure: lower is better')).toBeVisible();
    await expect(rates.table('month').getByRole('columnheader', { name: 'Numerator (poor control)' })).toBeVisible();
    await rates.chooseMeasure('CMS130 ');
  });

  await test.step('switch to providers from the keyboard: a bar per provider', async () => {
    await page.getByRole('tab', { name: 'Month' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Provider' })).toHaveAttribute('aria-selected', 'true');
    const providers = rates.rows(rates.table('provider'));
    await expect(providers.first()).toBeVisible();
    await expect(rates.chart('CMS130', 'provider').locator('.rate-bar')).toHaveCount(await providers.count());
    await expect(rates.table('provider')).toContainText('Maya Rivera');
    await expectNoAxeViolations(page, 'the performance rates of CMS130 by provider');
  });

  await test.step('switch to clinics', async () => {
    await page.getByRole('tab', { name: 'Clinic' }).click();
    await expect(rates.rows(rates.table('clinic')).first()).toBeVisible();
  });

  await test.step("set CMS130's target to 65 %, then return it to Cairn's default", async () => {
    const target = page.getByRole('spinbutton', { name: 'CMS130 target (%)' });
    await target.fill('65');
    await target.press('Enter');
    await expect(page.getByText('Saved. Target 65% (set by your organisation).')).toBeVisible();
    await expect(rates.rows(rates.table('clinic')).first()).toContainText('65%');
    await page.getByRole('button', { name: 'Use Cairn’s default' }).click();
    await expect(page.getByText('Saved. Target 80% (Cairn’s default).')).toBeVisible();
  });
});
