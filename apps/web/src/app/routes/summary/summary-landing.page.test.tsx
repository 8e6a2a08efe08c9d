import type { Endpoint } from '@cairn/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useRouteError } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import SummaryLandingPage from './summary-landing.page';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api', () => ({ api: { call } }));
vi.mock('../../../features/clinical-summary/components/clinical-summary-tab', () => ({
  ClinicalSummaryTab: ({ patientId }: { patientId: string }) => <p>clinical summary of {patientId}</p>,
}));

const SID = '22222222-2222-4222-8222-222222222222';
const PATIENT_ID = '11111111-1111-4111-8111-111111111111';

function ErrorProbe() {
  const error = useRouteError();
  return <p role="alert">{error instanceof Error ? error.message : 'error'}</p>;
}

function renderLanding(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/:cairnAppointmentId', element: <SummaryLandingPage />, errorElement: <ErrorProbe /> },
      { path: '/overlay/:cairnAppointmentId', element: <SummaryLandingPage />, errorElement: <ErrorProbe /> },
      { path: '/overlay/clinical/:cairnAppointmentId', element: <SummaryLandingPage />, errorElement: <ErrorProbe /> },
      {
        path: '/overlay/patient/:cairnPatientId/appointment/:cairnAppointmentId/:tab',
        element: <p>overlay tab</p>,
      },
      { path: '/patient/:cairnPatientId/appointment/:cairnAppointmentId', element: <p>portrait</p> },
      { path: '/overlay/patient/:cairnPatientId/appointment/:cairnAppointmentId', element: <p>overlay portrait</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function answerDetails(body: unknown) {
  call.mockImplementation(((endpoint: Endpoint) =>
    endpoint.path === '/getAppointmentDetails'
      ? Promise.resolve(body)
      : Promise.reject(new Error('unexpected call'))) as never);
}

beforeEach(() => {
  call.mockReset();
});

describe('the summary landing page', () => {
  it("replaces itself with the visit's portrait", async () => {
    answerDetails({ result: { appointment: { sid: SID }, patient: { cairnPatientId: PATIENT_ID } } });
    const router = renderLanding(`/${SID}`);
    expect(await screen.findByText('portrait')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/patient/${PATIENT_ID}/appointment/${SID}`);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('stays in the overlay', async () => {
    answerDetails({ result: { appointment: { sid: SID }, patient: { cairnPatientId: PATIENT_ID } } });
    const router = renderLanding(`/overlay/${SID}`);
    expect(await screen.findByText('overlay portrait')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/overlay/patient/${PATIENT_ID}/appointment/${SID}`);
  });

  it('opens the overlay at the tab its path names', async () => {
    answerDetails({ result: { appointment: { sid: SID }, patient: { cairnPatientId: PATIENT_ID } } });
    const router = renderLanding(`/overlay/clinical/${SID}`);
    expect(await screen.findByText('overlay tab')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/overlay/patient/${PATIENT_ID}/appointment/${SID}/clinical-summary`);
  });

  it("shows 'Failed to fetch appointment details' for an empty answer", async () => {
    answerDetails(undefined);
    renderLanding(`/${SID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch appointment details');
  });

  it('shows the general-info chart page in the overlay: the banner and the clinical summary, no redirect', async () => {
    answerDetails({ result: VISIT });
    const router = renderLanding(`/overlay/${SID}?generalInfoChartPage=1`);
    expect(await screen.findByRole('region', { name: 'Patient banner' })).toHaveTextContent('Grace Hopper');
    expect(screen.getByText(`clinical summary of ${PATIENT_ID}`)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/overlay/${SID}`);
  });

  it('ignores generalInfoChartPage outside the overlay summary', async () => {
    answerDetails({ result: VISIT });
    const router = renderLanding(`/${SID}?generalInfoChartPage=1`);
    expect(await screen.findByText('portrait')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/patient/${PATIENT_ID}/appointment/${SID}`);
  });
});

const VISIT = {
  appointment: {
    sid: SID,
    nid: null,
    startAt: '2026-11-21T09:00:00Z',
    endAt: null,
    serviceDate: '2026-11-21',
    status: 'booked',
    visitType: 'Follow-up',
    reason: null,
    providerId: null,
    providerName: 'Dr. Who',
    departmentName: null,
    clinicName: null,
    encounterId: null,
  },
  patient: {
    cairnPatientId: PATIENT_ID,
    firstName: 'Grace',
    lastName: 'Hopper',
    age: 85,
    isDeceased: false,
    deceasedDate: null,
    gender: 'female',
    dateOfBirth: '1906-12-09',
    mrn: 'M1',
    coverages: [],
    primaryProviderName: null,
    riskScore: { status: 'pending' },
    counts: null,
    recentVisits: [],
    upcomingVisits: [],
  },
};
