import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demoAccount } from '../fixtures/accounts';
import { today } from '../fixtures/demo-data';
import { SandboxEhrPage } from '../pages/sandbox-ehr-page';

/**
 * The diagnosis workflow end to end (issue 7): a coder scrubs a visit and sends it; the provider, who
 * opened the same visit from the sandbox EHR, sees the coder's choice arrive without reloading, accepts
 * one more suggestion, adds a diagnosis by search and writes the cart to the EHR encounter, once.
 */
interface Visit {
  sid: string;
  cairnPatientId: string;
  patientName: string;
  providerName: string | null;
  analysis: { status: string; openSuggestions?: number };
}

async function signIn(
  request: APIRequestContext,
  role: 'provider' | 'coder',
): Promise<{ token: string; refreshToken: string }> {
  const account = demoAccount(role);
  const response = await request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(response.ok()).toBe(true);
  const { result } = (await response.json()) as { result: { token: string; refreshToken: string } };
  return result;
}

/** One of Maya Rivera's visits today with at least three open suggestions, as the schedule lists it. */
async function visitWithSuggestions(request: APIRequestContext, token: string): Promise<Visit> {
  const response = await request.post('/api/getPermittedZones', {
    data: { isoDate: today(), filters: {} },
    headers: { token },
  });
  const visits = ((await response.json()) as { result: Visit[] }).result;
  const visit = visits.find(
    (candidate) =>
      candidate.providerName?.includes('Rivera') &&
      candidate.analysis.status === 'current' &&
      (candidate.analysis.openSuggestions ?? 0) >= 3,
  );
  if (!visit) throw new Error('No visit of Maya Rivera today has three open suggestions');
  return visit;
}

async function openAsCoder(page: Page, tokens: { token: string; refreshToken: string }, visit: Visit) {
  await page.addInitScript(({ token, refreshToken }) => {
    localStorage.setItem('cairn.authToken', token);
    localStorage.setItem('cairn.refreshToken', refreshToken);
  }, tokens);
  await page.goto(`/patient/${visit.cairnPatientId}/appointment/${visit.sid}/dx-summary`);
}

test('a coder scrubs a visit; the provider in the EHR completes the cart and writes it to the encounter once', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const coderTokens = await signIn(request, 'coder');
  const visit = await visitWithSuggestions(request, coderTokens.token);

  // The provider opens the visit from the EHR (SMART launch), which gives Cairn the EHR session it writes with.
  const providerContext = await browser.newContext();
  const provider = await providerContext.newPage();
  const ehr = new SandboxEhrPage(provider);
  await ehr.open();
  const row = ehr.ownRows().filter({ hasText: visit.patientName }).first();
  const encounterId = (await row.getAttribute('data-encounter-id')) ?? '';
  await row.getByRole('button', { name: 'Launch Cairn' }).click();
  await expect(provider).toHaveURL(new RegExp(`/overlay/patient/${visit.cairnPatientId}/appointment/${visit.sid}`), {
    timeout: 20_000,
  });
  await expect(provider.getByRole('button', { name: /^Accept / }).first()).toBeVisible({ timeout: 20_000 });

  // The coder accepts the first suggestion and sends the scrub.
  const coderContext = await browser.newContext();
  const coder = await coderContext.newPage();
  await openAsCoder(coder, coderTokens, visit);
  const coderAccept = coder.getByRole('button', { name: /^Accept / }).first();
  const coderCode = ((await coderAccept.getAttribute('aria-label')) ?? '').replace(/^Accept /, '');
  await coderAccept.click();
  await expect(coder.getByText(/Accepted by/).first()).toBeVisible();
  await coder.getByRole('button', { name: 'Send to provider' }).click();
  await coder.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(coder.getByText(/Scrub sent to the provider/)).toBeVisible();

  // Without reloading, the provider sees the coder's choice in the cart.
  const cart = provider.getByRole('region', { name: 'Cart' }).or(provider.getByLabel('Cart'));
  await expect(cart.getByText("Coder's choice")).toBeVisible({ timeout: 10_000 });
  await expect(cart.getByText(coderCode)).toBeVisible();

  // The provider accepts one more suggestion and adds a diagnosis by search.
  const providerAccept = provider.getByRole('button', { name: /^Accept / }).first();
  const providerCode = ((await providerAccept.getAttribute('aria-label')) ?? '').replace(/^Accept /, '');
  await providerAccept.click();
  await expect(cart.getByText(providerCode)).toBeVisible();
  await provider.getByRole('button', { name: 'Add diagnosis' }).click();
  await provider.getByLabel('Search diagnoses').fill('acute pharyngitis');
  await provider.getByRole('button', { name: 'Choose J02.9' }).click();
  await provider.getByRole('button', { name: 'Add to cart' }).click();
  await expect(cart.getByText('J02.9')).toBeVisible();

  // Add to Encounter writes the three; a second press writes nothing more.
  const expected = [coderCode, providerCode, 'J02.9'].map((code) => code.replace('.', '')).sort();
  const conditionsInEhr = async () => {
    const response = await provider.request.get(`/sandbox/screen/encounters/${encounterId}/conditions`);
    const written = (await response.json()) as { code: string }[];
    return written.map((condition) => condition.code.replace('.', '')).sort();
  };
  await provider.getByRole('button', { name: 'Add to Encounter' }).click();
  await expect(cart.getByText('Written', { exact: true })).toHaveCount(3, { timeout: 15_000 });
  await expect.poll(conditionsInEhr).toEqual(expected);
  const again = provider.getByRole('button', { name: 'Add to Encounter' });
  if (await again.isEnabled()) await again.click();
  await provider.waitForTimeout(1_000);
  expect(await conditionsInEhr()).toEqual(expected);

  await providerContext.close();
  await coderContext.close();
});
