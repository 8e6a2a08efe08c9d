import type { Endpoint, PatientDemographics, PatientListItem } from '@cairn/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import PatientLookupPage from './patient-lookup.page';

const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api', () => ({ api: { call } }));

const ADA_ID = '11111111-1111-4111-8111-111111111111';
const VISIT_ID = '22222222-2222-4222-8222-222222222222';

const ada: PatientListItem = {
  cairnPatientId: ADA_ID,
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1950-12-10',
  gender: 'female',
  mrn: 'MRN-100',
  primaryProviderName: 'Maya Rivera',
  nextVisit: null,
};

const adaBanner: PatientDemographics = {
  ...ada,
  age: 75,
  isDeceased: false,
  deceasedDate: null,
  coverages: [],
  riskScore: { status: 'pending' },
  counts: null,
  recentVisits: [],
  upcomingVisits: [
    { sid: VISIT_ID, startAt: '2026-11-24T14:00:00.000Z', status: 'booked', visitType: 'Annual', providerName: null },
  ],
};

function renderLookup(path = '/patient-lookup/new') {
  const router = createMemoryRouter([{ path: '/patient-lookup/:cairnPatientId', element: <PatientLookupPage /> }], {
    initialEntries: [path],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  call.mockReset();
  call.mockImplementation(((endpoint: Endpoint, input: { searchText?: string }) => {
    if (endpoint.path === '/getPatientLookup') {
      return Promise.resolve({ result: input.searchText?.toLowerCase().startsWith('lov') ? [ada] : [] });
    }
    if (endpoint.path === '/getPatientDemographics') return Promise.resolve({ result: adaBanner });
    return Promise.reject(new Error(`unexpected call ${endpoint.path}`));
  }) as never);
});

describe('patient lookup', () => {
  it('searches as the user pauses, once, with the newer request cancelling the older', async () => {
    renderLookup();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'Love');
    expect(await screen.findByText('Lovelace, Ada', {}, { timeout: 3000 })).toBeInTheDocument();
    const lookups = call.mock.calls.filter(([endpoint]) => endpoint.path === '/getPatientLookup');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.[1]).toEqual({ searchText: 'Love' });
    expect(lookups[0]?.[2]).toMatchObject({ cancelKey: 'getPatientLookup' });
  });

  it('says when nobody matches', async () => {
    renderLookup();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'Zed');
    expect(await screen.findByText('No patients found', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('shows no patient card before a patient is chosen', () => {
    renderLookup();
    expect(screen.queryByText('Open portrait')).not.toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });

  it('opens the chosen patient’s card with their visits, each linking to the portrait', async () => {
    const router = renderLookup();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search patients' }), 'lov');
    await userEvent.click(await screen.findByRole('button', { name: /Lovelace, Ada/ }, { timeout: 3000 }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/patient-lookup/${ADA_ID}`));
    expect(await screen.findByText('Upcoming visits')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /11\/24\/2026/ })).toHaveAttribute(
      'href',
      `/patient/${ADA_ID}/appointment/${VISIT_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Open portrait' })).toHaveAttribute('href', `/patient/${ADA_ID}`);
  });
});
