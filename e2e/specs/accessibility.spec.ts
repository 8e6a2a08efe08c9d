import { test as signedOut, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../fixtures/accessibility';
import { APP_ROUTES, type PageCheck, type RouteIds, type Viewer } from '../fixtures/app-routes';
import { findDemoVisit } from '../fixtures/demo-data';
import { expect, test } from '../fixtures/signed-in';

/**
 * Issue 16 item 8: axe-core finds no serious or critical WCAG 2.1 A or AA violation on any page of the
 * app (fixtures/app-routes.ts names them, route by route), nor on the cart, the dialogs and the menus
 * a person opens there. A few journeys walk the pages, one viewer each, rather than a test per page.
 */

/** The page has loaded: what it shows is there, and nothing is still loading. */
async function expectLoaded(page: Page, shows: PageCheck['shows']): Promise<void> {
  await expect(shows(page).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.ant-skeleton, .ant-spin-spinning, .ant-btn-loading')).toHaveCount(0, { timeout: 20_000 });
}

/** Opens and checks every page of `viewer`, in the order of the route table. */
async function checkEveryPageOf(page: Page, viewer: Viewer, ids: RouteIds): Promise<void> {
  for (const [route, checks] of Object.entries(APP_ROUTES)) {
    if (!Array.isArray(checks)) continue;
    for (const check of checks.filter((candidate) => candidate.viewer === viewer)) {
      const url = check.url(ids);
      await test.step(`${route}: ${url}`, async () => {
        await page.goto(url);
        await expectLoaded(page, check.shows);
        await expectNoAxeViolations(page, `${route} (${url})`);
      });
    }
  }
}

/**
 * A visit of the demo provider's day with documents and open suggestions, from the day's end: the EHR and
 * diagnosis journeys take the first visits. What the walk changes there (a suggestion accepted) it undoes.
 */
async function visitToCheck(page: Page): Promise<RouteIds> {
  const visit = await findDemoVisit(page.request, (documents) => documents.length > 0, {
    visit: (candidate) => candidate.analysis.status === 'current' && (candidate.analysis.openSuggestions ?? 0) >= 2,
    fromTheEnd: true,
  });
  const documentId = visit.documents[0]?.id ?? '';
  return { cairnPatientId: visit.cairnPatientId, cairnAppointmentId: visit.sid, documentId };
}

signedOut('signed out: the login card and its steps pass axe', async ({ page }) => {
  await checkEveryPageOf(page, 'signed out', { cairnPatientId: '', cairnAppointmentId: '', documentId: '' });
  await signedOut.step('the password reset step', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expectNoAxeViolations(page, 'the login card: Reset your password');
  });
  await signedOut.step('a failed sign-in, its error announced', async () => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('nobody');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('login-card').getByRole('alert')).toBeVisible();
    await expectNoAxeViolations(page, 'the login card after a failed sign-in');
  });
});

test.describe('a provider', () => {
  test('every page of the workspace passes axe', async ({ page }) => {
    test.setTimeout(240_000);
    await checkEveryPageOf(page, 'provider', await visitToCheck(page));
    await test.step('an unknown address: Page not found', async () => {
      await page.goto('/this/path/does-not-exist');
      await expect(page.getByText('Page not found')).toBeVisible();
      await expectNoAxeViolations(page, 'not found');
    });
  });

  test('the cart, the dialogs and the menus pass axe', async ({ page }) => {
    test.setTimeout(120_000);
    const ids = await visitToCheck(page);
    const portrait = `/patient/${ids.cairnPatientId}/appointment/${ids.cairnAppointmentId}`;
    await page.goto(`${portrait}/dx-summary`);
    const cart = page.getByRole('region', { name: 'Cart' }).or(page.getByLabel('Cart'));

    const accept = page.getByRole('button', { name: /^Accept / }).first();
    const code = ((await accept.getAttribute('aria-label')) ?? '').replace(/^Accept /, '');
    await test.step('the Diagnosis Summary with a diagnosis in the cart', async () => {
      await accept.click();
      await expect(cart.getByText(code).first()).toBeVisible();
      await expectNoAxeViolations(page, 'the Diagnosis Summary with its cart');
    });

    await test.step('the reject dialog, then its message when no reason is chosen', async () => {
      await page
        .getByRole('button', { name: /^Reject / })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('radio').first()).toBeVisible();
      await expectNoAxeViolations(page, 'the reject dialog');
      await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
      await expect(dialog.getByText('Choose a reason')).toBeVisible();
      await expectNoAxeViolations(page, 'the reject dialog asking for a reason');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    await test.step('Add diagnosis, with search results', async () => {
      await page.getByRole('button', { name: 'Add diagnosis' }).click();
      await page.getByLabel('Search diagnoses').fill('acute pharyngitis');
      await expect(page.getByRole('button', { name: 'Choose J02.9' })).toBeVisible();
      await expectNoAxeViolations(page, 'Add diagnosis');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    });

    await test.step('the note wizard', async () => {
      await page.getByRole('button', { name: 'Note wizard' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(page, 'the note wizard');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    });

    await test.step('the suggestion reopened, the cart as it was', async () => {
      await page.getByRole('button', { name: `Reopen ${code}` }).click();
      await expect(page.getByRole('button', { name: `Accept ${code}` })).toBeVisible();
    });

    await test.step('the summary notes drawer', async () => {
      await page.getByRole('button', { name: /Notes/ }).click();
      await expect(page.getByRole('dialog', { name: 'Summary notes' })).toBeVisible();
      await expectNoAxeViolations(page, 'the summary notes');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    });

    await test.step("a lab result's trend", async () => {
      await page.goto(`${portrait}/clinical-summary`);
      await page
        .getByRole('button', { name: /^Trend of / })
        .first()
        .click();
      await expect(page.getByRole('dialog').getByRole('figure')).toBeVisible();
      await expectNoAxeViolations(page, 'a lab trend');
      await page.keyboard.press('Escape');
    });

    await test.step('the apps and account menus', async () => {
      for (const menu of ['Apps', 'Account']) {
        await page.getByRole('button', { name: menu }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await expectNoAxeViolations(page, `the ${menu} menu`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('menu')).toBeHidden();
      }
    });

    await test.step("the schedule's post-visit reviews", async () => {
      await page.goto('/schedule');
      await page.getByRole('button', { name: 'Post-visit reviews' }).click();
      await expect(page.getByRole('dialog', { name: 'Ready for post-visit review' })).toBeVisible();
      await expectNoAxeViolations(page, 'the post-visit reviews');
    });
  });
});

test.describe('an admin', () => {
  test.use({ signedInAs: 'admin' });

  test("every app's page passes axe", async ({ page }) => {
    test.setTimeout(120_000);
    await checkEveryPageOf(page, 'admin', { cairnPatientId: '', cairnAppointmentId: '', documentId: '' });
  });
});

test.describe("the overlay, in an EHR's narrow panel", () => {
  test.use({ viewport: { width: 480, height: 900 } });

  test('every overlay page passes axe, and so does the cart a click away', async ({ page }) => {
    test.setTimeout(180_000);
    const ids = await visitToCheck(page);
    await checkEveryPageOf(page, 'overlay', ids);
    await test.step('the cart, opened from the narrow Diagnosis Summary', async () => {
      await page.goto(`/overlay/patient/${ids.cairnPatientId}/appointment/${ids.cairnAppointmentId}/dx-summary`);
      await page.getByRole('button', { name: /^Cart/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoAxeViolations(page, 'the overlay cart');
    });
  });
});
