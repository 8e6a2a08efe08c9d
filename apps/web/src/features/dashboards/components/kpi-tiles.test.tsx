import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fastUser, renderWithProviders } from '../../../testing/render-with-providers';
import { comparisonOf, KpiTiles, type KpiTile } from './kpi-tiles';

const TILES: KpiTile[] = [
  {
    key: 'recapture',
    label: 'Recapture rate',
    value: 57.14,
    format: 'percent',
    description: "Last year's chronic conditions documented again this year.",
    comparison: { value: 54.8, label: 'in February' },
  },
  {
    key: 'admissions',
    label: 'Admissions per 1,000',
    value: 61.2,
    format: 'perThousand',
    comparison: { value: 58.9, label: 'last year', isHigherBetter: false },
  },
  { key: 'cost', label: 'Cost PMPM', value: 612.4, format: 'money' },
  { key: 'stay', label: 'Length of stay', value: 4.25, format: 'days' },
];

describe('KPI tiles', () => {
  it('shows each number in its format with its comparison in words', () => {
    renderWithProviders(<KpiTiles label="This month" tiles={TILES} />);
    const tiles = within(screen.getByRole('list', { name: 'This month' })).getAllByRole('listitem');
    expect(tiles).toHaveLength(4);
    expect(within(tiles[0]!).getByText('57.1%')).toBeInTheDocument();
    expect(within(tiles[0]!).getByText('Up 2.3 points from 54.8% in February')).toBeInTheDocument();
    expect(
      within(tiles[0]!).getByText("Last year's chronic conditions documented again this year."),
    ).toBeInTheDocument();
    expect(within(tiles[1]!).getByText('Up 2.3 per 1,000 from 58.9 per 1,000 last year')).toBeInTheDocument();
    expect(within(tiles[2]!).getByText('$612.40')).toBeInTheDocument();
    expect(within(tiles[3]!).getByText('4.3 days')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('makes a drillable tile a button to its patients, from the keyboard too', async () => {
    const onDrill = vi.fn();
    renderWithProviders(
      <KpiTiles
        label="Suggestions"
        tiles={[{ key: 'open', label: 'Open suggestions', value: 1204, format: 'count', onDrill }]}
      />,
    );
    const tile = screen.getByRole('button', { name: 'Open suggestions: 1,204. Show the patients' });
    tile.focus();
    await fastUser().keyboard('{Enter}');
    expect(onDrill).toHaveBeenCalledOnce();
  });

  it('judges a change good or bad by which way is better', () => {
    expect(comparisonOf(61.2, { value: 58.9, label: 'last year', isHigherBetter: false }, 'perThousand').trend).toBe(
      'bad',
    );
    expect(comparisonOf(3, { value: 4, label: 'in May', isHigherBetter: false }, 'days')).toEqual({
      text: 'Down 1 day from 4 days in May',
      trend: 'good',
      isRise: false,
    });
    expect(comparisonOf(55.01, { value: 55, label: 'in May' }, 'percent')).toEqual({
      text: 'No change from 55.0% in May',
      trend: 'same',
      isRise: false,
    });
  });
});
