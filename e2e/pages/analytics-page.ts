import { expect, type Locator, type Page } from '@playwright/test';

/** /analytics (issue 20): the filters, the headline numbers, the breakdown and the drill-down drawer. */
export class AnalyticsPage {
  readonly tiles: Locator;
  readonly hierarchy: Locator;

  constructor(readonly page: Page) {
    this.tiles = page.getByRole('list', { name: 'Risk adjustment at a glance' });
    this.hierarchy = page.getByRole('combobox', { name: 'Clinics, departments and providers' });
  }

  /** The tile of a headline number. */
  tile(label: string): Locator {
    return this.tiles.getByRole('listitem').filter({ hasText: label });
  }

  /**
   * Opens the dashboard and waits for the demo's numbers (the demo is analysed, and the analytics rebuilt,
   * in the background after the server starts; the page asks again until they are there): the recapture
   * rate shows a percentage.
   */
  async openOnceComputed(): Promise<void> {
    await this.page.goto('/analytics');
    await expect(this.tile('Recapture rate').getByText(/\d%$/)).toBeVisible({ timeout: 180_000 });
  }

  /** Narrows every number to one clinic through the hierarchy filter. */
  async filterToClinic(name: string): Promise<void> {
    await this.hierarchy.click();
    await this.hierarchy.fill(name);
    await this.page.getByRole('tree').getByTitle(name, { exact: true }).click();
    await this.page.keyboard.press('Escape');
  }

  /** The breakdown panel, by its heading ('Open suggestions and RAF by provider'). */
  breakdown(title: string): Locator {
    return this.page.getByRole('region', { name: title });
  }

  /** The drawer listing the patients behind a number. */
  drawer(title: string | RegExp): Locator {
    return this.page.getByRole('dialog', { name: title });
  }
}
