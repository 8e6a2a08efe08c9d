import type { Page } from '@playwright/test';

/** The Scheduling Overview, as a provider sees it. */
export class SchedulePage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/schedule');
  }

  table() {
    return this.page.getByRole('table');
  }

  /** The visits' rows (the header row left out). */
  rows() {
    return this.table().locator('tbody tr.ant-table-row');
  }

  patientLink(name: string) {
    return this.table().getByRole('link', { name, exact: true });
  }

  pagination() {
    return this.page.locator('.ant-pagination');
  }
}
