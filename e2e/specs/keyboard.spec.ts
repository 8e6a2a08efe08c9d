import { expect, test } from '@playwright/test';
import { findDemoVisit } from '../fixtures/demo-data';
import { tabTo } from '../fixtures/keyboard';
import { SandboxEhrPage } from '../pages/sandbox-ehr-page';

/**
 * Issue 16 item 8: the whole decision path by keyboard alone (Tab, Shift+Tab, Enter, Space, Escape). A
 * provider opens a visit's Diagnosis Summary, accepts one suggestion, rejects another with a reason and
 * writes the cart to the EHR encounter. Buttons are found by their names ("Accept <code>"), not by where
 * they sit in a row.
 */
test('a provider accepts, rejects and adds to the encounter with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  // One of Maya Rivera's visits from the day's end (the EHR and diagnosis journeys take the first ones).
  const visit = await findDemoVisit(page.request, () => true, {
    visit: (candidate) =>
      (candidate.providerName?.includes('Rivera') ?? false) &&
      candidate.analysis.status === 'current' &&
      (candidate.analysis.openSuggestions ?? 0) >= 3,
    fromTheEnd: true,
  });
  const ehr = new SandboxEhrPage(page);
  const row = ehr.ownRows().filter({ hasText: visit.patientName }).first();
  const cart = page.getByRole('region', { name: 'Cart' });
  let encounterId = '';

  await test.step('launch Cairn from the EHR (the EHR is not Cairn: its button is focused, then Enter)', async () => {
    await ehr.open();
    encounterId = (await row.getAttribute('data-encounter-id')) ?? '';
    await row.getByRole('button', { name: 'Launch Cairn' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/overlay/patient/${visit.cairnPatientId}/appointment/${visit.sid}`), {
      timeout: 20_000,
    });
    await expect(page.getByRole('button', { name: /^Accept / }).first()).toBeVisible({ timeout: 20_000 });
  });
  await test.step("open another tab, then the visit's Diagnosis Summary, from the tab bar", async () => {
    const tabs = page.getByRole('navigation', { name: 'Portrait tabs' });
    await tabTo(page, tabs.getByRole('link', { name: 'Clinical Summary' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/clinical-summary$/);
    await tabTo(page, tabs.getByRole('link', { name: 'Diagnosis Summary' }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dx-summary$/);
    await expect(tabs.getByRole('link', { name: 'Diagnosis Summary' })).toHaveAttribute('aria-current', 'page');
  });

  const accept = page.getByRole('button', { name: /^Accept / }).first();
  const accepted = ((await accept.getAttribute('aria-label')) ?? '').replace(/^Accept /, '');
  await test.step(`accept ${accepted}: Tab to its Accept button, Enter`, async () => {
    await tabTo(page, accept);
    await page.keyboard.press('Enter');
    await expect(cart.getByText(accepted, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: `Accept ${accepted}` })).toHaveCount(0);
  });

  const reject = page.getByRole('button', { name: /^Reject / }).first();
  const rejected = ((await reject.getAttribute('aria-label')) ?? '').replace(/^Reject /, '');
  await test.step(`reject ${rejected}: the dialog, Escape, again, a reason with Space, Reject with Enter`, async () => {
    expect(rejected).not.toBe(accepted);
    const dialog = page.getByRole('dialog', { name: `Reject ${rejected}` });
    await tabTo(page, reject);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    // Escape closes the dialog and gives the focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(reject).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const reason = dialog.getByRole('radio').first();
    await tabTo(page, reason);
    await page.keyboard.press('Space');
    await expect(reason).toBeChecked();
    await tabTo(page, dialog.getByRole('button', { name: 'Reject', exact: true }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `Reject ${rejected}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Accept ${rejected}` })).toHaveCount(0);
    await expect(cart.getByText(rejected, { exact: true })).toHaveCount(0);
  });

  await test.step('Add to Encounter: Tab to it, Enter; the accepted code is written, the rejected one not', async () => {
    await tabTo(page, cart.getByRole('button', { name: 'Add to Encounter' }));
    await page.keyboard.press('Enter');
    await expect(cart.getByText('Written', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
    const conditionsInEhr = async () => {
      const response = await page.request.get(`/sandbox/screen/encounters/${encounterId}/conditions`);
      return ((await response.json()) as { code: string }[]).map((condition) => condition.code.replace('.', ''));
    };
    await expect.poll(conditionsInEhr).toContain(accepted.replace('.', ''));
    expect(await conditionsInEhr()).not.toContain(rejected.replace('.', ''));
  });
});
