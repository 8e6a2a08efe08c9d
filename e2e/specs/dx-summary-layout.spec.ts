import type { APIRequestContext, Page } from '@playwright/test';
import { demoAccount } from '../fixtures/accounts';
import { today } from '../fixtures/demo-data';
import { expect, test } from '../fixtures/signed-in';

/**
 * The Diagnosis Summary as a clinician reads it (issue 16 item 1): a visit of up to eight suggestions
 * fits a 1440 x 900 window without scrolling, the cart is a side panel in view from 1024 px, and in a
 * narrow overlay the cart is one click away.
 */
interface Visit {
  sid: string;
  cairnPatientId: string;
  analysis: { status: string; openSuggestions?: number };
}
interface Summary {
  groups: { hcc: number | null; label: string; items: { icdCode: string; hcc: number | null }[] }[];
  /** Set once a coder sent the visit's scrub (another journey may have): a banner then shows above. */
  scrub?: unknown;
}

/** The provider's token for the API calls that pick the visits (the page signs in by its fixture). */
async function signIn(request: APIRequestContext): Promise<{ token: string; refreshToken: string }> {
  const { username, password } = demoAccount('provider');
  const response = await request.post('/api/auth/login', { data: { username, password } });
  return ((await response.json()) as { result: { token: string; refreshToken: string } }).result;
}

async function post<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api${path}`, { data, headers: { token } });
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { result: T }).result;
}

/** Today's analysed visits of the demo provider, the one with the most open suggestions first. */
async function visitsBySuggestions(request: APIRequestContext, token: string): Promise<Visit[]> {
  const visits = await post<Visit[]>(request, token, '/getPermittedZones', { isoDate: today(), filters: {} });
  return visits
    .filter((visit) => visit.analysis.status === 'current')
    .sort((left, right) => (right.analysis.openSuggestions ?? 0) - (left.analysis.openSuggestions ?? 0));
}

async function openVisit(page: Page, visit: Visit) {
  await page.goto(`/patient/${visit.cairnPatientId}/appointment/${visit.sid}/dx-summary`);
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 20_000 });
}

/** Nothing below the window: the page does not scroll, and every suggestion's buttons are in view. */
async function expectOneScreen(page: Page) {
  const { scrollHeight, innerHeight } = await page.evaluate(() => ({
    scrollHeight: document.documentElement.scrollHeight,
    innerHeight: window.innerHeight,
  }));
  expect(scrollHeight, 'the page height').toBeLessThanOrEqual(innerHeight);
  for (const accept of await page.getByRole('button', { name: /^Accept / }).all())
    await expect(accept).toBeInViewport();
}

test('a visit of up to eight suggestions fits a 1440 x 900 window, the cart beside it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const tokens = await signIn(request);
  // The layout of the suggestions alone: a visit another journey scrubbed also shows the scrub banner.
  const visits: Visit[] = [];
  for (const visit of await visitsBySuggestions(request, tokens.token)) {
    const summary = await post<Summary>(request, tokens.token, '/getDxCaptureData', { sid: visit.sid });
    if (!summary.scrub) visits.push(visit);
  }
  const [busiest, ...others] = visits;
  if (!busiest) throw new Error('No analysed visit today');

  await test.step("the day's busiest visit, as the server answers it", async () => {
    await openVisit(page, busiest);
    await expectOneScreen(page);
    await expect(page.getByRole('complementary', { name: 'Cart and risk score' })).toBeInViewport();
  });

  await test.step('eight undecided suggestions in eight HCC groups (the demo day has at most five per visit)', async () => {
    // The busiest visit's answer, topped up to eight with other visits' real suggestions, each its own group.
    const summary = await post<Summary>(request, tokens.token, '/getDxCaptureData', { sid: busiest.sid });
    const items = summary.groups.flatMap((group) => group.items);
    for (const visit of others) {
      if (items.length >= 8) break;
      const more = await post<Summary>(request, tokens.token, '/getDxCaptureData', { sid: visit.sid });
      for (const item of more.groups.flatMap((group) => group.items)) {
        if (items.length < 8 && !items.some((known) => known.icdCode === item.icdCode)) items.push(item);
      }
    }
    expect(items).toHaveLength(8);
    // The default view, before anyone decides: other journeys may have decided some of these already.
    const groups = items.map((item, index) => ({
      hcc: item.hcc ?? -index,
      label: `Group ${String(index)}`,
      items: [{ ...item, decision: undefined, saveState: 'None', nonBillableReason: undefined }],
    }));
    await page.route('**/api/getDxCaptureData', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result: Summary };
      await route.fulfill({ response, json: { result: { ...body.result, groups } } });
    });
    await page.reload();
    await expect(page.getByRole('article')).toHaveCount(8, { timeout: 20_000 });
    await expectOneScreen(page);
  });
});

test('the cart stays in view at 1024 px, and is one click away in a narrow overlay', async ({ page, request }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const tokens = await signIn(request);
  const [visit] = await visitsBySuggestions(request, tokens.token);
  if (!visit) throw new Error('No analysed visit today');
  await openVisit(page, visit);
  const panel = page.getByRole('complementary', { name: 'Cart and risk score' });
  await expect(panel.getByRole('region', { name: 'Cart' })).toBeInViewport();
  await page.mouse.wheel(0, 2000);
  await expect(panel.getByRole('region', { name: 'Cart' })).toBeInViewport();

  await page.setViewportSize({ width: 480, height: 800 });
  await expect(panel).toBeHidden();
  await page.getByRole('button', { name: /^Cart \(\d+\)$/ }).click();
  await expect(
    page.getByRole('dialog', { name: 'Cart and risk score' }).getByRole('region', { name: 'Cart' }),
  ).toBeVisible();
});
