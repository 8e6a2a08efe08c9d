import type { Page } from '@playwright/test';

/** The admin tool's Organisation section (/admin/organisation): its Providers tab and a provider's edit form. */
export class AdminOrganisationPage {
  constructor(readonly page: Page) {}

  async openProviders(): Promise<void> {
    await this.page.goto('/admin/organisation');
    await this.page.getByRole('tab', { name: 'Providers' }).click();
  }

  providersTable() {
    return this.page.getByRole('table', { name: 'Providers' });
  }

  /** The providers table's row of one provider, by the name it shows (`Maya Rivera, MD`). */
  providerRow(name: string) {
    return this.providersTable()
      .getByRole('row')
      .filter({ has: this.page.getByRole('button', { name, exact: true }) });
  }

  /** Opens a provider's edit form from the table. */
  async editProvider(name: string) {
    await this.providerRow(name).getByRole('button', { name, exact: true }).click();
    return this.editForm();
  }

  editForm() {
    return this.page.getByRole('dialog', { name: /^Edit / });
  }
}
