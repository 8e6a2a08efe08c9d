import type { Page } from '@playwright/test';

/** The parts of the shell every journey meets: error screens and their actions. */
export class AppShell {
  constructor(readonly page: Page) {}

  async open(path: string): Promise<void> {
    await this.page.goto(path);
  }

  heading(name: string | RegExp) {
    return this.page.getByRole('heading', { name });
  }

  button(name: string | RegExp) {
    return this.page.getByRole('button', { name });
  }

  /** The page shown in place of one the user may not open (config/access.ts of the web app). */
  accessDenied() {
    return this.page.getByText("You don't have access to this page");
  }

  browserAlert() {
    return this.page.locator('[data-browser-status]');
  }
}
