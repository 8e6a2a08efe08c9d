import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  armClick,
  buttonReplaced,
  buttonShown,
  listLoaded,
  regionLoaded,
  responseSinceClick,
  since,
  timeClick,
} from './page-clock';

/** What a clinician's journeys through the portrait need: the server, an account and a visit to open. */
export interface PortraitJourneySetup {
  base: string;
  account: { username: string; password: string };
  visit: { patientName: string; cairnPatientId: string; cairnAppointmentId: string };
}

/** One run's timings in milliseconds, each named as the benchmark's table names it. */
export type JourneyTimings = Record<string, number>;

/** The portrait's tabs the journey changes to, in order, each with what shows that it has loaded. */
const TAB_CHANGES = [
  { name: 'Clinical Summary', content: (page: Page) => since(page, regionLoaded, { label: 'Problems' }) },
  {
    name: 'Documents',
    content: (page: Page) =>
      since(page, listLoaded, {
        label: 'Search documents',
        loadingLabel: 'Loading the documents',
        emptyText: 'No documents',
      }),
  },
  {
    name: 'Diagnosis Summary',
    content: (page: Page) => since(page, buttonShown, { name: 'Accept ', prefix: true }),
  },
] as const;

export async function postApi<T>(base: string, path: string, token: string | undefined, body: unknown): Promise<T> {
  const response = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${String(response.status)}`);
  return ((await response.json()) as { result: T }).result;
}

/** A new browser context holding a fresh password sign-in, as the login card stores it. */
export async function signedInContext(browser: Browser, setup: PortraitJourneySetup): Promise<BrowserContext> {
  const { token, refreshToken } = await postApi<{ token: string; refreshToken: string }>(
    setup.base,
    '/auth/login',
    undefined,
    setup.account,
  );
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    (tokens) => {
      localStorage.setItem('cairn.authToken', tokens.token);
      localStorage.setItem('cairn.refreshToken', tokens.refreshToken);
    },
    { token, refreshToken },
  );
  return context;
}

/** Waits for the page's requests to end (the person reads what is shown), at most `timeout` ms. */
async function settle(page: Page, timeout = 5_000): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout }).catch(() => undefined);
}

/**
 * One clinician's journey in a new signed-in browser context: the schedule, a click on the visit until
 * its portrait's first tab (Diagnosis Summary) shows its suggestions, each other tab and back, then an
 * accept and a reject of the first suggestion, each undone afterwards.
 */
export async function portraitJourney(browser: Browser, setup: PortraitJourneySetup): Promise<JourneyTimings> {
  const context = await signedInContext(browser, setup);
  const page = await context.newPage();
  const timings: JourneyTimings = {};
  try {
    await journeySteps(page, setup, timings);
  } catch (error) {
    // What the page showed when the journey stopped, for the reader of the error.
    await page.screenshot({ path: join(tmpdir(), 'cairn-bench-portrait-failure.png') }).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
  return timings;
}

async function journeySteps(page: Page, setup: PortraitJourneySetup, timings: JourneyTimings): Promise<void> {
  await page.goto(`${setup.base}/schedule`);
  const visitLink = page.getByRole('link', { name: setup.visit.patientName, exact: true }).first();
  await visitLink.waitFor({ state: 'visible', timeout: 60_000 });
  await settle(page);
  timings.portrait = await timeClick(page, visitLink, buttonShown, { name: 'Accept ', prefix: true });
  await settle(page);
  for (const tab of TAB_CHANGES) {
    await armClick(page);
    // Each tab is a link (inside an antd tab in earlier builds).
    await page.getByRole('link', { name: tab.name, exact: true }).first().click();
    timings[`tab: ${tab.name}`] = await tab.content(page);
    await settle(page);
  }
  Object.assign(timings, await decide(page, 'accept'), await decide(page, 'reject'));
}

/** Accepts (or rejects, with the first reason) the first open suggestion, times it, then undoes it. */
async function decide(page: Page, action: 'accept' | 'reject'): Promise<JourneyTimings> {
  const accept = page.getByRole('button', { name: /^Accept / }).first();
  const code = ((await accept.getAttribute('aria-label')) ?? '').replace(/^Accept /, '');
  if (!code) throw new Error('No suggestion to decide on');
  const decided = action === 'accept' ? `Accept ${code}` : `Reject ${code}`;
  if (action === 'accept') {
    await armClick(page);
    await accept.click();
  } else {
    const dialog = page.getByRole('dialog', { name: decided });
    await chooseFirstReason(page, decided);
    await armClick(page);
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click();
  }
  const shown = await since(page, buttonReplaced, { gone: decided, code });
  const saved = await responseSinceClick(page, '/api/addSummaryInsightActions');
  // Undone once the decision has settled, so that every run starts from the same open suggestion.
  const undo = page.getByRole('button', { name: new RegExp(`^(Undo the decision on|Reopen) ${escapeRegExp(code)}$`) });
  await undo.click({ timeout: 30_000 });
  await page.getByRole('button', { name: decided, exact: true }).waitFor({ state: 'visible', timeout: 30_000 });
  await settle(page);
  return { [`${action} shown`]: shown, [`${action} saved`]: saved };
}

/**
 * Opens the item's reject dialog and chooses its first reason. A reload landing meanwhile (the previous
 * decision's own event) can re-render the item and take its dialog away: then it starts again.
 */
async function chooseFirstReason(page: Page, rejectName: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: rejectName });
  const reason = dialog.getByRole('radio').first();
  for (let attempt = 0; attempt < 10; attempt += 1) {
    try {
      if (!(await dialog.isVisible())) await page.getByRole('button', { name: rejectName, exact: true }).click();
      await reason.click({ timeout: 3_000 });
      if (await reason.isChecked({ timeout: 1_000 })) return;
    } catch {
      // Gone before it was chosen: again.
    }
  }
  throw new Error(`Could not choose a reason in the dialog '${rejectName}'`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The portrait's first paint after sign-in (issue 5): a signed-out person opens the portrait link and
 * signs in on the login card; the clock runs from pressing "Sign in" until the banner shows the patient.
 */
export async function signInJourney(
  browser: Browser,
  setup: PortraitJourneySetup & { patientUrl: string },
): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(setup.patientUrl);
    const card = page.getByTestId('login-card');
    await card.getByLabel('Username').fill(setup.account.username);
    await card.getByLabel('Password', { exact: true }).fill(setup.account.password);
    const started = performance.now();
    await card.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByTestId('patient-banner')
      .getByText(setup.visit.patientName)
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 });
    return performance.now() - started;
  } finally {
    await context.close();
  }
}
