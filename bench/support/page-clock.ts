/// <reference lib="dom" />
import type { Locator, Page } from '@playwright/test';

/**
 * Times from a click to what it shows, both read on the page's own clock: the click event's time (a
 * capturing listener) and the first animation frame in which the condition holds. Playwright's own
 * click waits for the target to be stable (two frames) before pressing, which would add about 30 ms to
 * a budget of 100 ms if the clock ran in this process.
 */

/** A function run in the page each animation frame: the page's time once its condition holds, else false. */
export type PageCondition<Arg> = (arg: Arg) => number | false;

interface BenchWindow {
  benchClickAt?: number;
}

/** Until a button named `name` (its aria-label, else its text; a prefix when `prefix`) is visible. */
export const buttonShown: PageCondition<{ name: string; prefix?: boolean }> = ({ name, prefix }) => {
  const shown = [...document.querySelectorAll('button')].some((button) => {
    const label = (button.getAttribute('aria-label') ?? button.textContent).trim();
    return (prefix ? label.startsWith(name) : label === name) && button.checkVisibility();
  });
  return shown && performance.now();
};

/**
 * Until no button named `gone` is left while the item still shows: another of its buttons (a name
 * ending in its code, such as Reject, Undo or Reopen) is visible.
 */
export const buttonReplaced: PageCondition<{ gone: string; code: string }> = ({ gone, code }) => {
  const names = [...document.querySelectorAll('button')].map((button) => ({
    label: (button.getAttribute('aria-label') ?? button.textContent).trim(),
    isVisible: button.checkVisibility(),
  }));
  const isGone = !names.some((name) => name.label === gone);
  const isItemShown = names.some((name) => name.label.endsWith(` ${code}`) && name.isVisible);
  return isGone && isItemShown && performance.now();
};

/** Until the region labelled `label` is visible with nothing in it still loading. */
export const regionLoaded: PageCondition<{ label: string }> = ({ label }) => {
  const region = [...document.querySelectorAll('[role="region"]')].find(
    (element) => element.getAttribute('aria-label') === label,
  );
  const isLoaded = region?.checkVisibility() === true && region.querySelector('[aria-busy="true"]') === null;
  return isLoaded && performance.now();
};

/**
 * Until the element labelled `label` (what only this list's view has) is visible, no loading state
 * labelled `loadingLabel` is left, and a row of a table or `emptyText` shows.
 */
export const listLoaded: PageCondition<{ label: string; loadingLabel: string; emptyText: string }> = (arg) => {
  // No function kept in a variable: tsx names those with a helper the page lacks.
  const labelled = [...document.querySelectorAll('[aria-label]')];
  const isViewShown = labelled.some(
    (element) => element.getAttribute('aria-label') === arg.label && element.checkVisibility(),
  );
  const isLoading = labelled.some((element) => element.getAttribute('aria-label') === arg.loadingLabel);
  const row = document.querySelector('table tbody tr:not([aria-hidden="true"])');
  const isListShown = row?.checkVisibility() === true || document.body.textContent.includes(arg.emptyText);
  return isViewShown && !isLoading && isListShown && performance.now();
};

/** Clears the page's resource timings and listens for the next click: `since` reads it afterwards. */
export async function armClick(page: Page): Promise<void> {
  await page.evaluate(() => {
    const target = window as BenchWindow;
    target.benchClickAt = undefined;
    performance.clearResourceTimings();
    // Inline: tsx names a function kept in a variable with a helper the page lacks.
    document.addEventListener(
      'click',
      () => {
        target.benchClickAt = performance.now();
      },
      { capture: true, once: true },
    );
  });
}

/** Waits until `condition` holds and answers the milliseconds from the armed click to that frame. */
export async function since<Arg>(page: Page, condition: PageCondition<Arg>, arg: Arg): Promise<number> {
  // Playwright types a page function's argument as serialised (`Unboxed<Arg>`): plain data here, the same.
  const handle = await page.waitForFunction(condition as (value: unknown) => number | false, arg, {
    polling: 'raf',
    timeout: 60_000,
  });
  const shownAt = (await handle.jsonValue()) as number;
  const clickedAt = await page.evaluate(() => (window as BenchWindow).benchClickAt);
  if (clickedAt === undefined) throw new Error('The click was not seen by the page');
  return shownAt - clickedAt;
}

/** Clicks `target` and answers the milliseconds from the click to the frame in which `condition` holds. */
export async function timeClick<Arg>(page: Page, target: Locator, condition: PageCondition<Arg>, arg: Arg) {
  await armClick(page);
  await target.click();
  return since(page, condition, arg);
}

/**
 * The milliseconds from the armed click to the end of the response of the last request to a URL ending
 * in `path` (the page's resource timing), once that response has arrived.
 */
export async function responseSinceClick(page: Page, path: string): Promise<number> {
  const handle = await page.waitForFunction(
    (suffix) => {
      const entries = performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith(suffix));
      const last = entries.at(-1) as PerformanceResourceTiming | undefined;
      return last !== undefined && last.responseEnd > 0 && last.responseEnd;
    },
    path,
    { polling: 'raf', timeout: 60_000 },
  );
  const endedAt = (await handle.jsonValue()) as number;
  const clickedAt = await page.evaluate(() => (window as BenchWindow).benchClickAt);
  if (clickedAt === undefined) throw new Error('The click was not seen by the page');
  return endedAt - clickedAt;
}
