import { findDemoVisit } from '../fixtures/demo-data';
import { expect, test } from '../fixtures/signed-in';
import { PortraitPage } from '../pages/portrait-page';
import { SchedulePage } from '../pages/schedule-page';

test.describe('the patient data platform', () => {
  test('a provider goes from the day schedule to a portrait and through each of its tabs', async ({ page }) => {
    const schedule = new SchedulePage(page);
    const portrait = new PortraitPage(page);

    await test.step('the schedule shows the first 20 of the day, with analysis counts', async () => {
      await schedule.open();
      await expect(page.getByRole('heading', { name: 'Scheduling Overview' })).toBeVisible();
      await expect(schedule.rows()).toHaveCount(20);
      await expect(schedule.pagination().getByTitle('2')).toBeVisible();
      await expect(schedule.table().getByRole('columnheader', { name: 'Open suggestions' })).toBeVisible();
    });

    const firstRow = schedule.rows().first();
    const patientName = (await firstRow.getByRole('link').textContent()) ?? '';

    await test.step('choosing a patient opens the visit portrait on the first allowed tab', async () => {
      await firstRow.getByRole('link').click();
      await expect(page).toHaveURL(/\/patient\/[0-9a-f-]+\/appointment\/[0-9a-f-]+\/dx-summary$/);
      await expect(portrait.banner()).toContainText(patientName);
      await expect(portrait.banner()).toContainText('MRN');
    });

    await test.step('the clinical summary lists problems, medications and labs with their source', async () => {
      await portrait.openTab('Clinical Summary');
      await expect(page).toHaveURL(/\/clinical-summary$/);
      for (const card of ['Problems', 'Medications', 'Vitals', 'Labs', 'Visits'])
        await expect(portrait.card(card)).toBeVisible();
      await expect(portrait.card('Labs').getByText('EHR').first()).toBeVisible();
    });

    await test.step('the documents tab lists the patient documents', async () => {
      await portrait.openTab('Documents');
      await expect(page).toHaveURL(/\/documents$/);
      await expect(page.getByRole('searchbox', { name: 'Search documents' })).toBeVisible();
      await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    });

    await test.step('the other tabs open without an error', async () => {
      for (const [title, path] of [
        ['Quality Insights', 'quality'],
        ['Ambient', 'ambient'],
        ['Diagnosis Summary', 'dx-summary'],
      ] as const) {
        await portrait.openTab(title);
        await expect(page).toHaveURL(new RegExp(`/${path}$`));
        await expect(portrait.banner()).toContainText(patientName);
      }
    });

    await test.step('the next patient button opens the next visit of the day', async () => {
      await page.getByRole('button', { name: /next patient/i }).click();
      await expect(portrait.banner()).not.toContainText(patientName);
    });
  });

  test('a provider finds a patient by last name from the schedule and opens the portrait', async ({ page }) => {
    const schedule = new SchedulePage(page);
    await schedule.open();
    const patientName = (await schedule.rows().first().getByRole('link').textContent()) ?? '';
    const lastName = patientName.split(' ').at(-1) ?? '';

    await page.getByRole('button', { name: 'Patient lookup' }).click();
    await expect(page).toHaveURL(/\/patient-lookup\/search$/);
    const found = page.getByLabel('Patients found').getByRole('button', { name: new RegExp(`^${lastName}, `) });
    // Typed as the lookup page appears; a person retypes if the field was still being replaced.
    await expect(async () => {
      await page.getByRole('searchbox', { name: 'Search patients' }).fill(lastName);
      await expect(found.first()).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 20_000 });
    await found.first().click();
    await expect(page).toHaveURL(/\/patient-lookup\/[0-9a-f-]{36}$/);
    await page.getByRole('link', { name: 'Open portrait' }).click();
    await expect(new PortraitPage(page).banner()).toContainText(lastName);
  });

  test('a provider searches a patient documents and reads the matches, then a PDF', async ({ page, request }) => {
    const visit = await findDemoVisit(request, (documents) =>
      documents.some((document) => document.contentType === 'application/pdf'),
    );
    const portrait = new PortraitPage(page);
    await portrait.open(visit, 'documents');

    await test.step('a search shows the matching documents with the words highlighted', async () => {
      await page.getByRole('searchbox', { name: 'Search documents' }).fill('patient');
      await page.getByRole('searchbox', { name: 'Search documents' }).press('Enter');
      const results = page.getByRole('list', { name: 'Search results' });
      await expect(results.locator('mark').first()).toBeVisible();
      await results.getByRole('button').first().click();
      await expect(page.locator('mark').first()).toBeVisible();
    });

    await test.step('a PDF document opens in the viewer, at most half the window wide', async () => {
      const pdf = visit.documents.find((document) => document.contentType === 'application/pdf');
      await page.getByRole('searchbox', { name: 'Search documents' }).clear();
      await page
        .getByRole('button', { name: pdf?.title ?? '' })
        .first()
        .click();
      const canvas = page.locator('.react-pdf__Page canvas').first();
      await expect(canvas).toBeVisible();
      const box = await canvas.boundingBox();
      const viewport = page.viewportSize();
      expect(box && viewport && box.width <= viewport.width / 2 + 1).toBe(true);
    });

    await test.step('the document opens full page at its own address', async () => {
      const pdf = visit.documents.find((document) => document.contentType === 'application/pdf');
      await page.goto(`/doc/${pdf?.id ?? ''}`);
      await expect(page).toHaveURL(new RegExp(`/document/${pdf?.id ?? ''}$`));
      await expect(page.getByText(pdf?.title ?? '').first()).toBeVisible();
      await expect(page.locator('.react-pdf__Page canvas').first()).toBeVisible();
    });
  });

  test('a provider opens the trend of a lab result with its reference range', async ({ page, request }) => {
    const visit = await findDemoVisit(request, () => true);
    const portrait = new PortraitPage(page);
    await portrait.open(visit, 'clinical-summary');

    const labs = portrait.card('Labs');
    const trendButton = labs.getByRole('button', { name: /^Trend of / }).first();
    const label = (await trendButton.getAttribute('aria-label')) ?? '';
    await trendButton.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(label.replace(/^Trend of /, ''));
    await expect(dialog.getByRole('figure')).toBeVisible();
    await expect(dialog.locator('.recharts-reference-area')).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'Results' }).getByRole('row')).not.toHaveCount(1);
  });
});
