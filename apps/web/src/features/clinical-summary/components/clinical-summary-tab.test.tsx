import type { ClinicalResult, ClinicalSummary, Endpoint, LabTrend } from '@cairn/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { cloneElement, type ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Recharts from 'recharts';
import { ClinicalSummaryTab } from './clinical-summary-tab';
import { fastUser } from '../../../testing/render-with-providers';

const { call } = vi.hoisted(() => ({
  call: vi.fn<(endpoint: Endpoint, input: unknown, options?: unknown) => Promise<unknown>>(),
}));
vi.mock('../../../lib/api', () => ({ api: { call } }));
// jsdom lays nothing out, so the responsive container would measure 0 × 0 and draw no chart.
vi.mock('recharts', async (importOriginal) => {
  const recharts = await importOriginal<typeof Recharts>();
  return {
    ...recharts,
    ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) =>
      cloneElement(children, { width: 600, height: 280 }),
  };
});

const PATIENT_ID = '6f1c2a9e-1b7e-4c1e-9d5e-0a1b2c3d4e5f';

function lab(overrides: Partial<ClinicalResult>): ClinicalResult {
  return {
    id: crypto.randomUUID(),
    source: 'EHR',
    loinc: '4548-4',
    display: 'Hemoglobin A1c',
    date: '2025-05-01',
    value: 6.8,
    valueText: null,
    unit: '%',
    referenceRange: { low: 4, high: 5.6 },
    interpretation: 'H',
    flag: 'high',
    count: 3,
    ...overrides,
  };
}

function emptySummary(): ClinicalSummary {
  return {
    problems: { active: [], resolved: [] },
    medications: { items: [], total: 0 },
    allergies: [],
    vitals: [],
    labs: { items: [], total: 0 },
    screeningScores: [],
    visits: { items: [], total: 0 },
    procedures: { items: [], total: 0 },
    immunizations: { items: [], total: 0 },
  };
}

function fullSummary(): ClinicalSummary {
  const problem = { icdTitle: null, icdMapped: false, snomedCode: null, abatementDate: null, occurrences: 1 };
  return {
    ...emptySummary(),
    problems: {
      active: [
        {
          ...problem,
          id: 'p1',
          source: 'EHR',
          display: 'Type 2 diabetes mellitus',
          icdCode: 'E119',
          icdTitle: 'Type 2 diabetes mellitus without complications',
          icdMapped: true,
          snomedCode: '44054006',
          clinicalStatus: 'active',
          date: '2019-04-02',
        },
      ],
      resolved: [
        {
          ...problem,
          id: 'p2',
          source: 'HIE',
          display: 'Acute viral pharyngitis',
          icdCode: 'J029',
          clinicalStatus: 'resolved',
          date: '2022-02-05',
          abatementDate: '2022-02-15',
          occurrences: 2,
        },
      ],
    },
    medications: {
      items: [
        {
          id: 'm1',
          source: 'HIE',
          display: 'Metformin 500 MG',
          rxnormCode: '860975',
          status: 'active',
          isActive: true,
          dosage: 'twice daily',
          prescriber: null,
          date: '2019-04-02',
          endDate: null,
          occurrences: 1,
        },
      ],
      total: 120,
    },
    vitals: [
      lab({
        id: 'v1',
        loinc: '8480-6',
        display: 'Systolic blood pressure',
        value: 128,
        unit: 'mm[Hg]',
        referenceRange: null,
        interpretation: null,
        flag: null,
        count: 1,
        date: '2025-01-10',
      }),
    ],
    labs: {
      items: [
        lab({ id: 'l1' }),
        lab({
          id: 'l2',
          loinc: '2093-3',
          display: 'Cholesterol',
          value: 180,
          unit: 'mg/dL',
          flag: null,
          interpretation: null,
          referenceRange: { low: null, high: 200 },
          count: 1,
          source: 'HIE',
        }),
        lab({
          id: 'l3',
          loinc: '5792-7',
          display: 'Urine glucose',
          value: null,
          valueText: 'Negative',
          unit: null,
          flag: null,
          interpretation: null,
          referenceRange: { low: null, high: null, text: 'Negative' },
          count: 1,
        }),
      ],
      total: 3,
    },
    visits: {
      items: [
        {
          id: 'e1',
          source: 'EHR',
          date: '2025-05-01',
          endDate: null,
          type: 'Encounter for check up',
          classCode: 'AMB',
          provider: 'Maya Rivera, MD',
          reason: null,
          status: 'finished',
        },
      ],
      total: 1,
    },
  };
}

const TREND: LabTrend = {
  loinc: '4548-4',
  display: 'Hemoglobin A1c',
  unit: '%',
  units: 'single',
  referenceRange: { low: 4, high: 5.6 },
  points: [
    { id: 't1', source: 'EHR', date: '2023-05-01', value: 7.9, unit: '%', interpretation: 'H', convertedFrom: null },
    { id: 't2', source: 'HIE', date: '2024-05-01', value: 7.1, unit: '%', interpretation: 'H', convertedFrom: null },
    { id: 't3', source: 'EHR', date: '2025-05-01', value: 6.8, unit: '%', interpretation: 'H', convertedFrom: null },
  ],
};

function answer(responses: Record<string, () => unknown>) {
  call.mockImplementation((endpoint: Endpoint) => {
    const respond = responses[endpoint.path];
    if (!respond) return Promise.reject(new Error(`unexpected call ${endpoint.path}`));
    return Promise.resolve({ result: respond() });
  });
}

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ClinicalSummaryTab patientId={PATIENT_ID} appointmentId={undefined} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  call.mockReset();
});

describe('the Clinical Summary tab', () => {
  it('shows each item with its source and its date', async () => {
    answer({ '/getClinicalSummary': fullSummary });
    renderTab();
    const problems = await screen.findByRole('region', { name: 'Problems' });
    const diabetes = (await within(problems).findByText('Type 2 diabetes mellitus')).closest('li') as HTMLElement;
    expect(within(diabetes).getByText('04/02/2019')).toBeInTheDocument();
    expect(within(diabetes).getByText('EHR')).toBeInTheDocument();
    expect(
      within(diabetes).getByText(
        /ICD-10-CM E11\.9 Type 2 diabetes mellitus without complications \(mapped from SNOMED CT\)/,
      ),
    ).toBeInTheDocument();
    const medication = within(screen.getByRole('region', { name: 'Medications' }))
      .getByText('Metformin 500 MG')
      .closest('li') as HTMLElement;
    expect(within(medication).getByText('HIE')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Medications' })).getByText('Showing 1 of 120'),
    ).toBeInTheDocument();
    const visits = screen.getByRole('region', { name: 'Visits' });
    expect(within(visits).getByText('Ambulatory · Maya Rivera, MD')).toBeInTheDocument();
    expect(within(visits).getByText('05/01/2025')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Vitals' })).getByText('128 mmHg')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/getClinicalSummary' }),
      { cairnPatientId: PATIENT_ID },
      expect.anything(),
    );
  });

  it('shows each value as it was reported: 7.7%, a PHQ-9 of 18, eGFR in mL/min/1.73 m², a code with its title', async () => {
    const summary = fullSummary();
    summary.labs.items = [
      lab({ id: 'a1c', value: 7.1 + 0.6 }),
      lab({ id: 'egfr', loinc: '98979-8', display: 'eGFR', value: 52, unit: 'mL/min/{1.73_m2}', count: 1 }),
    ];
    summary.screeningScores = [
      lab({ id: 'phq9', loinc: '44261-6', display: 'PHQ-9 total score', value: 18, unit: '{score}', count: 1 }),
    ];
    summary.problems.resolved[0] = {
      ...summary.problems.resolved[0]!,
      display: 'Acute pharyngitis, unspecified',
      icdTitle: 'Acute pharyngitis, unspecified',
    };
    answer({ '/getClinicalSummary': () => summary });
    renderTab();
    const labs = await screen.findByRole('table', { name: 'Labs' });
    expect(within(labs).getByText('7.7%')).toBeInTheDocument();
    expect(within(labs).getByText('52 mL/min/1.73 m²')).toBeInTheDocument();
    const scores = screen.getByRole('region', { name: 'Screening scores' });
    const phq9 = within(scores).getByText('PHQ-9 total score').closest('li') as HTMLElement;
    expect(within(phq9).getByText('18')).toBeInTheDocument();
    expect(scores).not.toHaveTextContent('{score}');
    // A problem named by its code's own title does not repeat it.
    const problems = screen.getByRole('region', { name: 'Problems' });
    await fastUser().click(within(problems).getByText('Resolved (1)'));
    expect(within(problems).getByText(/^ICD-10-CM J02\.9 · resolved/)).toBeInTheDocument();
  });

  it('shows a value with the decimal places it was reported with: 7.70%, in the labs and in its trend', async () => {
    const summary = fullSummary();
    summary.labs.items = [lab({ id: 'a1c', value: 7.7, decimals: 2 })];
    const trend: LabTrend = {
      ...TREND,
      points: [
        { ...TREND.points[0]!, value: 7.9, decimals: null },
        { ...TREND.points[2]!, value: 7.7, decimals: 2 },
      ],
    };
    answer({ '/getClinicalSummary': () => summary, '/getLabTrend': () => trend });
    renderTab();
    const labs = await screen.findByRole('table', { name: 'Labs' });
    expect(within(labs).getByText('7.70%')).toBeInTheDocument();
    await fastUser().click(within(labs).getByRole('button', { name: 'Trend of Hemoglobin A1c' }));
    const results = await within(await screen.findByRole('dialog')).findByRole('table', { name: 'Results' });
    expect(within(results).getByText('7.70%')).toBeInTheDocument();
    expect(within(results).getByText('7.9%')).toBeInTheDocument();
  });

  it('switches between active and resolved problems', async () => {
    answer({ '/getClinicalSummary': fullSummary });
    renderTab();
    const problems = await screen.findByRole('region', { name: 'Problems' });
    expect(await within(problems).findByText('Type 2 diabetes mellitus')).toBeInTheDocument();
    expect(within(problems).queryByText('Acute viral pharyngitis')).not.toBeInTheDocument();
    await fastUser().click(await within(problems).findByText('Resolved (1)'));
    const resolved = within(problems).getByRole('list', { name: 'Resolved problems' });
    expect(within(resolved).getByText('Acute viral pharyngitis')).toBeInTheDocument();
    expect(within(resolved).getByText('HIE')).toBeInTheDocument();
    expect(within(resolved).getByText('×2')).toBeInTheDocument();
  });

  it('lists labs with the latest value, its flag, date and source, and a trend button only when tested more than once', async () => {
    answer({ '/getClinicalSummary': fullSummary });
    renderTab();
    const labs = await screen.findByRole('table', { name: 'Labs' });
    const a1c = within(labs).getByText('Hemoglobin A1c').closest('tr') as HTMLElement;
    expect(within(a1c).getByText('6.8%')).toBeInTheDocument();
    expect(within(a1c).getByText('High')).toBeInTheDocument();
    expect(within(a1c).getByText('05/01/2025')).toBeInTheDocument();
    expect(within(a1c).getByRole('button', { name: 'Trend of Hemoglobin A1c' })).toBeInTheDocument();
    const cholesterol = within(labs).getByText('Cholesterol').closest('tr') as HTMLElement;
    expect(within(cholesterol).getByText('HIE')).toBeInTheDocument();
    expect(within(cholesterol).queryByText('High')).not.toBeInTheDocument();
    expect(within(cholesterol).queryByRole('button', { name: /Trend/ })).not.toBeInTheDocument();
    expect(within(cholesterol).getByText('≤ 200')).toBeInTheDocument();
    const glucose = within(labs).getByText('Urine glucose').closest('tr') as HTMLElement;
    expect(within(glucose).getAllByText('Negative')).toHaveLength(2);
  });

  it('opens the lab trend modal with the chart and the results', async () => {
    answer({ '/getClinicalSummary': fullSummary, '/getLabTrend': () => TREND });
    renderTab();
    await fastUser().click(await screen.findByRole('button', { name: 'Trend of Hemoglobin A1c' }));
    const modal = await screen.findByRole('dialog', { name: 'Hemoglobin A1c (%)' });
    const chart = within(modal).getByRole('figure', { name: 'Hemoglobin A1c over time' });
    // The chart is SVG without roles: its line's dots and the shaded reference band are found by class.
    await waitFor(() => {
      expect(chart.querySelectorAll('.recharts-line-dots circle')).toHaveLength(3);
    });
    expect(chart.querySelector('.recharts-reference-area')).not.toBeNull();
    const results = await within(modal).findByRole('table', { name: 'Results' });
    const rows = within(results).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      '05/01/2025',
      '05/01/2024',
      '05/01/2023',
    ]);
    expect(within(results).getByText('7.9%')).toBeInTheDocument();
    expect(within(modal).getByText('Reference range 4–5.6%')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/getLabTrend' }),
      { cairnPatientId: PATIENT_ID, loinc: '4548-4' },
      expect.anything(),
    );
  });

  it('charts only the results in the latest unit when some cannot be converted, and lists them all', async () => {
    const mixed: LabTrend = {
      ...TREND,
      loinc: '2345-7',
      display: 'Glucose',
      unit: 'mg/dL',
      units: 'mixed',
      referenceRange: null,
      points: [
        {
          id: 'g1',
          source: 'HIE',
          date: '2023-05-01',
          value: 5.5,
          unit: 'mmol/L',
          interpretation: null,
          convertedFrom: null,
        },
        {
          id: 'g2',
          source: 'EHR',
          date: '2024-05-01',
          value: 99,
          unit: 'mg/dL',
          interpretation: null,
          convertedFrom: null,
        },
        {
          id: 'g3',
          source: 'EHR',
          date: '2025-05-01',
          value: 104,
          unit: 'mg/dL',
          interpretation: null,
          convertedFrom: null,
        },
      ],
    };
    const summary = fullSummary();
    summary.vitals = [];
    summary.labs.items = [
      lab({ id: 'l3', loinc: '2345-7', display: 'Glucose', value: 104, unit: 'mg/dL', flag: null }),
    ];
    answer({ '/getClinicalSummary': () => summary, '/getLabTrend': () => mixed });
    renderTab();
    await fastUser().click(await screen.findByRole('button', { name: 'Trend of Glucose' }));
    const modal = await screen.findByRole('dialog', { name: 'Glucose (mg/dL)' });
    expect(await within(modal).findByText(/cannot be converted to mg\/dL/)).toBeInTheDocument();
    expect(within(within(modal).getByRole('table', { name: 'Results' })).getByText('5.5 mmol/L')).toBeInTheDocument();
    const chart = within(modal).getByRole('figure', { name: 'Glucose over time' });
    await waitFor(() => {
      expect(chart.querySelectorAll('.recharts-line-dots circle')).toHaveLength(2);
    });
  });

  it('says when a test has no numeric results to chart', async () => {
    answer({
      '/getClinicalSummary': fullSummary,
      '/getLabTrend': () => ({ ...TREND, points: [], referenceRange: null }),
    });
    renderTab();
    await fastUser().click(await screen.findByRole('button', { name: 'Trend of Hemoglobin A1c' }));
    expect(await screen.findByText('No numeric results to chart')).toBeInTheDocument();
  });

  it('shows an empty state in every card for a patient with no record', async () => {
    answer({ '/getClinicalSummary': emptySummary });
    renderTab();
    expect(
      await within(await screen.findByRole('region', { name: 'Problems' })).findByText('No problems'),
    ).toBeInTheDocument();
    for (const [card, text] of [
      ['Medications', 'No medications'],
      ['Allergies', 'No known allergies'],
      ['Vitals', 'No vitals'],
      ['Labs', 'No lab results'],
      ['Screening scores', 'No screening scores'],
      ['Visits', 'No visits'],
      ['Procedures', 'No procedures'],
      ['Immunizations', 'No immunizations'],
    ] as const) {
      expect(within(screen.getByRole('region', { name: card })).getByText(text)).toBeInTheDocument();
    }
  });

  it('shows the error in every card, and loads again on retry', async () => {
    let attempts = 0;
    call.mockImplementation(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ result: fullSummary() });
    });
    renderTab();
    const labs = await screen.findByRole('region', { name: 'Labs' });
    expect(await within(labs).findByText('Could not load labs')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Visits' })).getByText('Could not load visits'),
    ).toBeInTheDocument();
    await fastUser().click(within(labs).getByRole('button', { name: 'Retry' }));
    expect(await within(labs).findByText('Hemoglobin A1c')).toBeInTheDocument();
  });
});
