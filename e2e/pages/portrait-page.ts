import type { Page } from '@playwright/test';

/** The patient portrait: banner, tabs and the open tab's content. */
export class PortraitPage {
  constructor(readonly page: Page) {}

  async open(visit: { cairnPatientId: string; sid: string }, tab?: string): Promise<void> {
    await this.page.goto(`/patient/${visit.cairnPatientId}/appointment/${visit.sid}${tab ? `/${tab}` : ''}`);
  }

  banner() {
    return this.page.getByTestId('patient-banner');
  }

  /** A tab of the portrait: a link in its navigation, the open one the current page. */
  tab(title: string) {
    return this.page.getByRole('navigation', { name: 'Portrait tabs' }).getByRole('link', { name: title, exact: true });
  }

  async openTab(title: string): Promise<void> {
    await this.tab(title).click();
  }

  card(title: string) {
    return this.page.getByRole('region', { name: title });
  }
}
