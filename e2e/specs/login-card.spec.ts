import { expect, test } from '@playwright/test';

// Signed out: the login card is the first thing a person sees.
test('the login card is 800 by 500 pixels', async ({ page }) => {
  await page.goto('/login');
  const box = await page.getByTestId('login-card').boundingBox();
  expect(box?.width).toBe(800);
  expect(box?.height).toBeGreaterThanOrEqual(500);
});
