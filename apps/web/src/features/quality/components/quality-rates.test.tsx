import type { QualityMeasureRates } from '@cairn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { cloneElement, type ReactElement } from 'react';
import type * as Recharts from 'recharts';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, failure, result, type ApiAnswer, type ApiAnswers } from '../../../testing/answer-api';
import { aQualityMeasure } from '../../../testing/quality-factories';
import { aMeasureRates, anInverseMeasureRates, aRateRow } from '../../../testing/quality-rate-factories';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { QualityRates } from './quality-rates';

// jsdom lays nothing out, so the responsive container would measure 0 × 0 and draw no chart.
vi.mock('recharts', async (importOriginal) => {
  const recharts = await importOriginal<typeof Recharts>();
  return {
    ...recharts,
    ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) =>
      cloneElement(children, { width: 800, height: 280 }),
  };
});

const PROVIDER_ROWS = [
  aRateRow({ key: 'p-1', label: 'Maya Rivera', asOf: '2026-11-28', rate: 15, isTargetMet: true }),
  aRateRow({ key: null, label: 'No primary provider', asOf: '2026-11-28', rate: 40 }),
];

const MEASURES = [
  aQualityMeasure({ measureId: 'CMS122', measureTitle: 'Diabetes: Glycemic Status Assessment Greater Than 9%' }),
  aQualityMeasure(),
];
const measuresAnswer: ApiAnswers = { '/quality/measures': result(MEASURES) };

function answered(measures: QualityMeasureRates[], overrides: Record<string, unknown> = {}) {
  return (body: Record<string, unknown>): ApiAnswer =>
    result({
      year: 2026,
      years: [2026, 2025],
      grouping: body.grouping ?? 'month',
      fromMonth: 1,
      toMonth: 12,
      measures,
      canSetTargets: false,
      ...overrides,
    });
}

/** The rates of the measure asked for (CMS122 or CMS130), by month or by provider. */
function answerRates() {
  return answerApi({
    ...measuresAnswer,
    '/quality/satisfaction-rate': (body) => {
      const [measureId] = (body.filters as { measureIds: string[] }).measureIds;
      const rates = measureId === 'CMS122' ? anInverseMeasureRates() : aMeasureRates();
      return answered([body.grouping === 'month' ? rates : { ...rates, rows: PROVIDER_ROWS }])(body);
    },
  });
}

const table = (name: string) => screen.findByRole('table', { name });

describe('the performance rates', () => {
  it('shows the first measure by month as a chart and a table against its target, an inverse measure said so', async () => {
    answerRates();
    renderWithProviders(<QualityRates />);
    expect(screen.getByRole('status', { name: 'Loading the performance rates' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /CMS122 Diabetes/ })).toBeInTheDocument();
    expect(screen.getByText('Inverse measure: lower is better')).toBeInTheDocument();
    const chart = screen.getByRole('figure', { name: 'CMS122 performance rate by month' });
    expect(chart).toHaveAccessibleDescription(
      "Line chart of the year-to-date rate at the end of each month, against Cairn's default target of 20% (dashed line); lower is better. Every value is in the table below.",
    );
    await waitFor(() => expect(chart.querySelectorAll('.recharts-reference-line')).toHaveLength(1));
    const rows = within(await table('CMS122 performance rates by month')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MonthNumerator (poor control)DenominatorExclusionsExceptionsRateTargetTarget met',
      'January 2026250040%20%Not met',
      'February 2026140025%20%Not met',
    ]);
    expect(screen.getByText('Target 20% (Cairn’s default)')).toBeInTheDocument();
    expect(
      screen.getByText(/Denominators, exclusions and exceptions are the patients’ as they stand today/),
    ).toBeVisible();
  });

  it('shows another measure when it is picked', async () => {
    answerRates();
    renderWithProviders(<QualityRates />);
    const user = fastUser();
    await user.click(await screen.findByRole('combobox', { name: 'Measure' }));
    await user.click(await screen.findByTitle('CMS130 Colorectal Cancer Screening'));
    expect(await screen.findByRole('heading', { name: 'CMS130 Colorectal Cancer Screening' })).toBeInTheDocument();
    expect(screen.getByText('Higher is better')).toBeInTheDocument();
    const rows = within(await table('CMS130 performance rates by month')).getAllByRole('row');
    expect(rows[3]?.textContent).toBe('March 20266101175%80%Not met');
  });

  it('asks for the rates by provider from its tab, from the keyboard too, and draws a bar each', async () => {
    const { callsTo } = answerRates();
    renderWithProviders(<QualityRates />);
    await table('CMS122 performance rates by month');
    const user = fastUser();
    await user.click(screen.getByRole('tab', { name: 'Month' }));
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() =>
      expect(callsTo('/quality/satisfaction-rate').at(-1)?.body).toEqual({
        grouping: 'provider',
        filters: { measureIds: ['CMS122'], fromMonth: 1, toMonth: 12 },
      }),
    );
    const rows = within(await table('CMS122 performance rates by provider')).getAllByRole('row');
    expect(rows.map((row) => row.firstElementChild?.textContent)).toEqual([
      'Provider',
      'Maya Rivera',
      'No primary provider',
    ]);
    const chart = screen.getByRole('figure', { name: 'CMS122 performance rate by provider' });
    await waitFor(() => expect(chart.querySelectorAll('.rate-bar-met')).toHaveLength(1));
    expect(chart.querySelectorAll('.rate-bar-unmet')).toHaveLength(1);
    expect(screen.getByText(/Patients by their primary care provider, counted on 11\/28\/2026/)).toBeInTheDocument();
  });

  it('asks for the year and months chosen', async () => {
    const { callsTo } = answerRates();
    renderWithProviders(<QualityRates />);
    await table('CMS122 performance rates by month');
    const user = fastUser();
    await user.click(screen.getByRole('combobox', { name: 'Measurement year' }));
    await user.click(await screen.findByTitle('2025'));
    await user.click(screen.getByRole('combobox', { name: 'To month' }));
    await user.click(await screen.findByTitle('June'));
    await waitFor(() =>
      expect(callsTo('/quality/satisfaction-rate').at(-1)?.body).toEqual({
        grouping: 'month',
        filters: { measureIds: ['CMS122'], year: 2025, fromMonth: 1, toMonth: 6 },
      }),
    );
  });
});

describe("the organisation's target", () => {
  it('is set by a user allowed to, and the rates are asked again', async () => {
    const { callsTo } = answerApi({
      '/quality/measures': result([aQualityMeasure()]),
      '/quality/satisfaction-rate': answered([aMeasureRates()], { canSetTargets: true }),
      '/quality/targets': result({ measureId: 'CMS130', percent: 70, isDefault: false }),
    });
    renderWithProviders(<QualityRates />);
    const user = fastUser();
    const input = await screen.findByRole('spinbutton', { name: 'CMS130 target (%)' });
    await user.clear(input);
    await user.type(input, '70{Enter}');
    await waitFor(() =>
      expect(callsTo('/quality/targets')[0]?.body).toEqual({ measureId: 'CMS130', targetPercent: 70 }),
    );
    await waitFor(() => expect(callsTo('/quality/satisfaction-rate')).toHaveLength(2));
  });

  it("goes back to Cairn's default", async () => {
    const { callsTo } = answerApi({
      '/quality/measures': result([aQualityMeasure()]),
      '/quality/satisfaction-rate': answered(
        [aMeasureRates({ target: { measureId: 'CMS130', percent: 70, isDefault: false } })],
        { canSetTargets: true },
      ),
      '/quality/targets': result({ measureId: 'CMS130', percent: 80, isDefault: true }),
    });
    renderWithProviders(<QualityRates />);
    await fastUser().click(await screen.findByRole('button', { name: 'Use Cairn’s default' }));
    await waitFor(() =>
      expect(callsTo('/quality/targets')[0]?.body).toEqual({ measureId: 'CMS130', targetPercent: null }),
    );
  });

  it('says why the server refused a target', async () => {
    answerApi({
      '/quality/measures': result([aQualityMeasure()]),
      '/quality/satisfaction-rate': answered([aMeasureRates()], { canSetTargets: true }),
      '/quality/targets': failure(422, 'VALIDATION_FAILED', 'A target is a rate from 0 to 100 %'),
    });
    renderWithProviders(<QualityRates />);
    const user = fastUser();
    const input = await screen.findByRole('spinbutton', { name: 'CMS130 target (%)' });
    await user.clear(input);
    await user.type(input, '65');
    await user.click(screen.getByRole('button', { name: 'Save target' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A target is a rate from 0 to 100 %');
  });

  it('is only shown to a user who may not set it', async () => {
    answerApi({
      '/quality/measures': result([aQualityMeasure()]),
      '/quality/satisfaction-rate': answered([aMeasureRates()]),
    });
    renderWithProviders(<QualityRates />);
    expect(await screen.findByText('Target 80% (Cairn’s default)')).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });
});

describe('the states of the page', () => {
  it('says when there is nothing to measure yet', async () => {
    answerApi({ '/quality/measures': result([]) });
    renderWithProviders(<QualityRates />);
    expect(
      await screen.findByText('No care gaps to measure yet: rates appear once your patients are analysed'),
    ).toBeInTheDocument();
  });

  it('says when the measure has no patients for the choices', async () => {
    answerApi({ ...measuresAnswer, '/quality/satisfaction-rate': answered([], { year: 2024 }) });
    renderWithProviders(<QualityRates />);
    expect(
      await screen.findByText(
        'No patients in CMS122 Diabetes: Glycemic Status Assessment Greater Than 9% in 2024 for these choices',
      ),
    ).toBeInTheDocument();
  });

  it('says when the rates cannot be loaded, and tries again', async () => {
    const { callsTo } = answerApi({ ...measuresAnswer, '/quality/satisfaction-rate': failure(500) });
    renderWithProviders(<QualityRates />);
    expect(await screen.findByText('The performance rates could not be loaded.')).toBeInTheDocument();
    await fastUser().click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(callsTo('/quality/satisfaction-rate')).toHaveLength(2));
  });
});
