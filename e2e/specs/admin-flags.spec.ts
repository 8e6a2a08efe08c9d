import { demoAccount } from '../fixtures/accounts';
import { expectNoAxeViolations } from '../fixtures/accessibility';
import { findDemoVisit } from '../fixtures/demo-data';
import { tabTo } from '../fixtures/keyboard';
import { openSignedInContext, signInThroughApi } from '../fixtures/signed-in-context';
import { expect, test } from '../fixtures/signed-in';
import { AdminFlagsPage } from '../pages/admin-flags-page';
import { PortraitPage } from '../pages/portrait-page';

test.use({ signedInAs: 'admin' });

test('an admin turns the Documents tab off in the admin tool, and an open portrait loses the tab without reloading', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const flags = new AdminFlagsPage(page);
  const visit = await findDemoVisit(request, () => true);
  const providerPage = await openSignedInContext(browser, request, 'provider');
  const portrait = new PortraitPage(providerPage);
  let loads = 0;

  try {
    await test.step('a provider has a patient portrait open, with its Documents tab', async () => {
      const streamOpened = providerPage.waitForRequest((sent) => sent.url().includes('/api/flags/stream?ticket='));
      await portrait.open(visit, 'dx-summary');
      await streamOpened;
      await expect(portrait.tab('Documents')).toBeVisible();
      providerPage.on('load', () => (loads += 1));
    });

    await test.step("the admin opens Feature flags in the admin tool: every flag with Cairn's default", async () => {
      await flags.open();
      await expect(flags.heading()).toBeVisible();
      await expect(flags.row('clinicalDocuments')).toContainText('On');
      await expect(flags.row('configuration_FrontendTabs')).toContainText('Documents');
      await expectNoAxeViolations(page, 'the Feature flags section');
    });

    await test.step("a flag's editor with a targeting rule passes axe", async () => {
      const editor = await flags.edit('clinicalDocuments');
      await editor.getByRole('button', { name: /Add rule/ }).click();
      await expect(editor.getByRole('group', { name: 'Rule 1', exact: true })).toBeVisible();
      await expectNoAxeViolations(page, "a flag's editor with a targeting rule");
      await editor.getByRole('button', { name: 'Cancel' }).click();
      await expect(editor).toHaveCount(0);
    });

    await test.step('with the keyboard only, the admin turns clinicalDocuments off and saves', async () => {
      await tabTo(page, flags.editButton('clinicalDocuments'));
      await page.keyboard.press('Enter');
      const editor = flags.editor('clinicalDocuments');
      const defaultValue = editor.getByRole('switch', { name: 'Default value' });
      await expect(defaultValue).toBeChecked();
      await tabTo(page, defaultValue);
      await page.keyboard.press('Space');
      await expect(defaultValue).not.toBeChecked();
      await tabTo(page, editor.getByRole('button', { name: 'Save' }));
      await page.keyboard.press('Enter');
      await expect(flags.outcome()).toContainText('clinicalDocuments is saved');
      await expect(flags.row('clinicalDocuments').getByText('Off')).toBeVisible();
    });

    await test.step("the provider's portrait loses the Documents tab, with no reload", async () => {
      await expect(portrait.tab('Documents')).toHaveCount(0);
      await expect(portrait.tab('Diagnosis Summary')).toBeVisible();
      expect(loads).toBe(0);
    });

    await test.step("Evaluate for user shows the provider gets it off, from the organisation's default", async () => {
      const evaluation = await flags.evaluateFor(demoAccount('provider').username);
      const row = evaluation.getByRole('row').filter({ has: page.locator('code', { hasText: /^clinicalDocuments$/ }) });
      await expect(row).toContainText('Off');
      await expect(row).toContainText("The organisation's default");
    });

    await test.step("reset to Cairn's default, the tab comes back", async () => {
      await flags.edit('clinicalDocuments');
      await flags.resetToDefault();
      await expect(flags.outcome()).toContainText("clinicalDocuments is back to Cairn's default");
      await expect(portrait.tab('Documents')).toBeVisible();
      expect(loads).toBe(0);
    });
  } finally {
    // Journeys share one server: whatever happened above, the flag reads as Cairn's default again.
    const admin = await signInThroughApi(request, 'admin');
    await request.post('/api/flags/delete', { headers: { token: admin.token }, data: { key: 'clinicalDocuments' } });
    await providerPage.context().close();
  }
});
