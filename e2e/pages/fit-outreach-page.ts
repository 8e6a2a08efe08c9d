import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';

/** FIT outreach (/quality-fit and its templates), as a quality lead uses it. */
export class FitOutreachPage {
  constructor(readonly page: Page) {}

  tab(name: 'Invite patients' | 'Kits' | 'Batches'): Locator {
    return this.page.getByRole('tab', { name });
  }

  candidates(): Locator {
    return this.page.getByRole('table', { name: 'Patients to invite' });
  }

  kits(): Locator {
    return this.page.getByRole('table', { name: 'FIT kits' });
  }

  /** A table's rows of data (its header row left out). */
  rows(table: Locator): Locator {
    return table.locator('tbody tr.ant-table-row');
  }

  /** The name, date of birth (MM/DD/YYYY) and MRN a row's patient cell shows. */
  async patientOf(row: Locator): Promise<{ name: string; dateOfBirth: string; mrn: string }> {
    const name = (await row.getByRole('link').first().textContent()) ?? '';
    const details = (await row.getByRole('link').first().locator('xpath=following-sibling::*[1]').textContent()) ?? '';
    const [, dateOfBirth = '', mrn = ''] = /^(\d{2}\/\d{2}\/\d{4}) · MRN (.+)$/.exec(details.trim()) ?? [];
    return { name, dateOfBirth, mrn };
  }

  /** Presses a button that downloads a file; answers the file's name and bytes. */
  async download(button: Locator): Promise<{ fileName: string; bytes: Buffer }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), button.click()]);
    return { fileName: download.suggestedFilename(), bytes: await readFile(await download.path()) };
  }
}
