import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { demoAccount, journeyAccounts } from '../fixtures/accounts';
import { startInbox } from '../fixtures/smtp';
import { AppHeader } from '../pages/app-header';
import { LoginPage } from '../pages/login-page';

const NEW_PASSWORD = 'Granite-harbor-lantern-58';

test('a provider signs in with username and password and comes back to the page they asked for', async ({ page }) => {
  const login = new LoginPage(page);
  const provider = demoAccount('provider');
  await test.step('a signed-out visit to the schedule goes to the login card, remembering the path', async () => {
    await page.goto('/schedule?day=2026-11-23');
    await expect(page).toHaveURL(/\/login\/schedule\?day=2026-11-23$/);
    await expect(login.heading('Sign in')).toBeVisible();
  });
  await test.step('a wrong password is refused', async () => {
    await login.signIn(provider.username, 'not-the-password');
    await expect(login.alert()).toHaveText('Incorrect username or password.');
  });
  await test.step('the right password lands on the schedule with its query', async () => {
    await login.signIn(provider.username, provider.password);
    await expect(page).toHaveURL(/\/schedule\?day=2026-11-23$/);
    await expect(page.getByRole('heading', { name: 'Scheduling Overview' })).toBeVisible();
  });
  await test.step('a reload keeps the session, renewing it with the rotated refresh token', async () => {
    const before = await page.evaluate(() => localStorage.getItem('cairn.refreshToken'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Scheduling Overview' })).toBeVisible();
    const after = await page.evaluate(() => localStorage.getItem('cairn.refreshToken'));
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
  });
});

test('a provider with TOTP enrolled signs in with the code of their authenticator', async ({ page }) => {
  const login = new LoginPage(page);
  const account = demoAccount('provider', true);
  const totp = new TOTP({ secret: Secret.fromBase32(account.totpSecret ?? ''), digits: 6, period: 30 });
  await page.goto('/login');
  await test.step('the password leads to two-step verification', async () => {
    await login.signIn(account.username, account.password);
    await expect(login.heading('Two-step verification')).toBeVisible();
  });
  await test.step('a wrong code is refused', async () => {
    const wrong = String((Number(totp.generate()) + 500_000) % 1_000_000).padStart(6, '0');
    await login.enterVerificationCode(wrong);
    await expect(login.alert()).toContainText('That code is not valid.');
  });
  await test.step('the current code signs in', async () => {
    await login.enterVerificationCode(totp.generate());
    await expect(page.getByRole('heading', { name: 'Scheduling Overview' })).toBeVisible();
  });
});

test('a first sign-in must choose a password and accept the terms before entering', async ({ page }) => {
  const login = new LoginPage(page);
  const account = journeyAccounts().firstLogin;
  await page.goto('/login');
  await test.step('the temporary password leads to choosing one', async () => {
    await login.signIn(account.username, account.password);
    await expect(login.heading('Choose your password')).toBeVisible();
  });
  await test.step('an empty new password is refused; a strong one is rated so', async () => {
    await login.card().getByRole('button', { name: 'Set password' }).click();
    await expect(login.alert()).toHaveText('New password is required.');
    await login.card().getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await expect(login.strength()).toHaveAttribute('data-strength', 'excellent');
  });
  await test.step('the new password is set, then the terms are accepted', async () => {
    await login.chooseNewPassword(NEW_PASSWORD, 'Set password');
    await expect(login.heading('Password changed')).toBeVisible();
    await login.card().getByRole('button', { name: 'Continue' }).click();
    await login.acceptTerms();
    await expect(page.getByRole('heading', { name: 'Scheduling Overview' })).toBeVisible();
  });
  await test.step('the old password no longer works; the new one signs straight in', async () => {
    await new AppHeader(page).signOut();
    await expect(login.heading('Sign in')).toBeVisible();
    await login.signIn(account.username, account.password);
    await expect(login.alert()).toHaveText('Incorrect username or password.');
    await login.signIn(account.username, NEW_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Scheduling Overview' })).toBeVisible();
  });
});

test('a password older than 180 days must be changed before entering', async ({ page }) => {
  const login = new LoginPage(page);
  const account = journeyAccounts().expired;
  await page.goto('/login');
  await login.signIn(account.username, account.password);
  await expect(login.heading('Your password has expired')).toBeVisible();
  await login.card().getByRole('button', { name: 'Change password' }).click();
  await login.chooseNewPassword(NEW_PASSWORD, 'Change password');
  await expect(login.heading('Password changed')).toBeVisible();
  await login.card().getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Scheduling Overview' })).toBeVisible();
});

test('a forgotten password is reset with a code received by email', async ({ page }) => {
  const login = new LoginPage(page);
  const account = journeyAccounts().recovery;
  const inbox = await startInbox();
  try {
    await page.goto('/login');
    let code = '';
    await test.step('asking for a code sends a mail holding it', async () => {
      const mail = inbox.nextMailTo(account.email);
      await login.requestResetCode(account.username);
      await expect(login.heading('Check your email')).toBeVisible();
      const text = await mail;
      // The raw message: headers (a Message-ID can hold a run of digits) and then the code alone on its line.
      code = /^\s+(\d{8})\s*$/m.exec(text)?.[1] ?? '';
      expect(code).not.toBe('');
      expect(text).toContain('Your Cairn password reset code');
    });
    await test.step('the code and a new password reset it', async () => {
      await login.resetWithCode(code, NEW_PASSWORD);
      await expect(login.heading('Password reset')).toBeVisible();
    });
    await test.step('the code works once', async () => {
      await login.card().getByRole('button', { name: 'Back to sign in' }).click();
      await login.card().getByRole('button', { name: 'Forgot your password?' }).click();
      await login.card().getByRole('button', { name: 'Send code' }).click();
      await login.resetWithCode(code, 'Another-harbor-lantern-77');
      await expect(login.alert()).toContainText('not valid');
    });
    await test.step('the new password signs in', async () => {
      await page.goto('/login');
      await login.signIn(account.username, NEW_PASSWORD);
      await expect(page.getByRole('heading', { name: 'Scheduling Overview' })).toBeVisible();
    });
  } finally {
    await inbox.close();
  }
});

test('signing out ends the session on the server and in the browser', async ({ page, request }) => {
  const login = new LoginPage(page);
  const coder = demoAccount('coder');
  await page.goto('/login');
  await login.signIn(coder.username, coder.password);
  await expect(page.getByRole('heading', { name: 'Scheduling Overview' })).toBeVisible();
  const refreshToken = await page.evaluate(() => localStorage.getItem('cairn.refreshToken'));
  await test.step('Sign out in the avatar menu, reached from the keyboard, returns to the origin, which asks to sign in', async () => {
    await new AppHeader(page).signOutWithKeyboard();
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.heading('Sign in')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('cairn.authToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('cairn.refreshToken'))).toBeNull();
  });
  await test.step('the refresh token of the ended session is refused', async () => {
    const response = await request.post('/api/auth/refresh', { data: { refreshToken } });
    expect(response.status()).toBe(401);
  });
  await test.step('going back to a protected page asks to sign in again', async () => {
    await page.goto('/schedule');
    await expect(page).toHaveURL(/\/login\/schedule$/);
  });
});
