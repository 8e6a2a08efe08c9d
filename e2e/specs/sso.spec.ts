import { expect, test, type APIRequestContext } from '@playwright/test';
import { demoAccount } from '../fixtures/accounts';
import { newTestAccount, startTestOpenIdProvider, type TestOpenIdProvider } from '../fixtures/oidc-provider';

async function signInAsDemoAdmin(request: APIRequestContext): Promise<string> {
  const admin = demoAccount('admin');
  const response = await request.post('/api/auth/login', {
    data: { username: admin.username, password: admin.password },
  });
  expect(response.ok()).toBe(true);
  const { result } = (await response.json()) as { result: { status: string; token?: string } };
  expect(result.status).toBe('success');
  return result.token ?? '';
}

let idp: TestOpenIdProvider | undefined;
const account = newTestAccount({ givenName: 'Grace', familyName: 'Hopper', email: 'grace.hopper@demo.example' });

test.afterAll(async () => {
  await idp?.close();
});

test('a clinician signs in through the organisation identity provider and lands signed in on the app', async ({
  page,
  request,
}) => {
  const provider =
    await test.step('the demo admin adds an OpenID provider, registered first with its own redirect URI', async () => {
      const token = await signInAsDemoAdmin(request);
      const prepared = await request.post('/api/admin/identityProvider/prepare', { headers: { token }, data: {} });
      const { providerId, registration } = (
        (await prepared.json()) as {
          result: { providerId: string; registration: { redirectUri: string; postLogoutRedirectUri: string } };
        }
      ).result;
      expect(registration.redirectUri).toMatch(new RegExp(`/sso/${providerId}$`));
      const started = await startTestOpenIdProvider({
        redirectUris: [registration.redirectUri],
        postLogoutRedirectUris: [registration.postLogoutRedirectUri],
        accounts: [account],
      });
      idp = started;
      const response = await request.post('/api/admin/identityProvider/create', {
        headers: { token },
        data: {
          providerId,
          issuer: started.issuer,
          clientId: started.clientId,
          clientSecret: started.clientSecret,
          emailDomain: 'demo.example',
        },
      });
      expect(response.ok()).toBe(true);
      const { result } = (await response.json()) as { result: Record<string, unknown> };
      expect(result).toMatchObject({ id: providerId, issuer: started.issuer, hasClientSecret: true, isEnabled: true });
      expect(JSON.stringify(result)).not.toContain(started.clientSecret);
      return started;
    });

  await test.step('opening /login?sso=1 sends the browser to the identity provider', async () => {
    await page.goto('/login?sso=1');
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  });

  await test.step('the clinician signs in at the provider and allows Cairn', async () => {
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
  });

  await test.step('back on Cairn, signed in as an SSO user, on the schedule', async () => {
    await expect(page).toHaveURL(/\/schedule$/);
    await expect(page.getByRole('heading', { name: 'Scheduling Overview' })).toBeVisible();
    const ssoToken = await page.evaluate(() => localStorage.getItem('cairn.ssoToken'));
    expect(ssoToken).toBeTruthy();
    // SSO users call /api/v2/... with a Bearer header (spec §6).
    const metadata = await request.post('/api/v2/getUserMetadata', {
      headers: { authorization: `Bearer ${ssoToken ?? ''}` },
      data: {},
    });
    expect(metadata.ok()).toBe(true);
    expect(await metadata.json()).toMatchObject({ result: { cairn_email: account.email } });
  });

  await test.step("signing out passes through the provider's sign-out and returns to Cairn signed out", async () => {
    await page.goto('/logout');
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/session/end`));
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('cairn.ssoToken'))).toBeNull();
  });
});
