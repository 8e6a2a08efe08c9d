import { expectNoAxeViolations } from '../fixtures/accessibility';
import { expect, test } from '../fixtures/signed-in';
import { AppHeader } from '../pages/app-header';
import { AppShell } from '../pages/app-shell';

// The demo coder holds hcc_dashboard only: Analytics, but neither admin_tool, files_manager nor quality_tool.
test.use({ signedInAs: 'coder' });

test("a coder who opens /admin by its URL is told they don't have access, and finds the way back", async ({ page }) => {
  const shell = new AppShell(page);
  const header = new AppHeader(page);

  await test.step('open /admin by its URL', async () => {
    await shell.open('/admin');
  });

  await test.step('see the access-denied page in its place, with a way back to the schedule', async () => {
    await expect(shell.accessDenied()).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(shell.button('Go to Scheduling Overview')).toBeVisible();
  });

  await test.step('the access-denied page passes the axe-core check (WCAG 2.1 A and AA)', async () => {
    await expectNoAxeViolations(page);
  });

  await test.step('the apps menu does not offer Admin either', async () => {
    await expect(await header.openAppsMenu()).toHaveText(['Patient Portraits', 'Analytics']);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  });

  await test.step('go back to Scheduling Overview', async () => {
    await shell.button('Go to Scheduling Overview').click();
    await expect(page).toHaveURL(/\/schedule$/);
    await expect(shell.heading('Scheduling Overview')).toBeVisible();
  });
});
