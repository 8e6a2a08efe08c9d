import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';

/** The Quality Workspace (/quality, /quality-patients, /quality-archive), as a quality lead uses it. */
export class QualityWorkspacePage {
  constructor(readonly page: Page) {}

  /** Its navigation between the worklist, the patients and the archive. */
  navigation(): Locator {
    return this.page.getByRole('navigation', { name: 'Quality Workspace pages' });
  }

  worklist(): Locator {
    return this.page.getByRole('table', { name: 'Open care gaps' });
  }

  archive(): Locator {
    return this.page.getByRole('table', { name: 'Closed and excluded care gaps' });
  }

  patients(): Locator {
    return this.page.getByRole('table', { name: 'Patients and their care gaps' });
  }

  /** A table's rows of data (its header row left out). */
  rows(table: Locator): Locator {
    return table.locator('tbody tr.ant-table-row');
  }

  /** Chooses a measure in the worklist's filter by the start of its label (`CMS130 `); answers the label. */
  async chooseMeasure(prefix: string): Promise<string> {
    await this.page.getByRole('combobox', { name: 'Measures' }).click();
    const option = this.page
      .locator('.ant-select-item-option')
      .filter({ hasText: new RegExp(`^${prefix}`) })
      .first();
    const label = (await option.textContent()) ?? '';
    await option.click();
    await this.page.keyboard.press('Escape');
    return label;
  }

  /** Presses a button that downloads a file; answers the file's text. */
  async download(button: Locator): Promise<string> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), button.click()]);
    return readFile(await download.path(), 'utf8');
  }
}
