import { expect, type Locator, type Page } from '@playwright/test';

/** /quality-satisfaction-rate: each measure's performance rate by month, provider or clinic. */
export class QualityRatesPage {
  constructor(readonly page: Page) {}

  /** The rates' table of the measure shown, by `grouping` (`month`, `provider`, `clinic`). */
  table(grouping: string): Locator {
    return this.page.getByRole('table', { name: new RegExp(`performance rates by ${grouping}$`) });
  }

  /** A table's rows of data (its header row left out). */
  rows(table: Locator): Locator {
    return table.locator('tbody tr.ant-table-row');
  }

  chart(measureId: string, grouping: string): Locator {
    return this.page.getByRole('figure', { name: `${measureId} performance rate by ${grouping}` });
  }

  /**
   * Waits for the rates: the demo is analysed in the background after the server starts, so the page is
   * opened again until its first measure has rows.
   */
  async open(): Promise<void> {
    await expect(async () => {
      await this.page.goto('/quality-satisfaction-rate');
      await expect(this.rows(this.table('month')).first()).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 90_000 });
  }

  /** Chooses a measure by the start of its label (`CMS130 `). */
  async chooseMeasure(prefix: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Measure', exact: true }).click();
    await this.page
      .locator('.ant-select-item-option')
      .filter({ hasText: new RegExp(`^${prefix}`) })
      .first()
      .click();
  }
}
