import { expectNoAxeViolations } from '../fixtures/accessibility';
import { expect, test } from '../fixtures/signed-in';
import { AppHeader } from '../pages/app-header';
import { QualityWorkspacePage } from '../pages/quality-workspace-page';

/**
 * Issue 19: a quality lead (demo.quality: quality_tool, the whole demo organisation, whose
 * OrganizationQuality configuration is on) opens the Quality Workspace from the apps menu, narrows the
 * worklist to one measure, selects gaps and exports them as CSV, exports every gap of the measure, and
 * opens the archive of closed gaps and the patients.
 */
test.use({ signedInAs: 'quality' });

test('a quality lead works the worklist of one measure, exports it and opens the archive', async ({ page }) => {
  test.setTimeout(120_000);
  const workspace = new QualityWorkspacePage(page);
  const worklist = workspace.worklist();
  const rows = workspace.rows(worklist);

  await test.step('open the Quality Workspace from the apps menu', async () => {
    await page.goto('/schedule');
    await (await new AppHeader(page).openAppsMenu()).filter({ hasText: 'Quality Workspace' }).click();
    await expect(page).toHaveURL(/\/quality$/);
    await expect(page.getByRole('heading', { name: 'Worklist' })).toBeVisible();
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  });

  let measure = '';
  await test.step('narrow the worklist to colorectal cancer screening (CMS130)', async () => {
    const label = await workspace.chooseMeasure('CMS130 ');
    measure = label.split(' ')[0] ?? '';
    await expect(page.locator('.ant-table-placeholder, .ant-spin-spinning')).toHaveCount(0);
    await expect(rows.first()).toContainText(measure);
    for (const row of await rows.all()) await expect(row).toContainText(measure);
  });

  await test.step('sort by patient name from the keyboard', async () => {
    const header = worklist.getByRole('columnheader', { name: /^Patient/ });
    await header.focus();
    await page.keyboard.press('Enter');
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
  });

  await test.step('select two gaps and export them as CSV', async () => {
    await rows.nth(0).getByRole('checkbox').check();
    // The keyboard selects as well: Space on the focused checkbox.
    await rows.nth(1).getByRole('checkbox').focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('2 selected')).toBeVisible();
    const csv = await workspace.download(page.getByRole('button', { name: 'Export selected (CSV)' }));
    const lines = csv
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Last name,First name,Date of birth,MRN,Measure,/);
    expect(lines).toHaveLength(3);
    for (const line of lines.slice(1)) expect(line).toContain(`,${measure},`);
  });

  await test.step('the worklist, filtered and with rows selected, passes axe', async () => {
    await expectNoAxeViolations(page, 'the quality worklist, filtered and selected');
  });

  await test.step('export every gap of the measure: one line per gap the table counts', async () => {
    const total = Number(((await page.locator('.ant-pagination-total-text').textContent()) ?? '').replace(/\D/g, ''));
    const csv = await workspace.download(page.getByRole('button', { name: 'Export all (CSV)' }));
    expect(
      csv
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(total + 1);
  });

  await test.step('open the archive: gaps closed, when and by what', async () => {
    await workspace.navigation().getByRole('link', { name: 'Archive' }).click();
    await expect(page).toHaveURL(/\/quality-archive$/);
    const archived = workspace.rows(workspace.archive());
    await expect(archived.first()).toBeVisible({ timeout: 20_000 });
    await expect(archived.first()).toContainText('Closed');
    await expectNoAxeViolations(page, 'the quality archive');
  });

  await test.step("open a patient's gaps from the patients page, then their portrait", async () => {
    await workspace.navigation().getByRole('link', { name: 'Patients' }).click();
    const patients = workspace.rows(workspace.patients());
    await expect(patients.first()).toBeVisible({ timeout: 20_000 });
    const link = patients.first().getByRole('link');
    const name = (await link.textContent()) ?? '';
    await page.getByRole('searchbox', { name: 'Search patients' }).fill(name.split(',')[0] ?? '');
    await expect(patients.first()).toContainText(name);
    await patients.first().getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/patient\/[0-9a-f-]{36}/);
    await expect(page.getByTestId('patient-banner')).toBeVisible({ timeout: 20_000 });
  });
});
