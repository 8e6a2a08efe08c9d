import { screen } from '@testing-library/react';
import { useRouteError } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../../testing/answer-api';
import { renderWithProviders } from '../../../testing/render-with-providers';
import SummaryLandingPage from './summary-landing.page';

vi.mock('../../../features/clinical-summary/components/clinical-summary-tab', () => ({
  ClinicalSummaryTab: ({ patientId }: { patientId: string }) => <p>clinical summary of {patientId}</p>,
}));

const SID = '22222222-2222-4222-8222-222222222222';
const PATIENT_ID = '11111111-1111-4111-8111-111111111111';

function ErrorProbe() {
  const error = useRouteError();
  return <p role="alert">{error instanceof Error ? error.message : 'error'}</p>;
}

function renderLanding(url: string) {
  const routes = [
    { path: '/:cairnAppointmentId', element: <SummaryLandingPage />, errorElement: <ErrorProbe /> },
    { path: '/overlay/:cairnAppointmentId', element: <SummaryLandingPage />, errorElement: <ErrorProbe /> },
    { path: '/overlay/clinical/:cairnAppointmentId', element: <SummaryLandingPage />, errorElement: <ErrorProbe /> },
    {
      path: '/overlay/patient/:cairnPatientId/appointment/:cairnAppointmentId/:tab',
      element: <p>overlay tab</p>,
    },
    { path: '/patient/:cairnPatientId/appointment/:cairnAppointmentId', element: <p>portrait</p> },
    { path: '/overlay/patient/:cairnPatientId/appointment/:cairnAppointmentId', element: <p>overlay portrait</p> },
  ];
  return renderWithProviders(null, { routes, url }).router;
}

function answerDetails(body: unknown) {
  answerApi({ '/getAppointmentDetails': { body } });
}

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
    answerDetails({});
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
