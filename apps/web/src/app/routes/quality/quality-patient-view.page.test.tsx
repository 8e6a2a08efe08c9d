import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../../lib/realtime-client.testing';
import { answerApi, REALTIME_TICKET, result } from '../../../testing/answer-api';
import { aQualityInsights, CARE_GAP_PATIENT_ID } from '../../../testing/care-gap-factories';
import { aPatientDemographics, SID } from '../../../testing/factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import QualityPatientViewPage from './quality-patient-view.page';

const demographics = aPatientDemographics({
  cairnPatientId: CARE_GAP_PATIENT_ID,
  upcomingVisits: [
    {
      sid: SID,
      startAt: '2026-06-15T09:00:00Z',
      status: 'booked',
      visitType: 'Follow-up',
      providerName: 'Maya Rivera',
    },
  ],
});

// A visit's marks follow its real-time events: the page's one client is made with the WebSocket of that moment.
beforeAll(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

describe('the quality patient view (/quality-tab)', () => {
  it('asks for a patient first, found by search', async () => {
    renderWithProviders(<QualityPatientViewPage />, { url: '/quality-tab' });
    expect(screen.getByText('Search for a patient to see their quality measures')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search patients' })).toBeInTheDocument();
  });

  it("shows the patient's measures read-only, then lets gaps be marked at a chosen visit", async () => {
    const { callsTo } = answerApi({
      ...REALTIME_TICKET,
      '/getPatientDemographics': result(demographics),
      '/getQualityInsights': (body) =>
        result(body.sid ? aQualityInsights() : aQualityInsights({ sid: null, canMark: false })),
    });
    const { router } = renderWithProviders(<QualityPatientViewPage />, {
      url: `/quality-tab?cairnPatientId=${CARE_GAP_PATIENT_ID}`,
    });
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    const bloodPressure = await screen.findByRole('article', { name: /^CMS165 / });
    expect(within(bloodPressure).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the portrait' })).toHaveAttribute(
      'href',
      `/patient/${CARE_GAP_PATIENT_ID}/quality`,
    );

    const user = fastUser();
    await user.click(screen.getByRole('combobox', { name: 'Mark gaps addressed at' }));
    await user.click(
      await screen.findByText('06/15/2026', { exact: false, selector: '.ant-select-item-option-content' }),
    );
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?cairnPatientId=${CARE_GAP_PATIENT_ID}&cairnAppointmentId=${SID}`),
    );
    const marked = await screen.findByRole('checkbox', { name: 'Addressed at this visit' });
    expect(marked).not.toBeChecked();
    expect(callsTo('/getQualityInsights').map((call) => call.body)).toEqual([
      { cairnPatientId: CARE_GAP_PATIENT_ID },
      { cairnPatientId: CARE_GAP_PATIENT_ID, sid: SID },
    ]);
  });
});
