import type { Page } from '@playwright/test';

/** The admin tool's Feature flags section (/admin/flags): the flags table, a flag's editor, Evaluate for user. */
export class AdminFlagsPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/admin/flags');
  }

  heading() {
    return this.page.getByRole('heading', { name: 'Feature flags', level: 2 });
  }

  flagsTable() {
    return this.page.getByRole('table', { name: 'Feature flags' });
  }

  /** The flags table's row of one flag. */
  row(flag: string) {
    return this.flagsTable()
      .getByRole('row')
      .filter({ has: this.page.locator('code', { hasText: new RegExp(`^${flag}$`) }) });
  }

  editButton(flag: string) {
    return this.page.getByRole('button', { name: `Edit ${flag}` });
  }

  /** A flag's editor: a drawer named after it. */
  editor(flag: string) {
    return this.page.getByRole('dialog', { name: `Edit ${flag}` });
  }

  /** Opens a flag's editor. */
  async edit(flag: string) {
    await this.editButton(flag).click();
    return this.editor(flag);
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }

  async resetToDefault(): Promise<void> {
    await this.page.getByRole('button', { name: "Reset to Cairn's default" }).click();
    await this.page.getByRole('button', { name: 'Reset', exact: true }).click();
  }

  /** Chooses a user in Evaluate for user by searching their username; answers the table of their flags. */
  async evaluateFor(username: string) {
    const picker = this.page.getByRole('combobox', { name: 'User' });
    await picker.click();
    await picker.fill(username);
    // antd's listbox for screen readers is hidden; the visible option carries its label as its title.
    await this.page.getByTitle(new RegExp(`\\(${username.replaceAll('.', '\\.')}\\)$`)).click();
    return this.page.getByRole('table', { name: 'Flags for this user' });
  }

  /** What the last save or reset did, in words. */
  outcome() {
    return this.page.getByRole('status').filter({ hasText: /saved|Cairn's default/ });
  }
}
