import type { ScheduleSummary } from '@cairn/contracts';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dayjs } from '../../../lib/dates';
import { sessionStore } from '../../../lib/session';
import { PENDING_REFETCH_MS } from '../api/get-permitted-zones';
import { todayIsoDate } from './day-navigation';
import { ScheduleOverview } from './schedule-overview';
import { answerApi, failure, result, type RecordedCall } from '../../../testing/answer-api';
import { renderWithProviders, fastUser } from '../../../testing/render-with-providers';
import { fakeToken } from '../../../testing/session';

const PROVIDER_ID = '0b9a5f52-6a43-4c4f-8a1e-2f3d4c5b6a71';
const HIERARCHY = {
  clinics: [
    {
      id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
      name: 'Riverside Clinic',
      departments: [
        {
          id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
          name: 'Family Medicine',
          providers: [{ id: PROVIDER_ID, name: 'Maya Rivera, MD' }],
        },
      ],
    },
  ],
  defaultFilter: { providerIds: [PROVIDER_ID] },
};

function summary(index: number, overrides: Partial<ScheduleSummary> = {}): ScheduleSummary {
  const sid = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  return {
    sid,
    cairnPatientId: `10000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    cairnAppointmentId: sid,
    startAt: dayjs(`${todayIsoDate()}T08:00`)
      .add(index * 15, 'minute')
      .toISOString(),
    patientName: `Patient ${String(index)}`,
    dateOfBirth: '1950-12-10',
    gender: 'female',
    mrn: `MRN${String(index)}`,
    visitType: 'Follow-up',
    status: 'booked',
    providerId: PROVIDER_ID,
    providerName: 'Maya Rivera, MD',
    departmentName: 'Family Medicine',
    clinicName: 'Riverside Clinic',
    analysis: { status: 'current', openSuggestions: 3, hccCount: 2, openCareGaps: 1 },
    ...overrides,
  };
}

function renderSchedule() {
  return renderWithProviders(<ScheduleOverview toolbarExtra={<button type="button">Post-visit</button>} />, {
    url: '/schedule',
    path: '/schedule',
    routes: [{ path: '/patient/:cairnPatientId/appointment/:cairnAppointmentId', element: <p>Portrait opened</p> }],
  });
}

const zonesCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/getPermittedZones');

beforeEach(() => {
  sessionStore.setState({ token: fakeToken({ sub: 'user-1' }) });
});
afterEach(() => {
  sessionStore.setState({ token: undefined });
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Scheduling Overview', () => {
  it("shows today's visits of the user's own providers with time, patient, date of birth and counts", async () => {
    const { calls } = answerApi({
      '/getUserClinicsHierarchy': () => result(HIERARCHY),
      '/getPermittedZones': () => result([summary(0), summary(1, { analysis: { status: 'pending' } })]),
    });
    renderSchedule();
    const link = await screen.findByText('Patient 0');
    const row = link.closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('08:00 AM')).toBeInTheDocument();
    expect(within(row).getByText('12/10/1950')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(screen.getByText(dayjs().format('ddd MM/DD'))).toBeInTheDocument();
    // One per count: open suggestions, HCCs, care gaps.
    expect(screen.getAllByLabelText('Analysis pending')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Post-visit' })).toBeInTheDocument();
    expect(zonesCalls(calls)).toHaveLength(1);
    expect(zonesCalls(calls)[0]?.body).toEqual({ isoDate: todayIsoDate(), filters: { providerIds: [PROVIDER_ID] } });
  });

  it('asks for the next and previous day when the user moves between days', async () => {
    const { calls } = answerApi({
      '/getUserClinicsHierarchy': () => result(HIERARCHY),
      '/getPermittedZones': () => result([]),
    });
    renderSchedule();
    expect(await screen.findByText('No visits on this day')).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Next day' }));
    const tomorrow = dayjs().add(1, 'day');
    expect(await screen.findByText(tomorrow.format('ddd MM/DD'))).toBeInTheDocument();
    await vi.waitFor(() => {
      expect(zonesCalls(calls).at(-1)?.body.isoDate).toBe(tomorrow.format('YYYY-MM-DD'));
    });
    await fastUser().click(screen.getByRole('button', { name: 'Previous day' }));
    await fastUser().click(screen.getByRole('button', { name: 'Previous day' }));
    await vi.waitFor(() => {
      expect(zonesCalls(calls).at(-1)?.body.isoDate).toBe(dayjs().subtract(1, 'day').format('YYYY-MM-DD'));
    });
  });

  it('shows the cached list without a call when the same query comes back within the hour', async () => {
    const { calls } = answerApi({
      '/getUserClinicsHierarchy': () => result(HIERARCHY),
      '/getPermittedZones': () => result([summary(0)]),
    });
    const first = renderSchedule();
    await screen.findByText('Patient 0');
    first.unmount();
    renderSchedule();
    expect(await screen.findByRole('link', { name: 'Patient 0' })).toBeInTheDocument();
    expect(zonesCalls(calls)).toHaveLength(1);
  });

  it('cancels the older pending request when a newer one is made, without showing an error', async () => {
    const never = new Promise<never>(() => undefined);
    const { calls } = answerApi({
      '/getUserClinicsHierarchy': () => result(HIERARCHY),
      '/getPermittedZones': (body) => (body.isoDate === todayIsoDate() ? never : result([summary(7)])),
    });
    renderSchedule();
    await vi.waitFor(() => {
      expect(zonesCalls(calls)).toHaveLength(1);
    });
    await fastUser().click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByRole('link', { name: 'Patient 7' })).toBeInTheDocument();
    expect(zonesCalls(calls)[0]?.signal?.aborted).toBe(true);
    expect(screen.queryByText('The schedule could not be loaded')).not.toBeInTheDocument();
  });

  it('shows 20 visits per page', async () => {
    answerApi({
      '/getUserClinicsHierarchy': () => result(HIERARCHY),
      '/getPermittedZones': () => result(Array.from({ length: 25 }, (_, index) => summary(index))),
    });
    renderSchedule();
    await screen.findByText('Patient 0');
    expect(screen.getAllByText(/^Patient \d+$/)).toHaveLength(20);
    await fastUser().click(screen.getByTitle('2'));
    expect(await screen.findByText('Patient 24')).toBeInTheDocument();
    expect(screen.getAllByText(/^Patient \d+$/)).toHaveLength(5);
    // The search box's pause (300 ms) passing with its text unchanged leaves the user on page 2.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByText('Patient 24')).toBeInTheDocument();
  });

  it('asks again while an analysis is pending, until the counts are current', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let isAnalysed = false;
    const { calls } = answerApi({
      '/getUserClinicsHierarchy': () => result(HIERARCHY),
      '/getPermittedZones': () => result([summary(0, isAnalysed ? {} : { analysis: { status: 'pending' } })]),
    });
    renderSchedule();
    expect(await screen.findAllByText('Analysing')).toHaveLength(3);
    isAnalysed = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PENDING_REFETCH_MS + 100);
    });
    await vi.waitFor(() => {
      expect(screen.queryByText('Analysing')).not.toBeInTheDocument();
    });
    expect(zonesCalls(calls)).toHaveLength(2);
  });

  it('sends SummaryClick with the sid and opens the visit portrait', async () => {
    const { calls } = answerApi({
      '/getUserClinicsHierarchy': () => result(HIERARCHY),
      '/getPermittedZones': () => result([summary(0)]),
      '/trackAnalyticsEvent': () => result(true),
    });
    renderSchedule();
    await fastUser().click(await screen.findByRole('link', { name: 'Patient 0' }));
    expect(await screen.findByText('Portrait opened')).toBeInTheDocument();
    await vi.waitFor(() => {
      expect(calls.find((call) => call.path === '/trackAnalyticsEvent')?.body).toEqual({
        name: 'SummaryClick',
        properties: { actionId: summary(0).sid, SourcePage: 'schedule' },
      });
    });
  });

  it('narrows the list by the patient search text', async () => {
    const { calls } = answerApi({
      '/getUserClinicsHierarchy': () => result(HIERARCHY),
      '/getPermittedZones': () => result([summary(0)]),
    });
    renderSchedule();
    await screen.findByText('Patient 0');
    await fastUser().type(screen.getByRole('searchbox', { name: 'Search patients' }), 'love');
    await vi.waitFor(() => {
      expect(zonesCalls(calls).at(-1)?.body.patientLookup).toBe('love');
    });
  });

  it('asks for the visits of a clinic checked in the hierarchy, besides the default providers', async () => {
    const hillside = { id: '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b', name: 'Hillside Clinic', departments: [] };
    const { calls } = answerApi({
      '/getUserClinicsHierarchy': () => result({ ...HIERARCHY, clinics: [...HIERARCHY.clinics, hillside] }),
      '/getPermittedZones': () => result([]),
    });
    renderSchedule();
    await screen.findByText('No visits on this day');
    await fastUser().click(screen.getByRole('combobox', { name: 'Clinics, departments and providers' }));
    await fastUser().click(await screen.findByText('Hillside Clinic'));
    await vi.waitFor(() => {
      expect(zonesCalls(calls).at(-1)?.body.filters).toMatchObject({
        clinicIds: expect.arrayContaining([hillside.id]),
      });
    });
    // Riverside's only provider being checked, the tree reports the whole clinic: the same visits.
    const filters = zonesCalls(calls).at(-1)?.body.filters as { clinicIds: string[]; providerIds: string[] };
    expect([...filters.clinicIds, ...filters.providerIds]).toHaveLength(2);
  });

  it('says so when the schedule cannot be loaded', async () => {
    answerApi({ '/getUserClinicsHierarchy': () => result(HIERARCHY), '/getPermittedZones': failure(503) });
    renderSchedule();
    // One retry (a second later) before giving up.
    expect(await screen.findByText('The schedule could not be loaded', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
