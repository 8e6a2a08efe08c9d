import { expectNoAxeViolations } from '../fixtures/accessibility';
import { expect, test } from '../fixtures/signed-in';
import { AnalyticsPage } from '../pages/analytics-page';

/**
 * Issue 20: a medical director (demo.coder: hcc_dashboard over the whole demo organisation; the demo has
 * no account of its own for the role) opens /analytics, narrows it to one clinic, and drills down from a
 * provider's open suggestions to the patients and visits behind them.
 */
test.use({ signedInAs: 'coder' });

const CLINIC = 'Riverside Clinic';

test("a medical director filters analytics to one clinic and opens a provider's open suggestions", async ({ page }) => {
  test.setTimeout(240_000);
  const analytics = new AnalyticsPage(page);

  await test.step('open the dashboard: the headline numbers say what they mean', async () => {
    await analytics.openOnceComputed();
    await expect(page.getByRole('heading', { name: 'Risk adjustment', level: 2 })).toBeVisible();
    await expect(analytics.tile('Recapture rate')).toContainText('documented again this year');
    await expect(analytics.tile('Open suggestions')).toContainText('not yet decided this year');
  });

  await test.step('the dashboard passes axe', async () => {
    await expectNoAxeViolations(page, 'analytics');
  });

  await test.step('narrow it to one clinic: the filter goes into the URL', async () => {
    await analytics.filterToClinic(CLINIC);
    await expect(page).toHaveURL(/clinicIds=[0-9a-f-]{36}/);
  });

  let provider = '';
  let count = '';
  await test.step("show the open suggestions by provider and open one provider's", async () => {
    // antd's Segmented hides its radio inputs: the option's label is what a user clicks.
    await page.getByText('Open suggestions and RAF', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Open suggestions and RAF' })).toBeChecked();
    await expect(page).toHaveURL(/measures=suggestions/);
    const panel = analytics.breakdown('Open suggestions and RAF by provider');
    const number = panel
      .getByRole('button', { name: /^Show the patients of .+ \(Open suggestions: [\d,]+\)$/ })
      .first();
    await expect(number).toBeVisible();
    const label = (await number.getAttribute('aria-label')) ?? '';
    [, provider = '', count = ''] = /^Show the patients of (.+) \(Open suggestions: ([\d,]+)\)$/.exec(label) ?? [];
    await number.click();
  });

  await test.step('the drawer lists as many suggestions as the number said, each patient and visit linked', async () => {
    const drawer = analytics.drawer(`Open suggestions: ${provider}`);
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText(`${count} ${count === '1' ? 'patient' : 'patients'}`)).toBeVisible();
    const rows = drawer.getByRole('row').filter({ has: page.getByRole('link') });
    await expect(rows.first()).toBeVisible();
    await expect(rows.first().getByRole('cell').filter({ hasText: provider }).first()).toBeVisible();
    await expect(rows.first().getByRole('link').first()).toHaveAttribute('href', /^\/patient\/[0-9a-f-]{36}$/);
  });

  await test.step("open a patient's portrait from the list", async () => {
    const drawer = analytics.drawer(`Open suggestions: ${provider}`);
    const link = drawer
      .getByRole('row')
      .filter({ has: page.getByRole('link') })
      .first()
      .getByRole('link')
      .first();
    const name = (await link.innerText()).trim();
    await link.click();
    await expect(page).toHaveURL(/\/patient\/[0-9a-f-]{36}/);
    await expect(page.getByTestId('patient-banner')).toContainText(name.split(',')[0] ?? name);
  });
});
