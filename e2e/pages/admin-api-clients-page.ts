import type { Page } from '@playwright/test';

/** The admin tool's API clients section (/admin/api-clients): the FHIR address, and the tokens of other systems. */
export class AdminApiClientsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/admin/api-clients');
  }

  heading() {
    return this.page.getByRole('heading', { name: 'API clients', level: 2 });
  }

  /** The `Organization/<id>` the section gives to name in `$care-gaps`. */
  async organization(): Promise<string> {
    const text = await this.page
      .getByText(/^Organization\/[0-9a-f-]{36}$/)
      .first()
      .textContent();
    return text ?? '';
  }

  tokens() {
    return this.page.getByRole('table', { name: 'API client tokens' });
  }

  row(label: string) {
    return this.tokens().getByRole('row').filter({ hasText: label });
  }

  /** Makes a token with this label and gives the secret the dialog shows once, then closes it. */
  async createToken(label: string): Promise<string> {
    await this.page.getByRole('button', { name: 'New token' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'New API client token' });
    await dialog.getByRole('textbox', { name: 'Label' }).fill(label);
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const shown = this.page.getByRole('dialog', { name: 'Your new API client token' });
    const secret = (await shown.getByLabel('New API client token').textContent()) ?? '';
    return secret;
  }

  shownTokenDialog() {
    return this.page.getByRole('dialog', { name: 'Your new API client token' });
  }

  async revoke(label: string): Promise<void> {
    await this.page.getByRole('button', { name: `Revoke ${label}` }).click();
    await this.page
      .getByRole('dialog', { name: /Revoke the token/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
  }
}
