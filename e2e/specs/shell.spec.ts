import { expect, test } from '../fixtures/signed-in';
import { AppShell } from '../pages/app-shell';

test('the app loads on the schedule with its header and title', async ({ page }) => {
  const shell = new AppShell(page);
  await test.step('open the root', async () => {
    await shell.open('/');
  });
  await test.step('land on Scheduling Overview', async () => {
    await expect(page).toHaveURL(/\/schedule$/);
    await expect(shell.heading('Scheduling Overview')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cairn home' })).toBeVisible();
  });
});

test("an unknown path shows 'Page not found' and its button leads to the schedule", async ({ page }) => {
  const shell = new AppShell(page);
  await shell.open('/this/path/does-not-exist');
  await expect(page.getByText('Page not found')).toBeVisible();
  await shell.button('Go to Scheduling Overview').click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(shell.heading('Scheduling Overview')).toBeVisible();
});

test('a single unknown segment that is not a visit id is not found either', async ({ page }) => {
  await page.goto('/not-a-visit');
  await expect(page.getByText('Page not found')).toBeVisible();
});

test("an unknown portrait tab says so in the spec's words", async ({ page }) => {
  await page.goto('/patient/2f7b0d4e-1111-4c2a-9d6e-3a1b2c3d4e5f/no-such-tab');
  await expect(page.getByText('Tab not found')).toBeVisible();
  await expect(page.getByText('This Tab does not exist. Please try again later.')).toBeVisible();
});

test('/patient without an id asks for one', async ({ page }) => {
  await page.goto('/patient');
  await expect(page.getByText("We're missing a patient ID")).toBeVisible();
});
