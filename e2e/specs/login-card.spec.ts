import { expect, test } from '@playwright/test';

// Signed out: the login card is the first thing a person sees.
test('the login card is 800 by 500 pixels', async ({ page }) => {
  await page.goto('/login');
  const box = await page.getByTestId('login-card').boundingBox();
  expect(box?.width).toBe(800);
  expect(box?.height).toBeGreaterThanOrEqual(500);
});

test('the login card writes in Inter at 14 px, the font the app bundles', async ({ page }) => {
  // Every font file the page loads, to see where the face comes from.
  const fontFiles: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fontFiles.push(request.url());
  });
  await page.goto('/login');
  const card = page.getByTestId('login-card');
  for (const element of [
    card.getByText('Username', { exact: true }),
    card.getByLabel('Username'),
    card.getByLabel('Password', { exact: true }),
    card.getByRole('button', { name: 'Sign in', exact: true }),
    card.getByRole('button', { name: 'Forgot your password?' }),
  ]) {
    const font = await element.evaluate((node) => {
      const style = getComputedStyle(node);
      return { family: style.fontFamily, size: style.fontSize };
    });
    expect(font.size).toBe('14px');
    expect(font.family).toMatch(/^"Inter Variable", Inter\b/);
  }
  // The face is loaded, not a fallback, and comes from the app itself (the CSP allows no other origin).
  const isInterLoaded = await page.evaluate(async () => {
    await document.fonts.ready;
    let isLoaded = false;
    document.fonts.forEach((face) => {
      if (face.family.replace(/["']/g, '') === 'Inter Variable' && face.status === 'loaded') isLoaded = true;
    });
    return isLoaded;
  });
  expect(isInterLoaded).toBe(true);
  expect(fontFiles.length).toBeGreaterThan(0);
  for (const url of fontFiles) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
});
