import { expectNoAxeViolations } from '../fixtures/accessibility';
import { expect, test } from '../fixtures/signed-in';
import { AdminOrganisationPage } from '../pages/admin-organisation-page';
import { SandboxEhrPage } from '../pages/sandbox-ehr-page';

test.use({ signedInAs: 'admin' });

/**
 * Issue 17 item 2: clinics, departments and providers as synced from the EHR, editable. An admin's edit
 * of a provider survives the EHR sync that a clinician's launch starts, the EHR's value shown beside it,
 * until the admin uses the EHR's value again. Maya Rivera keeps her name (other journeys look for it):
 * only her credentials change.
 */
test("an admin's edit of a provider synced from the EHR survives the next sync, and the EHR's value can be used again", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const organisation = new AdminOrganisationPage(page);

  await test.step('the Providers tab says where each provider came from', async () => {
    await organisation.openProviders();
    const row = organisation.providerRow('Maya Rivera, MD');
    await expect(row).toContainText('From the EHR');
    await expect(row).toContainText('EHR id demo-provider-0');
    await expectNoAxeViolations(page, "the Organisation section's providers");
  });

  await test.step('the admin gives Maya Rivera her full credentials', async () => {
    const form = await organisation.editProvider('Maya Rivera, MD');
    await expect(form).toContainText('Synced from the EHR (id demo-provider-0');
    await form.getByRole('textbox', { name: /^Credentials/ }).fill('MD, FACP');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toHaveCount(0);
    await expect(organisation.providerRow('Maya Rivera, MD, FACP')).toContainText('Edited in Cairn');
  });

  await test.step("a clinician launches Cairn from the EHR, which reads the patient's record and Maya Rivera's practitioner", async () => {
    const context = await browser.newContext();
    try {
      const ehrPage = await context.newPage();
      const ehr = new SandboxEhrPage(ehrPage);
      await ehr.open();
      const synced = ehrPage.waitForResponse((answer) => answer.url().endsWith('/syncEhrPatient') && answer.ok(), {
        timeout: 60_000,
      });
      await ehr.ownRows().first().getByRole('button', { name: 'Launch Cairn' }).click();
      await synced;
    } finally {
      await context.close();
    }
  });

  await test.step("after the sync her credentials stay as the admin set them, with the EHR's beside them", async () => {
    await organisation.openProviders();
    const row = organisation.providerRow('Maya Rivera, MD, FACP');
    await expect(row).toContainText('Edited in Cairn');
    await expect(row).not.toContainText('last sync not recorded');
    const form = await organisation.editProvider('Maya Rivera, MD, FACP');
    await expect(form.getByText('Edited in Cairn — the EHR says MD')).toBeVisible();
    await expectNoAxeViolations(page, "a synced provider's edit form with an edited field");
  });

  await test.step("the admin uses the EHR's value again", async () => {
    const form = organisation.editForm();
    await form.getByRole('button', { name: 'Use the EHR’s value for Credentials' }).click();
    await expect(form.getByRole('textbox', { name: /^Credentials/ })).toHaveValue('MD');
    await expect(form.getByText(/Edited in Cairn/)).toHaveCount(0);
    await form.getByRole('button', { name: 'Cancel' }).click();
    const row = organisation.providerRow('Maya Rivera, MD');
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('Edited in Cairn');
  });
});
