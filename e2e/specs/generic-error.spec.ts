import { expect, test } from '../fixtures/signed-in';
import { AppShell } from '../pages/app-shell';

const OUTDATED_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.4896.75 Safari/537.36';
const OLD_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:115.0) Gecko/20100101 Firefox/115.0';

// A page whose code cannot be fetched (the network dropped, or a new deployment replaced it) ends on
// the generic error screen, which tells the person whether their browser is the problem.
async function openScheduleWithItsCodeUnreachable(shell: AppShell): Promise<void> {
  await shell.page.route(/\/assets\/schedule\.page-.*\.js$/, (route) => route.abort('internetdisconnected'));
  await shell.open('/schedule');
}

test.describe('with an outdated Chrome', () => {
  test.use({ userAgent: OUTDATED_CHROME });

  test('the generic error screen shows the outdated-browser alert', async ({ page }) => {
    const shell = new AppShell(page);
    await openScheduleWithItsCodeUnreachable(shell);
    await expect(page.getByText('Oops, Something Went Wrong')).toBeVisible();
    await expect(
      page.getByText('Please try again later. If the problem continues, contact our support team for help.'),
    ).toBeVisible();
    await expect(shell.browserAlert()).toHaveAttribute('data-browser-status', 'Outdated');
    await expect(shell.browserAlert()).toHaveClass(/ant-alert-info/);
    await expect(page.getByText("We noticed you're using Chrome 100 which is outdated")).toBeVisible();
    await expect(shell.button('Reload page')).toBeVisible();
  });
});

test.describe('with an old Firefox', () => {
  test.use({ userAgent: OLD_FIREFOX });

  test('the generic error screen warns that the browser is unsupported', async ({ page }) => {
    const shell = new AppShell(page);
    await openScheduleWithItsCodeUnreachable(shell);
    await expect(shell.browserAlert()).toHaveAttribute('data-browser-status', 'Unsupported');
    await expect(shell.browserAlert()).toHaveClass(/ant-alert-warning/);
    await expect(page.getByText("We noticed you're using Firefox 115 which cairn doesn't supported")).toBeVisible();
  });
});

test('with the current browser the alert says it is supported', async ({ page }) => {
  const shell = new AppShell(page);
  await openScheduleWithItsCodeUnreachable(shell);
  await expect(shell.browserAlert()).toHaveAttribute('data-browser-status', 'Supported');
  await expect(shell.browserAlert()).toHaveClass(/ant-alert-success/);
});
