import { expectNoAxeViolations } from '../fixtures/accessibility';
import { startInbox } from '../fixtures/smtp';
import { expect, test } from '../fixtures/signed-in';
import { LoginPage } from '../pages/login-page';

test.use({ signedInAs: 'admin' });

const PASSWORD = 'Quartz-meadow-signal-42';

test('an admin creates a provider and invites them; the provider sets a password from the mail and signs in', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const username = `nora.newman.${stamp}`;
  const email = `nora.${stamp}@clinic.test`;
  const inbox = await startInbox();
  try {
    await test.step('the admin tool lists the users and passes the accessibility check', async () => {
      await page.goto('/admin');
      await expect(page).toHaveURL(/\/admin\/users$/);
      await expect(
        page.getByRole('table', { name: 'Users' }).getByRole('cell', { name: 'demo.provider', exact: true }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });
    let link = '';
    await test.step('the admin creates the provider with a permission; the invitation arrives by mail', async () => {
      const mail = inbox.nextMailTo(email);
      await page.getByRole('button', { name: 'New user' }).click();
      const drawer = page.getByRole('dialog', { name: 'New user' });
      await drawer.getByLabel('Username').fill(username);
      await drawer.getByLabel('Email', { exact: true }).fill(email);
      await drawer.getByLabel('First name').fill('Nora');
      await drawer.getByLabel('Last name').fill('Newman');
      await drawer.getByLabel('Provider', { exact: true }).check();
      await drawer.getByLabel('Quality workspace').check();
      await expectNoAxeViolations(page, 'the new user drawer');
      await page.getByRole('button', { name: 'Create user' }).click();
      await expect(page.getByText(`${username} was created and invited by email.`)).toBeVisible();
      const text = await mail;
      expect(text).toContain(`Your username is ${username}`);
      link = /(http\S+\/login\?invitation=[\w-]+)/.exec(text)?.[1] ?? '';
      expect(link).not.toBe('');
    });
    await test.step('the list shows the provider as invited', async () => {
      await page.getByRole('searchbox', { name: 'Search users' }).fill(username);
      const row = page.getByRole('row').filter({ hasText: username });
      await expect(row.getByText('Invited')).toBeVisible();
      await expect(row.getByText('Quality workspace')).toBeVisible();
    });
    await test.step('the provider opens the link in their own browser, chooses a password and is signed in', async () => {
      const context = await browser.newContext();
      try {
        const providerPage = await context.newPage();
        await providerPage.goto(new URL(link).pathname + new URL(link).search);
        const login = new LoginPage(providerPage);
        await expect(login.heading('Choose your password')).toBeVisible();
        await expect(login.card().getByText(/Welcome, Nora\./)).toBeVisible();
        await login.chooseNewPassword(PASSWORD, 'Set password and sign in');
        await login.acceptTerms();
        await expect(providerPage.getByRole('heading', { name: 'Scheduling Overview' })).toBeVisible();
        await test.step('the link works once', async () => {
          await providerPage.evaluate(() => localStorage.clear());
          await providerPage.goto(new URL(link).pathname + new URL(link).search);
          await expect(login.heading('Invitation link not valid')).toBeVisible();
        });
      } finally {
        await context.close();
      }
    });
    await test.step('the admin sees the provider active', async () => {
      await page.reload();
      await page.getByRole('searchbox', { name: 'Search users' }).fill(username);
      await expect(page.getByRole('row').filter({ hasText: username }).getByText('Active')).toBeVisible();
    });
  } finally {
    await inbox.close();
  }
});
