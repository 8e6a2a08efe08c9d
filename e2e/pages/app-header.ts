import type { Page } from '@playwright/test';

/** The global header of a signed-in page: the avatar menu with the email and Sign out. */
export class AppHeader {
  constructor(readonly page: Page) {}

  async openAccountMenu(): Promise<void> {
    await this.page.getByRole('button', { name: 'Account' }).click();
  }

  async signOut(): Promise<void> {
    await this.openAccountMenu();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
  }
}
