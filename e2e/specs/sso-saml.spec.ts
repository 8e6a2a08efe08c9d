import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../fixtures/accessibility';
import { tabTo } from '../fixtures/keyboard';
import { startTestSamlIdp, type TestSamlIdp } from '../fixtures/saml-idp';
import { expect, test } from '../fixtures/signed-in';

test.use({ signedInAs: 'admin' });

let idp: TestSamlIdp;

test.beforeAll(async () => {
  idp = await startTestSamlIdp();
});

test.afterAll(async () => {
  await idp.close();
});

/** A signed-out login page in a browser of its own (another person's machine). */
async function loginPageElsewhere(page: Page): Promise<void> {
  await page.goto('/login');
  // The bundled fallback Chromium (@sparticuz, single process) lets contexts share web storage:
  // this browser starts with none of the admin's session, as another machine would.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.reload();
}

test('an admin adds a SAML identity provider from the list of identity providers, and a clinician signs in through it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);

  const spMetadataUrl =
    await test.step('the admin adds a provider and sees what to register for it first', async () => {
      await page.goto('/admin/sso');
      await expect(page.getByRole('heading', { name: 'Identity providers' })).toBeVisible();
      await page.getByRole('button', { name: 'Add identity provider' }).click();
      await expect(page.getByRole('heading', { name: 'New identity provider' })).toBeVisible();
      await page.getByRole('radio', { name: 'SAML 2.0' }).check();
      await expect(page.getByText(/\/api\/sso\/saml\/providers\/[0-9a-f-]+\/acs$/).first()).toBeVisible();
      await expectNoAxeViolations(page, 'a new SAML identity provider');
      const shown = await page
        .getByText(/\/api\/sso\/saml\/providers\/[0-9a-f-]+\/metadata$/)
        .first()
        .textContent();
      return shown ?? '';
    });

  await test.step("the identity provider's administrator registers Cairn from that SP metadata", async () => {
    const metadata = await request.get(spMetadataUrl);
    expect(metadata.ok()).toBe(true);
    idp.trust(await metadata.text());
    idp.signInAs({
      nameId: 'ada.lovelace@demo.example',
      attributes: { email: 'ada.lovelace@demo.example', firstName: 'Ada', lastName: 'Lovelace' },
    });
  });

  await test.step("the admin gives the identity provider's metadata URL and a display name, and adds it", async () => {
    await page.getByLabel('Metadata URL').fill(idp.metadataUrl);
    await page.getByLabel('Display name').fill('Demo Clinic SAML');
    await page.getByRole('button', { name: 'Add identity provider' }).click();
    await expect(page.getByText('Demo Clinic SAML is added.')).toBeVisible();
  });

  await test.step('the provider opens with the same URLs, what Cairn read of the IdP and its login button', async () => {
    await expect(page.getByRole('heading', { name: 'Demo Clinic SAML' })).toBeVisible();
    await expect(page.getByText(spMetadataUrl).first()).toBeVisible();
    await expect(page.getByText(idp.entityId).first()).toBeVisible();
    await expect(page.getByText('Sign in with Demo Clinic SAML')).toBeVisible();
    await expectNoAxeViolations(page, 'a SAML identity provider');
  });

  await test.step('the list shows it, enabled, with no sign-in yet', async () => {
    await page.getByRole('link', { name: 'All identity providers' }).click();
    const row = page.getByRole('row', { name: /Demo Clinic SAML/ });
    await expect(row).toContainText('SAML 2.0');
    await expect(row).toContainText('Never');
    await expect(row.getByRole('switch', { name: 'Enabled: Demo Clinic SAML' })).toBeChecked();
    await expectNoAxeViolations(page, 'the list of identity providers');
  });

  // Another person's machine: a browser of its own, signed out.
  const context = await browser.newContext();
  const clinician = await context.newPage();
  try {
    await test.step('on the login page, the clinician chooses "Sign in with Demo Clinic SAML"', async () => {
      await loginPageElsewhere(clinician);
      await clinician.getByRole('button', { name: 'Sign in with Demo Clinic SAML' }).click();
    });

    await test.step('the identity provider posts its signed answer back, and Cairn opens signed in', async () => {
      await expect(clinician).toHaveURL(/\/schedule$/, { timeout: 20_000 });
      await expect(clinician.getByRole('heading', { name: 'Scheduling Overview' })).toBeVisible();
      const ssoToken = await clinician.evaluate(() => localStorage.getItem('cairn.ssoToken'));
      expect(ssoToken).toBeTruthy();
      const metadata = await request.post('/api/v2/getUserMetadata', {
        headers: { authorization: `Bearer ${ssoToken ?? ''}` },
        data: {},
      });
      expect(await metadata.json()).toMatchObject({ result: { cairn_email: 'ada.lovelace@demo.example' } });
    });

    await test.step('the admin disables the provider from the keyboard: the login page no longer offers it', async () => {
      await page.reload();
      const enabled = page.getByRole('switch', { name: 'Enabled: Demo Clinic SAML' });
      await tabTo(page, enabled);
      await page.keyboard.press('Space');
      await expect(page.getByText(/Demo Clinic SAML is disabled/)).toBeVisible();
      await expect(enabled).not.toBeChecked();
      await expect(page.getByRole('row', { name: /Demo Clinic SAML/ })).not.toContainText('Never');
      await loginPageElsewhere(clinician);
      await expect(clinician.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
      await expect(clinician.getByRole('button', { name: 'Sign in with Demo Clinic SAML' })).toHaveCount(0);
    });

    await test.step('the admin deletes it after a confirmation', async () => {
      await page.getByRole('button', { name: 'Delete Demo Clinic SAML' }).click();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(page.getByText('Demo Clinic SAML is deleted.')).toBeVisible();
      await expect(page.getByRole('row', { name: /Demo Clinic SAML/ })).toHaveCount(0);
    });
  } finally {
    await context.close();
  }
});
