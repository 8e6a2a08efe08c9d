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

  tab(title: string) {
    return this.page.getByRole('tab', { name: title });
  }

  async openTab(title: string): Promise<void> {
    await this.tab(title).getByRole('link').click();
  }

  card(title: string) {
    return this.page.getByRole('region', { name: title });
  }
}
