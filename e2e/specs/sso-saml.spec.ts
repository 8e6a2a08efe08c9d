import { expectNoAxeViolations } from '../fixtures/accessibility';
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

test('an admin sets up a SAML identity provider in the admin tool, and a clinician signs in through it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);

  await test.step('the admin chooses SAML 2.0 and gives the metadata URL of the identity provider', async () => {
    await page.goto('/admin/sso');
    await page.getByRole('radio', { name: 'SAML 2.0' }).check();
    await page.getByLabel('Metadata URL').fill(idp.metadataUrl);
    await page.getByLabel('Display name').fill('Demo Clinic SAML');
    await page.getByRole('button', { name: /^(Save|Set up single sign-on)$/ }).click();
    await expect(page.getByText('The identity provider is saved.')).toBeVisible();
  });

  const spMetadataUrl = await test.step('the section shows what to register at the identity provider', async () => {
    await expect(page.getByText(idp.entityId).first()).toBeVisible();
    await expect(page.getByText('Sign in with Demo Clinic SAML')).toBeVisible();
    await expect(page.getByText(/\/api\/sso\/saml\/acs$/).first()).toBeVisible();
    await expectNoAxeViolations(page, 'the Single sign-on section with a SAML provider');
    const shown = await page
      .getByText(/\/api\/sso\/saml\/[0-9a-f-]+\/metadata$/)
      .first()
      .textContent();
    return shown ?? '';
  });

  await test.step("the identity provider's administrator registers Cairn from its SP metadata", async () => {
    const metadata = await request.get(spMetadataUrl);
    expect(metadata.ok()).toBe(true);
    idp.trust(await metadata.text());
    idp.signInAs({
      nameId: 'ada.lovelace@demo.example',
      attributes: { email: 'ada.lovelace@demo.example', firstName: 'Ada', lastName: 'Lovelace' },
    });
  });

  // Another person's machine: a browser of its own, signed out.
  const context = await browser.newContext();
  const clinician = await context.newPage();
  try {
    await test.step('on the login page, the clinician chooses "Sign in with Demo Clinic SAML"', async () => {
      await clinician.goto('/login');
      // The bundled fallback Chromium (@sparticuz, single process) lets contexts share web storage:
      // this browser starts with none of the admin's session, as another machine would.
      await clinician.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await clinician.reload();
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
  } finally {
    await context.close();
  }
});
