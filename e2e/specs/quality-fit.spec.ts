import { expectNoAxeViolations } from '../fixtures/accessibility';
import { expect, test } from '../fixtures/signed-in';
import { FitOutreachPage } from '../pages/fit-outreach-page';
import { QualityWorkspacePage } from '../pages/quality-workspace-page';

/**
 * Issue 19: a quality lead (demo.quality) narrows the worklist to colorectal screening (CMS130), goes to
 * FIT outreach, mails a FIT kit with its letter (a PDF downloaded), imports the lab's results file, and the
 * patient's gap closes and moves to the archive once the analysis has read the result. Written against
 * behaviour (open, then archived), not against counts: the engine's numbers are its own.
 */
test.use({ signedInAs: 'quality' });

const today = (): string => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

test('a quality lead mails a FIT kit, imports its result and the gap moves to the archive', async ({ page }) => {
  test.setTimeout(180_000);
  const workspace = new QualityWorkspacePage(page);
  const fit = new FitOutreachPage(page);

  await test.step('narrow the worklist to colorectal cancer screening (CMS130)', async () => {
    await page.goto('/quality');
    await expect(workspace.rows(workspace.worklist()).first()).toBeVisible({ timeout: 30_000 });
    const label = await workspace.chooseMeasure('CMS130 ');
    expect(label).toMatch(/^CMS130 /);
    await expect(workspace.rows(workspace.worklist()).first()).toContainText('CMS130');
  });

  await test.step('go to FIT outreach: the patients with an open CMS130 gap and no kit out', async () => {
    await workspace.navigation().getByRole('link', { name: 'FIT outreach' }).click();
    await expect(page).toHaveURL(/\/quality-fit$/);
    await expect(fit.rows(fit.candidates()).first()).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page, 'FIT outreach, the patients to invite');
  });

  let patient = { name: '', dateOfBirth: '', mrn: '' };
  await test.step('mail one patient a kit: the kit is recorded and the letter downloads as a PDF', async () => {
    const row = fit
      .rows(fit.candidates())
      .filter({ hasNot: page.getByText('No mailing address') })
      .first();
    patient = await fit.patientOf(row);
    expect(patient.mrn).not.toBe('');
    await row.getByRole('checkbox').check();
    await expect(page.getByText('1 selected')).toBeVisible();
    const letters = await fit.download(page.getByRole('button', { name: 'Mail letters (1)' }));
    expect(letters.fileName).toMatch(/^fit-letters-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.pdf$/);
    expect(letters.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByText(/1 kit recorded as mailed/)).toBeVisible();
    await expect(fit.candidates().getByRole('link', { name: patient.name })).toHaveCount(0);

    await fit.tab('Kits').click();
    const kit = fit.rows(fit.kits()).filter({ has: page.getByRole('link', { name: patient.name }) });
    await expect(kit).toContainText('Mailed');
    await expect(kit).toContainText('Open');
    await expectNoAxeViolations(page, 'FIT outreach, the kits');
  });

  await test.step("import the lab's results file: the result is stored and the kit resulted", async () => {
    await page.getByRole('button', { name: 'Import results' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import FIT results' });
    const csv = `MRN,Date of birth,Collection date,Result,LOINC\r\n${patient.mrn},${patient.dateOfBirth},${today()},negative,29771-3\r\n`;
    await dialog.getByLabel('Results file (CSV)').setInputFiles({
      name: 'fit-results.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByRole('button', { name: 'Import' }).click();
    const report = dialog.getByRole('table', { name: 'Import report' });
    await expect(report).toContainText('Stored, kit resulted');
    await expect(report).toContainText(patient.name);
    await expectNoAxeViolations(page, 'the results import and its report');
    await dialog.getByRole('button', { name: 'Done' }).click();
    const kit = fit.rows(fit.kits()).filter({ has: page.getByRole('link', { name: patient.name }) });
    await expect(kit).toContainText('Resulted');
    await expect(kit).toContainText(/Negative, collected/);
  });

  await test.step('the gap closes once the analysis has read the result, and shows in the archive', async () => {
    await workspace.navigation().getByRole('link', { name: 'Archive' }).click();
    await expect(page).toHaveURL(/\/quality-archive$/);
    const archived = workspace
      .rows(workspace.archive())
      .filter({ has: page.getByRole('link', { name: patient.name }) });
    await expect(async () => {
      await page.reload();
      await expect(archived.filter({ hasText: 'CMS130' })).toContainText('Closed', { timeout: 5_000 });
    }).toPass({ timeout: 90_000 });
  });
});

test('a quality lead writes a letter template, its merge fields checked, and previews it', async ({ page }) => {
  test.setTimeout(90_000);
  await test.step('the templates: the demo organisation has its own', async () => {
    await page.goto('/quality-fit');
    await page.getByRole('link', { name: 'Letter templates' }).click();
    await expect(page).toHaveURL(/\/quality-fit-templates$/);
    await expect(page.getByRole('table', { name: 'FIT letter templates' })).toContainText('FIT kit invitation');
    await expectNoAxeViolations(page, 'the FIT letter templates');
  });

  await test.step('a merge field Cairn does not know is named before saving', async () => {
    await page.getByRole('link', { name: 'Add a template' }).click();
    await expect(page).toHaveURL(/\/quality-fit\/add-template$/);
    await page.getByLabel('Name').fill('Reminder, second mailing');
    await page
      .getByRole('textbox', { name: /Letter$/ })
      .fill('Dear {{patient.first_name}},\n\nA reminder: please send your kit back by ');
    await page.getByRole('button', { name: 'Add the template' }).click();
    await expect(page.getByText('Unknown merge field {{patient.first_name}}')).toBeVisible();
  });

  await test.step('with known fields, previewed for the sample patient, it is added', async () => {
    await page
      .getByRole('textbox', { name: /Letter$/ })
      .fill('Dear {{patient.firstName}},\n\nA reminder: please send your kit back by ');
    await page.getByRole('button', { name: '{{returnBy}}' }).click();
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByLabel('Letter preview');
    await expect(preview).toContainText('Dear Alexandra,');
    await expect(preview).toContainText('Springfield, IL 62701-1234');
    await expectNoAxeViolations(page, 'a new FIT letter template and its preview');
    await page.getByRole('button', { name: 'Add the template' }).click();
    await expect(page).toHaveURL(/\/quality-fit-templates$/);
    await expect(page.getByRole('table', { name: 'FIT letter templates' })).toContainText('Reminder, second mailing');
  });
});
