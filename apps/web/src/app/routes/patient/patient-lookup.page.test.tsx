import type { PatientDemographics, PatientListItem } from '@cairn/contracts';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, result, type ApiStub } from '../../../testing/answer-api';
import { renderWithProviders, fastUser } from '../../../testing/render-with-providers';
import PatientLookupPage from './patient-lookup.page';

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

function renderLookup(url = '/patient-lookup/new') {
  return renderWithProviders(<PatientLookupPage />, { url, path: '/patient-lookup/:cairnPatientId' }).router;
}

let api: ApiStub;
beforeEach(() => {
  api = answerApi({
    '/getPatientLookup': (body) => result(String(body.searchText).toLowerCase().startsWith('lov') ? [ada] : []),
    '/getPatientDemographics': result(adaBanner),
  });
});

describe('patient lookup', () => {
  it('cancels a search still pending when the user searches again', async () => {
    api = answerApi({
      '/getPatientLookup': (body) => (body.searchText === 'Lov' ? new Promise(() => undefined) : result([ada])),
    });
    renderLookup();
    const searchbox = screen.getByRole('searchbox', { name: 'Search patients' });
    await fastUser().type(searchbox, 'Lov');
    await vi.waitFor(() => expect(api.callsTo('/getPatientLookup')).toHaveLength(1), { timeout: 3000 });
    await fastUser().type(searchbox, 'e');
    expect(await screen.findByText('Lovelace, Ada', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(api.callsTo('/getPatientLookup')[0]?.signal?.aborted).toBe(true);
  });

  it('searches as the user pauses, once', async () => {
    renderLookup();
    await fastUser().type(screen.getByRole('searchbox', { name: 'Search patients' }), 'Love');
    expect(await screen.findByText('Lovelace, Ada', {}, { timeout: 3000 })).toBeInTheDocument();
    const lookups = api.callsTo('/getPatientLookup');
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.body).toEqual({ searchText: 'Love' });
  });

  it('says when nobody matches', async () => {
    renderLookup();
    await fastUser().type(screen.getByRole('searchbox', { name: 'Search patients' }), 'Zed');
    expect(await screen.findByText('No patients found', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('shows no patient card before a patient is chosen', () => {
    renderLookup();
    expect(screen.queryByText('Open portrait')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('opens the chosen patient’s card with their visits, each linking to the portrait', async () => {
    const router = renderLookup();
    await fastUser().type(screen.getByRole('searchbox', { name: 'Search patients' }), 'lov');
    await fastUser().click(await screen.findByRole('button', { name: /Lovelace, Ada/ }, { timeout: 3000 }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/patient-lookup/${ADA_ID}`));
    expect(await screen.findByText('Upcoming visits')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /11\/24\/2026/ })).toHaveAttribute(
      'href',
      `/patient/${ADA_ID}/appointment/${VISIT_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Open portrait' })).toHaveAttribute('href', `/patient/${ADA_ID}`);
  });
});
