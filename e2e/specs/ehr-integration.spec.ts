import { expect, test } from '@playwright/test';
import { SandboxEhrPage } from '../pages/sandbox-ehr-page';

/**
 * Cairn inside the sandbox EHR (issue 6): the SMART EHR launch, the overlay in the EHR's panel and the
 * add-on messages. The sandbox signs in as Maya Rivera, who is the demo provider.
 */
test.describe('Cairn inside the EHR', () => {
  test('a clinician launches Cairn from the EHR and lands on the visit summary overlay', async ({ page }) => {
    const ehr = new SandboxEhrPage(page);
    await ehr.open();
    const row = ehr.ownRows().first();
    await row.getByRole('button', { name: 'Launch Cairn' }).click();

    await expect(page).toHaveURL(/\/overlay\/patient\/[0-9a-f-]{36}\/appointment\/[0-9a-f-]{36}/, { timeout: 20_000 });
    await expect(page.getByTestId('patient-banner')).toBeVisible();
    await expect(page.getByTestId('patient-banner')).toContainText('MRN');
    // Signed in by the launch: no EHR code is left in the address or the history.
    expect(page.url()).not.toContain('code=');
  });

  test('the overlay in the EHR panel writes the diagnoses the add-on asks for, once', async ({ page }) => {
    const ehr = new SandboxEhrPage(page);
    await ehr.open();
    await ehr.openInPanel(ehr.ownRows().nth(1));
    await expect(ehr.logEntries('informEncounterStatus')).toHaveCount(1);
    await expect(page.getByTestId('encounter-status')).toContainText('pushable');

    await ehr.pushDiagnoses('J06.9');
    await expect(ehr.logEntries('pushDiagnosesResult')).toHaveCount(1);
    await expect(ehr.logEntries('pushDiagnosesResult').first()).toContainText('"pushed"');
    await expect(ehr.diagnoses().getByText('J06.9')).toHaveCount(1);

    // Pressed again (a retry): the EHR still holds one Condition for it.
    await ehr.pushDiagnoses('J06.9');
    await expect(ehr.logEntries('pushDiagnosesResult')).toHaveCount(2);
    await expect(ehr.logEntries('pushDiagnosesResult').first()).toContainText('"pushed"');
    await expect(ehr.diagnoses().getByText('J06.9')).toHaveCount(1);
  });

  test('a push request from another origin is ignored', async ({ page }) => {
    // The EHR page hosts another vendor's frame (a real EHR's page has no Cairn CSP of its own).
    await page.route('**/sandbox/', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-security-policy'];
      await route.fulfill({ response, headers });
    });
    await page.route('http://other-origin.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Other</title><p>Other vendor</p>' }),
    );
    const ehr = new SandboxEhrPage(page);
    await ehr.open();
    const row = ehr.ownRows().nth(2);
    const summaryId = await ehr.openInPanel(row);

    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = 'http://other-origin.test/';
      frame.title = 'Other vendor';
      document.body.append(frame);
    });
    const isOther = (url: string) => url.startsWith('http://other-origin.test');
    await expect.poll(() => page.frames().some((frame) => isOther(frame.url()))).toBe(true);
    const other = page.frames().find((frame) => isOther(frame.url()));
    await other?.evaluate((sid) => {
      const message = {
        type: 'pushDiagnosesRequest',
        requestId: 'from-other-origin',
        summaryId: sid,
        icd10Codes: ['J02.9'],
      };
      for (let index = 0; index < window.parent.frames.length; index += 1) {
        window.parent.frames[index]?.postMessage(message, '*');
      }
    }, summaryId);

    // Cairn answers its own add-on within a second (the journey above); nothing comes for this one.
    await page.waitForTimeout(3_000);
    await expect(ehr.logEntries('pushDiagnosesResult')).toHaveCount(0);
    const encounterId = await row.getAttribute('data-encounter-id');
    const written = await page.request.get(`/sandbox/screen/encounters/${encounterId ?? ''}/conditions`);
    expect(JSON.stringify(await written.json())).not.toContain('J02.9');
  });
});
