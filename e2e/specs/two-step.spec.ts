import { Secret, TOTP } from 'otpauth';
import { demoAccount } from '../fixtures/accounts';
import { expect, test } from '../fixtures/signed-in';

test.use({ signedInAs: 'coder' });

function codeFor(secret: string, offsetMs = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetMs });
}

test('a user turns two-step verification on from the avatar menu, and off again', async ({ page, request }) => {
  const coder = demoAccount('coder');
  let secret = '';

  await test.step('open two-step verification from the avatar menu', async () => {
    await page.goto('/schedule');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('link', { name: 'Two-step verification' }).click();
    await expect(page).toHaveURL(/\/account\/two-step-verification$/);
  });

  await test.step('confirm the password and scan the QR code', async () => {
    await page.getByLabel('Current password').fill(coder.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    secret = (await page.locator('.ant-typography code').first().innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  });

  await test.step('turn it on with a code from the app', async () => {
    await page.getByLabel('Code from the app').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('Two-step verification is on')).toBeVisible();
    const login = await request.post('/api/auth/login', {
      data: { username: coder.username, password: coder.password },
    });
    expect(((await login.json()) as { result: { status: string } }).result.status).toBe('totpRequired');
  });

  await test.step('turn it off with a later code (a code never works twice)', async () => {
    await page.reload();
    await page.getByLabel('Code from the app').fill(codeFor(secret, 30_000));
    await page.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    const login = await request.post('/api/auth/login', {
      data: { username: coder.username, password: coder.password },
    });
    expect(((await login.json()) as { result: { status: string } }).result.status).toBe('success');
  });
});
