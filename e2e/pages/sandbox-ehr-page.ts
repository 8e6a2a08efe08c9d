import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

/** The sandbox EHR's screen (apps/ehr-sandbox, mounted at /sandbox): today's encounters and Cairn's panel. */
export class SandboxEhrPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/sandbox/');
    await expect(this.rows().first()).toBeVisible();
  }

  rows(): Locator {
    return this.page.getByTestId('encounter-row');
  }

  /** The encounters of the clinician the sandbox signs in as (Maya Rivera): her patients are hers to see. */
  ownRows(): Locator {
    return this.rows().filter({ hasText: 'Maya Rivera' });
  }

  /** Cairn's overlay in the side panel. */
  panel(): FrameLocator {
    return this.page.frameLocator('iframe[title="Cairn"]');
  }

  summaryId(): Locator {
    return this.page.getByTestId('summary-id');
  }

  logEntries(type: string): Locator {
    return this.page.locator(`[data-testid="addon-log-entry"][data-type="${type}"]`);
  }

  diagnoses(): Locator {
    return this.page.getByTestId('encounter-diagnoses');
  }

  /** Opens the encounter's Cairn overlay in the panel and waits until Cairn says which visit it shows. */
  async openInPanel(row: Locator): Promise<string> {
    await row.getByRole('button', { name: 'Open in panel' }).click();
    await expect(this.panel().getByTestId('patient-banner')).toBeVisible({ timeout: 20_000 });
    await expect(this.summaryId()).not.toHaveText('unknown');
    return (await this.summaryId().textContent()) ?? '';
  }

  async pushDiagnoses(codes: string): Promise<void> {
    await this.page.getByLabel('ICD-10-CM codes').fill(codes);
    await this.page.getByRole('button', { name: 'Push diagnoses' }).click();
  }
}
