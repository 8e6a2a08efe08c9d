import { expectNoAxeViolations } from '../fixtures/accessibility';
import { startOutsideEhr, type OutsideEhr } from '../fixtures/outside-ehr';
import { expect, test } from '../fixtures/signed-in';

test.use({ signedInAs: 'admin' });

const OUTSIDE_EHR_PORT = Number(process.env.E2E_OUTSIDE_EHR_PORT ?? 4201);

test('an admin registers an outside SMART EHR and links a clinician; the clinician launches Cairn from that EHR', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const ehr: OutsideEhr = await startOutsideEhr({ port: OUTSIDE_EHR_PORT, cairnUrl: baseURL ?? '' });
  const stamp = Date.now().toString(36);
  try {
    await test.step('the admin registers the EHR as a confidential client, and its test passes', async () => {
      await page.goto('/admin/ehr-connections');
      await page.getByRole('button', { name: 'New connection' }).click();
      const drawer = page.getByRole('dialog', { name: 'New EHR connection' });
      await drawer.getByLabel('Name').fill(`outside-ehr-${stamp}`);
      await drawer.getByLabel('FHIR base URL').fill(ehr.fhirBaseUrl);
      await drawer.getByLabel('Client id').fill(ehr.client.clientId);
      await drawer.getByLabel('Confidential, client secret').check();
      await drawer.getByLabel('Client secret', { exact: true }).fill(ehr.client.clientSecret);
      await expectNoAxeViolations(page, 'the new EHR connection drawer');
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page.getByText(`outside-ehr-${stamp} is registered`)).toBeVisible();
      await page.getByRole('button', { name: `Test connection outside-ehr-${stamp}` }).click();
      const checks = page.getByRole('region', { name: 'Connection checks' });
      await expect(checks.getByText('Ready: Cairn has what it needs.')).toBeVisible();
      await expectNoAxeViolations(page, 'the EHR connections with a test result');
    });
    await test.step("the admin links a clinician to the EHR's user", async () => {
      await page.goto('/admin/users');
      await page.getByRole('button', { name: 'New user' }).click();
      const drawer = page.getByRole('dialog', { name: 'New user' });
      await drawer.getByLabel('Username').fill(`ada.okonjo.${stamp}`);
      await drawer.getByLabel('Email', { exact: true }).fill(`ada.${stamp}@clinic.test`);
      await drawer.getByLabel('First name').fill('Ada');
      await drawer.getByLabel('Last name').fill('Okonjo');
      await drawer.getByLabel('EHR user').fill(ehr.fhirUser);
      await drawer.getByLabel('Email an invitation').uncheck();
      await page.getByRole('button', { name: 'Create user' }).click();
      await expect(page.getByText(`ada.okonjo.${stamp} was created.`)).toBeVisible();
    });
    await test.step("the clinician launches Cairn from the EHR's screen and sees the patient", async () => {
      const context = await browser.newContext();
      try {
        const clinician = await context.newPage();
        await clinician.goto(ehr.url);
        const row = clinician.getByTestId('encounter-row').filter({ hasText: ehr.patientName });
        await row.getByRole('button', { name: 'Launch Cairn' }).click();
        const banner = clinician.getByTestId('patient-banner');
        await expect(banner).toContainText('Outside', { timeout: 30_000 });
        expect(clinician.url()).not.toContain('code=');
      } finally {
        await context.close();
      }
    });
    await test.step('the admin sees the launch on the connection', async () => {
      await page.goto('/admin/ehr-connections');
      const row = page.getByRole('row').filter({ hasText: `outside-ehr-${stamp}` });
      await expect(row.getByText('Succeeded').first()).toBeVisible();
    });
  } finally {
    await ehr.stop();
  }
});
