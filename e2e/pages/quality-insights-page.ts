import type { Page } from '@playwright/test';

/** The portrait's Quality Insights tab and the /quality-tab page: one care gap per measure. */
export class QualityInsightsPage {
  constructor(readonly page: Page) {}

  async openTab(visit: { cairnPatientId: string; sid: string }): Promise<void> {
    await this.page.goto(`/patient/${visit.cairnPatientId}/appointment/${visit.sid}/quality`);
  }

  async openFullPage(visit: { cairnPatientId: string; sid: string }): Promise<void> {
    await this.page.goto(`/quality-tab?cairnPatientId=${visit.cairnPatientId}&cairnAppointmentId=${visit.sid}`);
  }

  /** A measure's gap, named by its CMS number and title. */
  gap(measureId: string) {
    return this.page.getByRole('article', { name: new RegExp(`^${measureId} `) });
  }

  /** The records that decided a gap. */
  why(measureId: string) {
    return this.gap(measureId).getByRole('list', { name: 'Why' });
  }

  addressed(measureId: string) {
    return this.gap(measureId).getByRole('checkbox', { name: 'Addressed at this visit' });
  }
}
