import type { AdmissionsSummary, CostSummary, PopulationStay, TransitionalCareRow } from '@cairn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { cloneElement, type ReactElement } from 'react';
import type * as Recharts from 'recharts';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, result } from '../../../testing/answer-api';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { AdmissionsDashboard } from './admissions-dashboard';
import { CostDashboard } from './cost-dashboard';

// jsdom lays nothing out, so the responsive container would measure 0 × 0 and draw no chart.
vi.mock('recharts', async (importOriginal) => {
  const recharts = await importOriginal<typeof Recharts>();
  return {
    ...recharts,
    ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) =>
      cloneElement(children, { width: 800, height: 280 }),
  };
});

const NORTH = { id: '11111111-1111-4111-8111-111111111111', name: 'North Clinic' };
const RIVERA = { id: '22222222-2222-4222-8222-222222222222', name: 'Maya Rivera, MD' };
const PATIENT = {
  cairnPatientId: '33333333-3333-4333-8333-333333333333',
  firstName: 'Helen',
  lastName: 'Dubois',
  dateOfBirth: '1943-06-07',
  mrn: 'D0000179',
};
const FRESHNESS = {
  refreshedAt: '2026-11-28T12:00:00.000Z',
  asOf: '2026-11-28',
  isRefreshing: false,
  periods: [
    { key: 'L12', label: 'Last 12 months (Dec 2025 – Nov 2026)', from: '2025-12-01', to: '2026-11-28' },
    { key: '2025', label: '2025', from: '2025-01-01', to: '2025-12-31' },
  ],
};

function counts(admissions: number) {
  return {
    admissions,
    observationStays: 1,
    emergencyVisits: 4,
    memberMonths: 1200,
    admissionsPer1000: (admissions / 1200) * 12_000,
    emergencyPer1000: 40,
    averageLengthOfStay: 4.5,
    readmissions: { numerator: 1, denominator: admissions, rate: 1 / admissions },
  };
}

const ADMISSIONS: AdmissionsSummary = {
  freshness: FRESHNESS,
  totals: counts(10),
  transitionalCare: 1,
  months: [{ ...counts(10), month: '2026-11' }],
  byClinic: [{ ...counts(7), clinic: NORTH }],
  byProvider: [{ ...counts(7), provider: RIVERA, clinicName: NORTH.name }],
  topDiagnoses: [
    { category: 'CIR019', description: 'Heart failure', admissions: 3, observationStays: 0, emergencyVisits: 1 },
  ],
};

const WORKLIST: TransitionalCareRow[] = [
  {
    stayId: '44444444-4444-4444-8444-444444444444',
    patient: PATIENT,
    kind: 'inpatient',
    admitDate: '2026-11-10',
    dischargeDate: '2026-11-16',
    daysSinceDischarge: 12,
    diagnosisCode: 'I5023',
    diagnosisText: 'Acute on chronic systolic heart failure',
    isReadmission: false,
    primaryProvider: RIVERA,
    clinicName: NORTH.name,
    phone: '(555) 527-3407',
    nextVisit: null,
  },
];

const STAY: PopulationStay = {
  id: '55555555-5555-4555-8555-555555555555',
  patient: PATIENT,
  kind: 'inpatient',
  origin: 'encounter',
  admitDate: '2026-11-10',
  dischargeDate: '2026-11-16',
  lengthOfStay: 6,
  diagnosisCode: 'I5023',
  diagnosisText: 'Acute on chronic systolic heart failure',
  ccsrCategory: 'CIR019',
  ccsrDescription: 'Heart failure',
  isReadmission: false,
  isReadmitted: true,
  providerName: RIVERA.name,
  clinicName: NORTH.name,
};

const NO_HIERARCHY = { '/getUserClinicsHierarchy': result({ clinics: [], defaultFilter: { providerIds: [] } }) };

// A whole dashboard (a dozen panels of antd tables) takes a few seconds to render in jsdom on a busy machine.
const WHOLE_PAGE = { timeout: 60_000 };

describe('AdmissionsDashboard', () => {
  it('shows the numbers, the transitional-care worklist, and a clinic count opens its stays', WHOLE_PAGE, async () => {
    const api = answerApi({
      ...NO_HIERARCHY,
      '/population/admissions': result(ADMISSIONS),
      '/population/transitional-care': result({ rows: WORKLIST, total: 1 }),
      '/population/stays': result({ rows: [STAY], total: 1 }),
    });
    renderWithProviders(<AdmissionsDashboard />, { url: '/pop-health-admissions' });

    const worklist = await screen.findByRole('table', { name: 'Transitional care worklist' });
    expect(within(worklist).getByRole('link', { name: /Dubois, Helen/ })).toHaveAttribute(
      'href',
      `/patient/${PATIENT.cairnPatientId}`,
    );
    expect(within(worklist).getByText('None booked')).toBeInTheDocument();
    expect(
      screen.getByText('1 of 10 inpatient discharges were followed by another admission within 30 days.'),
    ).toBeInTheDocument();

    const byClinic = screen.getByRole('table', { name: 'By clinic' });
    await fastUser().click(
      within(byClinic).getByRole('button', { name: 'Show the patients of North Clinic (Admissions: 7)' }),
    );
    // antd names a drawer through an id that rc-util makes 'test-id' under test, which the page's selects hold too.
    const drawer = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(within(drawer).getByText('Admissions: North Clinic')).toBeInTheDocument();
    expect(
      await within(drawer).findByText('I5023 Acute on chronic systolic heart failure', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(api.callsTo('/population/stays')[0]?.body).toMatchObject({
      filters: { period: 'L12' },
      drill: { kinds: ['inpatient'], clinicId: NORTH.id },
    });
  });

  it('asks for the period chosen and keeps it in the URL', WHOLE_PAGE, async () => {
    const api = answerApi({
      ...NO_HIERARCHY,
      '/population/admissions': result(ADMISSIONS),
      '/population/transitional-care': result({ rows: [], total: 0 }),
    });
    const { router } = renderWithProviders(<AdmissionsDashboard />, { url: '/pop-health-admissions' });
    await screen.findByText('Every patient discharged in the last 14 days has been seen since.');
    await fastUser().click(screen.getByRole('combobox', { name: 'Period' }));
    await fastUser().click(await screen.findByTitle('2025'));
    await waitFor(() => expect(router.state.location.search).toBe('?period=2025'));
    await waitFor(() =>
      expect(api.callsTo('/population/admissions').at(-1)?.body).toMatchObject({ filters: { period: '2025' } }),
    );
  });
});

const COST: CostSummary = {
  freshness: FRESHNESS,
  totals: {
    total: 250_000,
    memberMonths: 1200,
    pmpm: 208.33,
    claims: 900,
    patientsWithCost: 90,
    byCategory: {
      inpatient: 150_000,
      outpatient: 30_000,
      emergency: 20_000,
      professional: 30_000,
      pharmacy: 20_000,
      other: 0,
    },
  },
  months: [],
  byCategory: [{ category: 'inpatient', total: 150_000, claims: 40, memberMonths: 1200, pmpm: 125 }],
  byClinic: [{ clinic: NORTH, total: 250_000, claims: 900, memberMonths: 1200, pmpm: 208.33 }],
  byProvider: [],
  byBodySystem: [
    {
      code: 'CIR',
      name: 'Diseases of the circulatory system',
      total: 90_000,
      claims: 100,
      memberMonths: 1200,
      pmpm: 75,
    },
  ],
  riskBands: [
    {
      band: '1-1.5',
      label: '1 to 1.5',
      patients: 40,
      outliers: 2,
      memberMonths: 480,
      total: 100_000,
      claims: 0,
      pmpm: 208.33,
    },
  ],
  topPatients: [],
};

describe('CostDashboard', () => {
  it('shows paid amounts when asked, in the URL, and opens the outliers of a risk band', WHOLE_PAGE, async () => {
    const api = answerApi({
      ...NO_HIERARCHY,
      '/population/cost': result(COST),
      '/population/cost/patients': result({ rows: [], total: 0 }),
    });
    const { router } = renderWithProviders(<CostDashboard />, { url: '/pop-health-cost' });
    expect(await screen.findByText('Total allowed')).toBeInTheDocument();

    await fastUser().click(screen.getByText('Paid'));
    await waitFor(() => expect(router.state.location.search).toBe('?amount=paid'));
    await waitFor(() =>
      expect(api.callsTo('/population/cost').at(-1)?.body).toMatchObject({ filters: { amount: 'paid' } }),
    );

    const risk = screen.getByRole('region', { name: 'Cost against risk' });
    await fastUser().click(within(risk).getByText('Table'));
    await fastUser().click(within(risk).getByRole('button', { name: /Outliers/ }));
    await waitFor(() =>
      expect(api.callsTo('/population/cost/patients')[0]?.body).toMatchObject({
        drill: { riskBand: '1-1.5', isOutlier: true },
      }),
    );
  });

  it("opens a month's pharmacy cost from the trend's table", WHOLE_PAGE, async () => {
    const month = { total: 20_000, claims: 80, memberMonths: 100, pmpm: 200, byCategory: COST.totals.byCategory };
    const api = answerApi({
      ...NO_HIERARCHY,
      '/population/cost': result({ ...COST, months: [{ ...month, month: '2026-10' }] }),
      '/population/cost/patients': result({ rows: [], total: 0 }),
    });
    renderWithProviders(<CostDashboard />, { url: '/pop-health-cost' });
    const trend = await screen.findByRole('region', { name: 'Cost by month' });
    await fastUser().click(within(trend).getByText('Table'));
    await fastUser().click(await within(trend).findByRole('button', { name: /Pharmacy/ }));
    await waitFor(() =>
      expect(api.callsTo('/population/cost/patients')[0]?.body).toMatchObject({
        drill: { month: '2026-10', serviceCategory: 'pharmacy' },
      }),
    );
  });
});
