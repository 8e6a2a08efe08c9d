import { expectNoAxeViolations } from '../fixtures/accessibility';
import { tabTo } from '../fixtures/keyboard';
import { findVisitWithOpenGap } from '../fixtures/quality-data';
import { expect, test } from '../fixtures/signed-in';
import { PortraitPage } from '../pages/portrait-page';
import { QualityInsightsPage } from '../pages/quality-insights-page';

/**
 * Issue 19's journey: a provider opens a patient with an open CMS165 (Controlling High Blood Pressure)
 * gap and sees why, marks it addressed at the visit, finds it beside the cart that writes it to the EHR,
 * and opens the same patient's quality view full page. What the journey marks it unmarks at the end.
 */
test('a provider sees why a patient has an open CMS165 gap and marks it addressed at the visit', async ({ page }) => {
  test.setTimeout(150_000);
  const visit = await findVisitWithOpenGap(page.request, 'CMS165');
  const portrait = new PortraitPage(page);
  const quality = new QualityInsightsPage(page);

  await test.step('the Quality Insights tab lists the open CMS165 gap among the open ones', async () => {
    await portrait.open(visit);
    await portrait.openTab('Quality Insights');
    await expect(page).toHaveURL(/\/quality$/);
    const gap = quality.gap('CMS165');
    await expect(gap).toContainText('Controlling High Blood Pressure');
    await expect(gap.getByText('Open', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Care gaps' }).getByRole('article').first()).toContainText('Open');
  });

  await test.step('why: the hypertension and the latest reading, what closes it and by when', async () => {
    const gap = quality.gap('CMS165');
    // CMS's CQL decided it; the sentence is read from its populations and evidence.
    await expect(gap).toContainText(
      /Most recent blood pressure \d+\/\d+ mmHg \(\d{4}-\d{2}-\d{2}\) is not below 140\/90\./,
    );
    await expect(gap).toContainText('What closes it: Most recent blood pressure this year below 140/90 mmHg');
    await expect(gap).toContainText(/Due by 12\/31\/\d{4}/);
    await expect(quality.why('CMS165')).toContainText(/hypertension/i);
    await expect(
      quality
        .why('CMS165')
        .getByRole('button', { name: /^View the trend: / })
        .first(),
    ).toBeVisible();
  });

  await test.step("the reading opens its trend, as a suggestion's evidence does", async () => {
    await quality
      .gap('CMS165')
      .getByRole('button', { name: /^View the trend: / })
      .first()
      .click();
    const trend = page.getByRole('dialog', { name: /blood pressure/i });
    await expect(trend).toBeVisible();
    await expect(trend.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(trend).toBeHidden();
  });

  await test.step('the tab passes axe', async () => {
    await expectNoAxeViolations(page, 'the Quality Insights tab');
  });

  await test.step('marked addressed with the keyboard, it stays marked after a reload', async () => {
    const addressed = quality.addressed('CMS165');
    await expect(addressed).not.toBeChecked();
    await tabTo(page, addressed);
    await page.keyboard.press('Space');
    await expect(addressed).toBeChecked();
    await expect(quality.gap('CMS165')).toContainText('Goes to the EHR with the cart (Add to Encounter).');
    await page.reload();
    await expect(quality.addressed('CMS165')).toBeChecked();
    await expect(quality.gap('CMS165')).toContainText('Marked by Maya Rivera');
  });

  await test.step('the Diagnosis Summary lists it beside the cart that writes it to the EHR', async () => {
    await portrait.openTab('Diagnosis Summary');
    const addressed = page.getByRole('region', { name: 'Care gaps addressed' });
    await expect(addressed).toContainText('CMS165 Controlling High Blood Pressure');
    await expect(addressed).toContainText('To send');
  });

  await test.step('the quality patient view shows the same patient full page, and passes axe', async () => {
    await quality.openFullPage(visit);
    await expect(page.getByRole('heading', { name: 'Quality patient view' })).toBeVisible();
    await expect(page.getByRole('heading', { name: visit.patientName })).toBeVisible();
    await expect(quality.addressed('CMS165')).toBeChecked();
    await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0);
    await expectNoAxeViolations(page, 'the quality patient view');
  });

  await test.step('unmarked before the cart is sent, it is open again', async () => {
    await quality.addressed('CMS165').click();
    await expect(quality.addressed('CMS165')).not.toBeChecked();
    await quality.openTab(visit);
    await expect(quality.addressed('CMS165')).not.toBeChecked();
  });
});
