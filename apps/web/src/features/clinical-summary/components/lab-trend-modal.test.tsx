import type { LabTrend } from '@cairn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { cloneElement, type ReactElement } from 'react';
import type * as Recharts from 'recharts';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, result } from '../../../testing/answer-api';
import { aLabTrend, aLabTrendPoint } from '../../../testing/factories';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { LabTrendModal } from './lab-trend-modal';

const CHART_WIDTH = 600;

// jsdom lays nothing out, so the responsive container would measure 0 × 0 and draw no chart.
vi.mock('recharts', async (importOriginal) => {
  const recharts = await importOriginal<typeof Recharts>();
  return {
    ...recharts,
    ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) =>
      cloneElement(children, { width: CHART_WIDTH, height: 280 }),
  };
});

const SUBJECT = { loinc: '2093-3', display: 'Cholesterol', unit: 'mg/dL' };

async function openTrend(trend: LabTrend): Promise<HTMLElement> {
  answerApi({ '/getLabTrend': result(trend) });
  renderWithProviders(<LabTrendModal patientId="p-1" subject={SUBJECT} onClose={() => undefined} />);
  const chart = await screen.findByRole('figure', { name: 'Cholesterol over time' });
  await waitFor(() => {
    expect(chart.querySelectorAll('.trend-dot')).toHaveLength(trend.points.length);
    expect(chart.querySelectorAll('.recharts-cartesian-axis-tick-value').length).toBeGreaterThan(0);
  });
  return chart;
}

/** The y of a value tick on the chart's value axis, in SVG pixels. */
function tickY(chart: HTMLElement, label: string): number {
  const ticks = [...chart.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')];
  const tick = ticks.find((text) => text.textContent === label);
  if (!tick) throw new Error(`no tick ${label} among ${ticks.map((text) => text.textContent).join(', ')}`);
  return Number(tick.getAttribute('y'));
}

function valueTicks(chart: HTMLElement): string[] {
  return [...chart.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')].map(
    (text) => text.textContent,
  );
}

/** The shaded band's top and bottom, in SVG pixels (y grows downwards). */
function band(chart: HTMLElement): { top: number; bottom: number } | null {
  const rect = chart.querySelector('.recharts-reference-area-rect');
  if (!rect) return null;
  const top = Number(rect.getAttribute('y'));
  return { top, bottom: top + Number(rect.getAttribute('height')) };
}

function abnormalDots(chart: HTMLElement): Record<string, number> {
  return {
    high: chart.querySelectorAll('.trend-dot-high').length,
    low: chart.querySelectorAll('.trend-dot-low').length,
    abnormal: chart.querySelectorAll('.trend-dot-abnormal').length,
    normal: chart.querySelectorAll('.trend-dot:not([class*="trend-dot-"])').length,
  };
}

function resultsRead(): string[] {
  return within(screen.getByRole('list', { name: 'Cholesterol results' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('the lab trend chart', () => {
  it('shades between the bounds of a two-sided range and marks the points outside it high or low', async () => {
    const chart = await openTrend(
      aLabTrend({
        referenceRange: { low: 40, high: 60 },
        points: [
          aLabTrendPoint({ date: '2023-05-01', value: 35, flag: 'low' }),
          aLabTrendPoint({ date: '2024-05-01', value: 50 }),
          aLabTrendPoint({ date: '2025-05-01', value: 70, flag: 'high' }),
        ],
      }),
    );
    expect(band(chart)).toEqual({ top: tickY(chart, '60'), bottom: tickY(chart, '40') });
    expect(abnormalDots(chart)).toEqual({ high: 1, low: 1, abnormal: 0, normal: 1 });
    expect(resultsRead()).toEqual(['05/01/2023: 35, low', '05/01/2024: 50', '05/01/2025: 70, high']);
    expect(screen.getByText('Reference range 40–60 mg/dL')).toBeInTheDocument();
  });

  it('shades a range with only a high bound from the bottom of the chart up to it, leaving higher values outside', async () => {
    const chart = await openTrend(
      aLabTrend({
        referenceRange: { low: null, high: 200 },
        points: [
          aLabTrendPoint({ date: '2023-05-01', value: 245, flag: 'high' }),
          aLabTrendPoint({ date: '2024-05-01', value: 190 }),
          aLabTrendPoint({ date: '2025-05-01', value: 220, interpretation: 'H', flag: 'high' }),
        ],
      }),
    );
    const bottomTick = valueTicks(chart)[0] ?? '';
    expect(band(chart)).toEqual({ top: tickY(chart, '200'), bottom: tickY(chart, bottomTick) });
    expect(abnormalDots(chart)).toEqual({ high: 2, low: 0, abnormal: 0, normal: 1 });
    expect(resultsRead()).toEqual(['05/01/2023: 245, high', '05/01/2024: 190', '05/01/2025: 220, high']);
    expect(screen.getByText('Reference range ≤ 200 mg/dL')).toBeInTheDocument();
  });

  it('shades a range with only a low bound from it up to the top of the chart', async () => {
    const chart = await openTrend(
      aLabTrend({
        display: 'Cholesterol',
        referenceRange: { low: 40, high: null },
        points: [
          aLabTrendPoint({ date: '2023-05-01', value: 52 }),
          aLabTrendPoint({ date: '2025-05-01', value: 31, flag: 'low' }),
        ],
      }),
    );
    const topTick = valueTicks(chart).at(-1) ?? '';
    expect(band(chart)).toEqual({ top: tickY(chart, topTick), bottom: tickY(chart, '40') });
    expect(abnormalDots(chart)).toEqual({ high: 0, low: 1, abnormal: 0, normal: 1 });
    expect(resultsRead()).toEqual(['05/01/2023: 52', '05/01/2025: 31, low']);
    expect(screen.getByText('Reference range ≥ 40 mg/dL')).toBeInTheDocument();
  });

  it('shades nothing for a range given only in words, shows the words, and marks a point its interpretation flags', async () => {
    const chart = await openTrend(
      aLabTrend({
        referenceRange: { low: null, high: null, text: 'Desirable below 200; see comment' },
        points: [
          aLabTrendPoint({ date: '2024-05-01', value: 190 }),
          aLabTrendPoint({ date: '2025-05-01', value: 230, interpretation: 'A', flag: 'abnormal' }),
        ],
      }),
    );
    expect(band(chart)).toBeNull();
    expect(abnormalDots(chart)).toEqual({ high: 0, low: 0, abnormal: 1, normal: 1 });
    expect(resultsRead()).toEqual(['05/01/2024: 190', '05/01/2025: 230, abnormal']);
    expect(screen.getByText('Reference range Desirable below 200; see comment')).toBeInTheDocument();
  });

  it('shades nothing and marks no point without a range, and keeps the last date label inside the chart', async () => {
    const chart = await openTrend(aLabTrend({ referenceRange: null }));
    expect(band(chart)).toBeNull();
    expect(abnormalDots(chart)).toEqual({ high: 0, low: 0, abnormal: 0, normal: 3 });
    expect(screen.queryByText(/Reference range/)).not.toBeInTheDocument();
    const dateLabels = [...chart.querySelectorAll('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')];
    const last = dateLabels.at(-1);
    expect(last?.textContent).toBe('05/01/2025');
    // Half of a MM/DD/YYYY label at 12 px (about 64 px wide) must fit right of its tick.
    expect(Number(last?.getAttribute('x'))).toBeLessThanOrEqual(CHART_WIDTH - 32);
  });
});
