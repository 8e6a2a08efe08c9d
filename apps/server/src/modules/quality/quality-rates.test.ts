import { describe, expect, it } from 'vitest';
import { measureRatesOf, rateDays, rateOf } from './quality-rates';
import type { RateCounts } from './quality-rates.repository';

describe('the days a performance rate is counted at', () => {
  it('counts each month of a past period at its last day', () => {
    const days = rateDays({ year: 2024, fromMonth: 1, toMonth: 12, grouping: 'month', today: '2026-05-10' });
    expect(days).toHaveLength(12);
    expect(days[1]).toEqual({ key: '2024-02', label: 'February 2024', asOf: '2024-02-29' });
    expect(days[11]?.asOf).toBe('2024-12-31');
  });

  it('stops at the current month, counted to today', () => {
    const days = rateDays({ year: 2026, fromMonth: 3, toMonth: 12, grouping: 'month', today: '2026-05-10' });
    expect(days.map((day) => [day.key, day.asOf])).toEqual([
      ['2026-03', '2026-03-31'],
      ['2026-04', '2026-04-30'],
      ['2026-05', '2026-05-10'],
    ]);
  });

  it('counts providers and clinics at the end of the range, or today if sooner', () => {
    expect(rateDays({ year: 2025, fromMonth: 1, toMonth: 6, grouping: 'clinic', today: '2026-05-10' })).toEqual([
      { key: '2025-06', label: '2025-06', asOf: '2025-06-30' },
    ]);
    expect(rateDays({ year: 2026, fromMonth: 1, toMonth: 12, grouping: 'provider', today: '2026-05-10' })).toEqual([
      { key: '2026-12', label: '2026-12', asOf: '2026-05-10' },
    ]);
  });
});

describe('a performance rate', () => {
  const counts = { denominator: 10, exclusions: 1, exceptions: 1 };

  it('is the numerator over the denominator less exclusions and exceptions, to one decimal', () => {
    expect(rateOf(counts, { met: 5, inverse: false, targetPercent: 60 })).toEqual({
      ...counts,
      numerator: 5,
      rate: 62.5,
      isTargetMet: true,
    });
    expect(
      rateOf({ denominator: 3, exclusions: 0, exceptions: 0 }, { met: 1, inverse: false, targetPercent: 80 }),
    ).toMatchObject({ rate: 33.3, isTargetMet: false });
  });

  it('counts the gaps not closed as the numerator of an inverse measure, and meets its target at or below it', () => {
    expect(rateOf(counts, { met: 6, inverse: true, targetPercent: 25 })).toMatchObject({
      numerator: 2,
      rate: 25,
      isTargetMet: true,
    });
    expect(rateOf(counts, { met: 5, inverse: true, targetPercent: 25 })).toMatchObject({
      rate: 37.5,
      isTargetMet: false,
    });
  });

  it('has no rate when every patient is excluded or excepted', () => {
    expect(
      rateOf({ denominator: 2, exclusions: 1, exceptions: 1 }, { met: 0, inverse: false, targetPercent: 80 }),
    ).toMatchObject({ numerator: 0, rate: null, isTargetMet: null });
  });
});

describe("the measures' rows", () => {
  const counted = (overrides: Partial<RateCounts>): RateCounts => ({
    measureId: 'CMS130',
    measureVersion: 'CMS130v14',
    measureTitle: 'Colorectal Cancer Screening',
    groupKey: null,
    groupName: null,
    groupDetail: null,
    denominator: 4,
    exclusions: 0,
    exceptions: 0,
    metBy: [1],
    ...overrides,
  });
  const target = (measureId: string) => ({ measureId, percent: 50, isDefault: true });

  it('orders providers by name with the patients without one last', () => {
    const [measure] = measureRatesOf({
      counts: [
        counted({ groupKey: null }),
        counted({ groupKey: 'b', groupName: 'Maya Rivera' }),
        counted({ groupKey: 'a', groupName: 'Ann Okafor', metBy: [3] }),
      ],
      grouping: 'provider',
      days: [{ key: '2026-12', label: '2026-12', asOf: '2026-05-10' }],
      isInverse: () => false,
      targetOf: target,
    });
    expect(measure?.rows.map((row) => [row.label, row.rate, row.isTargetMet])).toEqual([
      ['Ann Okafor', 75, true],
      ['Maya Rivera', 25, false],
      ['No primary provider', 25, false],
    ]);
  });

  it('tells providers of the same name apart by their clinic', () => {
    const [measure] = measureRatesOf({
      counts: [
        counted({ groupKey: 'a', groupName: 'Luis Smith', groupDetail: 'Riverside Clinic' }),
        counted({ groupKey: 'b', groupName: 'Luis Smith', groupDetail: 'Hillcrest' }),
        counted({ groupKey: 'c', groupName: 'Maya Rivera', groupDetail: 'Hillcrest' }),
      ],
      grouping: 'provider',
      days: [{ key: '2026-12', label: '2026-12', asOf: '2026-05-10' }],
      isInverse: () => false,
      targetOf: target,
    });
    expect(measure?.rows.map((row) => row.label)).toEqual([
      'Luis Smith (Hillcrest)',
      'Luis Smith (Riverside Clinic)',
      'Maya Rivera',
    ]);
  });

  it('gives one row per month from the gaps met by its end', () => {
    const [measure] = measureRatesOf({
      counts: [counted({ measureId: 'CMS122', metBy: [1, 3] })],
      grouping: 'month',
      days: [
        { key: '2025-01', label: 'January 2025', asOf: '2025-01-31' },
        { key: '2025-02', label: 'February 2025', asOf: '2025-02-28' },
      ],
      isInverse: (measureId) => measureId === 'CMS122',
      targetOf: target,
    });
    expect(measure?.inverse).toBe(true);
    expect(measure?.rows.map((row) => [row.key, row.numerator, row.rate])).toEqual([
      ['2025-01', 3, 75],
      ['2025-02', 1, 25],
    ]);
  });
});
