import type { AppointmentDetails } from '@cairn/contracts';
import { act, screen, within } from '@testing-library/react';
import { useRouteError } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FirstAllowedTabRedirect } from '../../../features/portrait/components/first-allowed-tab-redirect';
import type { FlagValues } from '../../../lib/feature-flags';
import { FakeWebSocket } from '../../../lib/realtime-client.testing';
import {
  answerApi,
  failure,
  LINKED_ENCOUNTER,
  REALTIME_TICKET,
  result,
  type ApiAnswers,
} from '../../../testing/answer-api';
import {
  anEmptyClinicalSummary,
  anEmptyDocumentList,
  anEmptySummary,
  aPatientDemographics,
} from '../../../testing/factories';
import { renderWithProviders, fastUser } from '../../../testing/render-with-providers';
import PortraitTabPage from './portrait-tab.page';
import PortraitPage from './portrait.page';

vi.mock('../../../features/summary-notes/components/summary-notes-button', () => ({
  SummaryNotesButton: ({ sid }: { sid: string }) => <span>Notes of {sid}</span>,
}));
vi.mock('../../../features/summary-notes/components/summary-notifications', () => ({
  SummaryNotifications: () => null,
}));

const PATIENT_ID = '11111111-1111-4111-8111-111111111111';
const SID = '22222222-2222-4222-8222-222222222222';
const NEXT_SID = '33333333-3333-4333-8333-333333333333';
const NEXT_PATIENT_ID = '44444444-4444-4444-8444-444444444444';

const banner = aPatientDemographics({
  cairnPatientId: PATIENT_ID,
  coverages: [{ payer: 'Medicare', plan: 'Part B' }],
  riskScore: { status: 'current', current: 1.5, potential: 2 },
  counts: { openSuggestions: 1, hccCount: 1, openCareGaps: 0 },
});

const details: AppointmentDetails = {
  appointment: {
    sid: SID,
    nid: 'appt-1',
    startAt: '2026-11-21T09:30:00.000Z',
    endAt: null,
    serviceDate: '2026-11-21',
    status: 'booked',
    visitType: 'Follow-up',
    reason: null,
    providerId: null,
    providerName: 'Maya Rivera',
    departmentName: 'Family Medicine',
    clinicName: 'Riverside Clinic',
    encounterId: null,
  },
  patient: banner,
};

/** The portrait asks for its first tab's data beside the banner (issue 16), whether or not the tab has shown yet. */
function answer(answers: ApiAnswers) {
  return answerApi({
    ...REALTIME_TICKET,
    ...LINKED_ENCOUNTER,
    '/getDxCaptureData': result(anEmptySummary()),
    ...answers,
  });
}

function ErrorProbe() {
  const error = useRouteError();
  return <p role="alert">{error instanceof Error ? error.message : 'error'}</p>;
}

function renderPortrait(url: string, flags: FlagValues = {}) {
  const children = [
    { index: true, element: <FirstAllowedTabRedirect /> },
    { path: ':tab', element: <PortraitTabPage /> },
  ];
  const routes = [
    { path: '/patient/:cairnPatientId', element: <PortraitPage />, errorElement: <ErrorProbe />, children },
    {
      path: '/patient/:cairnPatientId/appointment/:cairnAppointmentId',
      element: <PortraitPage />,
      errorElement: <ErrorProbe />,
      children,
    },
  ];
  return renderWithProviders(null, { routes, url, flags });
}

// The portrait follows its visit's real-time events: its one client is made on first use, with the
// WebSocket of that moment (jsdom's would try to connect).
beforeAll(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

const DX_AND_AMBIENT_TABS: FlagValues = { configuration_FrontendTabs: ['DxSummary', 'Ambient'] };

describe('the portrait', () => {
  it('shows the banner of the visit’s patient with its formats', async () => {
    const api = answer({
      '/getAppointmentDetails': result(details),
      '/getAdjacentAppointments': result({ previous: null, next: null }),
    });
    renderPortrait(`/patient/${PATIENT_ID}/appointment/${SID}/dx-summary`, DX_AND_AMBIENT_TABS);
    const region = await screen.findByRole('region', { name: 'Patient banner' });
    const inBanner = within(region);
    expect(inBanner.getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    for (const text of ['75', 'Female', '12/10/1950', 'MRN-100', 'Medicare (Part B)', 'Maya Rivera', '1.500']) {
      expect(inBanner.getAllByText(text, { exact: false }).length).toBeGreaterThan(0);
    }
    expect(inBanner.getByText(`Notes of ${SID}`)).toBeInTheDocument();
    expect(api.callsTo('/getAppointmentDetails')[0]?.body).toEqual({
      summaryId: SID,
      useCache: true,
      skipValidation: false,
    });
  });

  it('shows Pending while the risk score is not computed, from the demographics without a visit', async () => {
    answer({ '/getPatientDemographics': result({ ...banner, riskScore: { status: 'pending' } }) });
    renderPortrait(`/patient/${PATIENT_ID}/dx-summary`, DX_AND_AMBIENT_TABS);
    const region = await screen.findByRole('region', { name: 'Patient banner' });
    expect(within(region).getByText('Pending')).toBeInTheDocument();
  });

  it('opens the first allowed tab and lists only the allowed tabs, with their spec titles', async () => {
    answer({ '/getPatientDemographics': result(banner) });
    const { router } = renderPortrait(`/patient/${PATIENT_ID}`, {
      configuration_FrontendTabs: ['Quality', 'Ambient', 'DxSummary'],
      clinicalAlerts: false,
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/patient/${PATIENT_ID}/ambient`));
    const tabs = within(await screen.findByRole('navigation', { name: 'Portrait tabs' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Ambient', 'Diagnosis Summary']);
    expect(screen.getByRole('link', { name: 'Diagnosis Summary' })).toHaveAttribute(
      'href',
      `/patient/${PATIENT_ID}/dx-summary`,
    );
  });

  it("says 'No allowed tabs configured for the user' when the list is empty", async () => {
    answer({ '/getPatientDemographics': result(banner) });
    renderPortrait(`/patient/${PATIENT_ID}`, { configuration_FrontendTabs: [] });
    expect(await screen.findByRole('alert')).toHaveTextContent('No allowed tabs configured for the user');
  });

  it('shows the unknown-tab message for a tab that does not exist or is not allowed', async () => {
    answer({ '/getPatientDemographics': result(banner) });
    renderPortrait(`/patient/${PATIENT_ID}/quality`, DX_AND_AMBIENT_TABS);
    expect(await screen.findByText('Tab not found')).toBeInTheDocument();
    expect(screen.getByText('This Tab does not exist. Please try again later.')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch appointment details' on the error screen when the answer is empty", async () => {
    answer({ '/getAppointmentDetails': { body: {} } });
    renderPortrait(`/patient/${PATIENT_ID}/appointment/${SID}/dx-summary`, DX_AND_AMBIENT_TABS);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch appointment details');
  });

  it('says the patient was not found on a 404, with the server’s reason', async () => {
    answer({
      '/getAppointmentDetails': failure(404, 'NOT_FOUND', 'This visit was cancelled.'),
    });
    renderPortrait(`/patient/${PATIENT_ID}/appointment/${SID}/dx-summary`, DX_AND_AMBIENT_TABS);
    expect(await screen.findByText('Patient not found')).toBeInTheDocument();
    expect(screen.getByText('This visit was cancelled.')).toBeInTheDocument();
  });

  it('reports an unknown tab even when the patient does not exist', async () => {
    answer({
      '/getPatientDemographics': failure(404, 'NOT_FOUND', 'Patient not found.'),
    });
    renderPortrait(`/patient/${PATIENT_ID}/no-such-tab`, DX_AND_AMBIENT_TABS);
    expect(await screen.findByText('Tab not found')).toBeInTheDocument();
  });

  it("asks for every allowed tab's data once the first tab is open, so that another tab shows from the cache", async () => {
    const api = answer({
      '/getAppointmentDetails': result(details),
      '/getAdjacentAppointments': result({ previous: null, next: null }),
      '/getClinicalSummary': result(anEmptyClinicalSummary()),
      '/getDocuments': result(anEmptyDocumentList()),
    });
    renderPortrait(`/patient/${PATIENT_ID}/appointment/${SID}`, {
      configuration_FrontendTabs: ['DxSummary', 'ClinicalSummary', 'DocumentsList'],
    });
    expect(await screen.findByRole('link', { name: 'Clinical Summary' })).toBeInTheDocument();
    await vi.waitFor(() => {
      expect(api.callsTo('/getClinicalSummary')).toEqual([
        expect.objectContaining({ body: { cairnPatientId: PATIENT_ID } }),
      ]);
      expect(api.callsTo('/getDocuments')).toEqual([
        expect.objectContaining({ body: { cairnPatientId: PATIENT_ID, filters: {} } }),
      ]);
      // After the first tab's module, which takes a while to load in jsdom.
    }, 15_000);
    expect(api.callsTo('/getDxCaptureData')[0]?.body).toEqual({ sid: SID, isGroupingOn: true });
    await fastUser().click(screen.getByRole('link', { name: 'Clinical Summary' }));
    const problems = await screen.findByRole('region', { name: 'Problems' });
    expect(within(problems).queryByRole('status')).not.toBeInTheDocument();
    expect(api.callsTo('/getClinicalSummary')).toHaveLength(1);
  });

  it("marks the patient's tabs for reloading when the record has been read from the EHR after a launch", async () => {
    answer({
      '/getAppointmentDetails': result(details),
      '/getAdjacentAppointments': result({ previous: null, next: null }),
      '/getClinicalSummary': result(anEmptyClinicalSummary()),
      '/getDocuments': result(anEmptyDocumentList()),
    });
    const { queryClient } = renderPortrait(`/patient/${PATIENT_ID}/appointment/${SID}/dx-summary`, {
      configuration_FrontendTabs: ['DxSummary', 'ClinicalSummary', 'DocumentsList'],
    });
    const recordOf = () => queryClient.getQueryState(['clinicalSummary', PATIENT_ID]);
    await vi.waitFor(() => expect(recordOf()?.status).toBe('success'), 15_000);
    await vi.waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.latest();
    act(() => {
      if (socket.readyState !== 1) socket.open();
      socket.receive({ type: 'subscribed', sid: SID, lastEventId: 0 });
      socket.receive({
        type: 'event',
        id: 1,
        sid: SID,
        at: '2026-03-02T10:42:00.000Z',
        event: { kind: 'ehr.synced', status: 'synced' },
      });
    });
    await vi.waitFor(() => expect(recordOf()?.isInvalidated).toBe(true));
  });

  it('moves to the next patient of the day', async () => {
    answer({
      '/getAppointmentDetails': result(details),
      '/getAdjacentAppointments': result({
        previous: null,
        next: {
          sid: NEXT_SID,
          cairnPatientId: NEXT_PATIENT_ID,
          patientName: 'Hopper, Grace',
          startAt: details.appointment.startAt,
        },
      }),
    });
    const { router } = renderPortrait(`/patient/${PATIENT_ID}/appointment/${SID}/dx-summary`, DX_AND_AMBIENT_TABS);
    const next = await screen.findByRole('button', { name: /Next patient/ });
    await vi.waitFor(() => expect(next).toBeEnabled());
    expect(screen.getByRole('button', { name: /Previous patient/ })).toBeDisabled();
    await fastUser().click(next);
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toMatch(`/patient/${NEXT_PATIENT_ID}/appointment/${NEXT_SID}`),
    );
  });
});
