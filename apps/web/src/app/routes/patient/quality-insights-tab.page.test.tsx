import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../lib/realtime-client.testing';
import { answerApi, REALTIME_TICKET, result } from '../../../testing/answer-api';
import { aQualityInsights, CARE_GAP_PATIENT_ID } from '../../../testing/care-gap-factories';
import { SID } from '../../../testing/factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { signIn, signOut } from '../../../testing/session';
import { QualityInsightsTabPage } from './quality-insights-tab.page';

// The tab's one real-time client is made on first use, with the WebSocket of that moment.
beforeAll(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => signOut());

const BLOOD_PRESSURE_TREND = {
  loinc: '8480-6',
  display: 'Systolic blood pressure',
  unit: 'mm[Hg]',
  units: 'single',
  referenceRange: { low: 90, high: 139 },
  points: [],
};

describe('the Quality Insights tab page', () => {
  it("opens a gap's reading in the lab trend, as the Dx tab opens a suggestion's", async () => {
    const { callsTo } = answerApi({
      ...REALTIME_TICKET,
      '/getQualityInsights': result(aQualityInsights()),
      '/getLabTrend': result(BLOOD_PRESSURE_TREND),
    });
    renderWithProviders(<QualityInsightsTabPage patientId={CARE_GAP_PATIENT_ID} appointmentId={SID} />);
    const user = fastUser();
    const bloodPressure = await screen.findByRole('article', { name: /^CMS165 / });
    await user.click(within(bloodPressure).getByRole('button', { name: 'View the trend: Systolic 152 mmHg' }));
    expect(await screen.findByRole('dialog', { name: /^Systolic blood pressure/ })).toBeInTheDocument();
    expect(callsTo('/getLabTrend').map((call) => call.body)).toEqual([
      { cairnPatientId: CARE_GAP_PATIENT_ID, loinc: '8480-6' },
    ]);
  });

  it('links to the quality patient view for a user of the quality app, with the patient and the visit', async () => {
    answerApi({ ...REALTIME_TICKET, '/getQualityInsights': result(aQualityInsights()) });
    signIn({ admin: true, permissions: {} });
    renderWithProviders(<QualityInsightsTabPage patientId={CARE_GAP_PATIENT_ID} appointmentId={SID} />, {
      url: `/patient/${CARE_GAP_PATIENT_ID}/appointment/${SID}/quality`,
    });
    expect(await screen.findByRole('link', { name: 'Open the quality patient view' })).toHaveAttribute(
      'href',
      `/quality-tab?cairnPatientId=${CARE_GAP_PATIENT_ID}&cairnAppointmentId=${SID}`,
    );
  });

  it('offers no full page to a user without the quality app', async () => {
    answerApi({ ...REALTIME_TICKET, '/getQualityInsights': result(aQualityInsights()) });
    signIn({ admin: false, permissions: {} });
    renderWithProviders(<QualityInsightsTabPage patientId={CARE_GAP_PATIENT_ID} appointmentId={SID} />);
    await screen.findByRole('article', { name: /^CMS165 / });
    expect(screen.queryByRole('link', { name: 'Open the quality patient view' })).not.toBeInTheDocument();
  });
});
