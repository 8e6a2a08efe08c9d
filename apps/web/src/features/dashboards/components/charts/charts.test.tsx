import { act, fireEvent, screen } from '@testing-library/react';
import { cloneElement, type ReactElement } from 'react';
import type * as Recharts from 'recharts';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../testing/render-with-providers';
import { BandBar } from './band-bar';
import { BreakdownBar } from './breakdown-bar';
import { TrendChart } from './trend-chart';

// jsdom lays nothing out, so the responsive container would measure 0 × 0 and draw no chart.
vi.mock('recharts', async (importOriginal) => {
  const recharts = await importOriginal<typeof Recharts>();
  return {
    ...recharts,
    ResponsiveContainer: ({ children }: { children: ReactElement<{ width?: number; height?: number }> }) =>
      cloneElement(children, { width: 800, height: 280 }),
  };
});

interface Month {
  month: string;
  admissions: number;
  ratePerThousand: number | null;
}

const MONTHS: Month[] = [
  { month: '2026-01', admissions: 120, ratePerThousand: 10.2 },
  { month: '2026-02', admissions: 140, ratePerThousand: 11.9 },
  { month: '2026-03', admissions: 98, ratePerThousand: null },
];

const CATEGORIES = [
  { name: 'Outpatient', cost: 800_000 },
  { name: 'Inpatient', cost: 1_200_000 },
  { name: 'Pharmacy', cost: 150_000 },
  { name: 'Emergency', cost: 310_000 },
];

describe('the dashboard charts', () => {
  it('draws a trend with a rate on a second axis, named and summarised for screen readers', async () => {
    const onSelect = vi.fn();
    const { container } = renderWithProviders(
      <TrendChart
        title="Admissions by month"
        data={MONTHS}
        month={(datum) => datum.month}
        series={[
          { key: 'admissions', label: 'Admissions', kind: 'bar', value: (datum) => datum.admissions },
          { key: 'rate', label: 'Per 1,000', axis: 'right', value: (datum) => datum.ratePerThousand },
        ]}
        rightFormat="perThousand"
        onSelect={onSelect}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Admissions by month' });
    expect(chart).toHaveAccessibleDescription(
      'By month, Jan 2026 to Mar 2026. Admissions: 120 in Jan 2026, 98 in Mar 2026, highest 140 in Feb 2026. ' +
        'Per 1,000: 10.2 per 1,000 in Jan 2026, — in Mar 2026, highest 11.9 per 1,000 in Feb 2026.',
    );
    expect(container.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(3);
    expect(container.querySelectorAll('.recharts-yAxis')).toHaveLength(2);
    expect(screen.getByText('Per 1,000 (right axis)')).toBeInTheDocument();
    const wrapper = container.querySelector('.recharts-wrapper')!;
    fireEvent.click(wrapper, { clientX: 420, clientY: 100 });
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.mouseMove(wrapper, { clientX: 420, clientY: 100 });
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    fireEvent.click(wrapper, { clientX: 420, clientY: 100 });
    expect(onSelect).toHaveBeenCalledWith(MONTHS[1]);
  });

  it('draws the top categories, highest first, and gives a clicked bar’s datum', () => {
    const onSelect = vi.fn();
    const { container } = renderWithProviders(
      <BreakdownBar
        title="Cost by service category"
        data={CATEGORIES}
        category={(datum) => datum.name}
        value={(datum) => datum.cost}
        valueLabel="Paid"
        format="money"
        top={3}
        onSelect={onSelect}
      />,
    );
    expect(screen.getByRole('img', { name: 'Cost by service category' })).toHaveAccessibleDescription(
      'Paid, top 3 of 4, highest first: Inpatient $1.2M, Outpatient $800,000, Emergency $310,000.',
    );
    const bars = container.querySelectorAll('.recharts-bar-rectangle path');
    expect(bars).toHaveLength(3);
    fireEvent.click(bars[1]!);
    expect(onSelect).toHaveBeenCalledWith(CATEGORIES[0]);
  });

  it('draws bands in their order against a reference, and gives a clicked band’s datum', () => {
    const onSelect = vi.fn();
    const bands = [
      { band: 'Under 0.5', pmpm: 210.5 },
      { band: '0.5–1.0', pmpm: 480 },
      { band: '1.0 and over', pmpm: 1_420 },
    ];
    const { container } = renderWithProviders(
      <BandBar
        title="Cost against risk"
        data={bands}
        band={(datum) => datum.band}
        bandLabel="RAF band"
        value={(datum) => datum.pmpm}
        valueLabel="PMPM"
        format="money"
        reference={{ value: 612.4, label: 'All patients' }}
        onSelect={onSelect}
      />,
    );
    expect(screen.getByRole('img', { name: 'Cost against risk' })).toHaveAccessibleDescription(
      'PMPM by RAF band: Under 0.5 $210.50, 0.5–1.0 $480.00, 1.0 and over $1,420. All patients: $612.40.',
    );
    fireEvent.click(container.querySelectorAll('.recharts-bar-rectangle path')[2]!);
    expect(onSelect).toHaveBeenCalledWith(bands[2]);
  });
});
