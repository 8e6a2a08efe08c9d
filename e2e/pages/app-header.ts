import { expect, type Locator, type Page } from '@playwright/test';

/** The global header of a signed-in page: the apps menu, and the avatar menu with the email and Sign out. */
export class AppHeader {
  constructor(readonly page: Page) {}

  /** Opens the apps menu; answers its items, the apps it offers in its order. */
  async openAppsMenu(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Apps' }).click();
    return this.page.getByRole('menu').getByRole('menuitem');
  }

  async openAccountMenu(): Promise<void> {
    await this.page.getByRole('button', { name: 'Account' }).click();
  }

  async signOut(): Promise<void> {
    await this.openAccountMenu();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
  }

  /** Signs out from the keyboard alone: the avatar button, Enter, the arrow keys down to Sign out, Enter. */
  async signOutWithKeyboard(): Promise<void> {
    await this.page.getByRole('button', { name: 'Account' }).focus();
    await this.page.keyboard.press('Enter');
    const signOut = this.page.getByRole('link', { name: 'Sign out' });
    await expect(signOut).toBeVisible();
    for (let step = 0; step < 5 && !(await signOut.evaluate((link) => link === document.activeElement)); step++)
      await this.page.keyboard.press('ArrowDown');
    await expect(signOut).toBeFocused();
    await this.page.keyboard.press('Enter');
  }
}
