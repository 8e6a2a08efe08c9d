import { describe, expect, it } from 'vitest';
import { populationWindow } from './population-window';

describe('populationWindow', () => {
  it('holds five years of months up to today, the trailing twelve months and each calendar year that starts in it', () => {
    const window = populationWindow('2026-11-27');
    expect(window).toMatchObject({ from: '2021-12-01', to: '2026-11-27', lastMonth: '2026-11-01' });
    expect(window.periods).toEqual([
      { key: 'L12', from: '2025-12-01', to: '2026-11-27' },
      { key: '2026', from: '2026-01-01', to: '2026-11-27' },
      { key: '2025', from: '2025-01-01', to: '2025-12-31' },
      { key: '2024', from: '2024-01-01', to: '2024-12-31' },
      { key: '2023', from: '2023-01-01', to: '2023-12-31' },
      { key: '2022', from: '2022-01-01', to: '2022-12-31' },
    ]);
  });

  it('crosses a year boundary in January', () => {
    const window = populationWindow('2027-01-05');
    expect(window.from).toBe('2022-02-01');
    expect(window.periods[0]).toEqual({ key: 'L12', from: '2026-02-01', to: '2027-01-05' });
    expect(window.periods.map((period) => period.key)).toEqual(['L12', '2027', '2026', '2025', '2024', '2023']);
  });
});
