import { describe, expect, it } from 'vitest';
import {
  formatAxisValue,
  formatCount,
  formatDifference,
  formatDays,
  formatDecimal,
  formatMoney,
  formatMonth,
  formatMonthTick,
  formatPercent,
  formatPerThousand,
  formatValue,
  NO_VALUE,
  unitOf,
} from './format';

describe('dashboard formats', () => {
  it('writes counts with thousands separators', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(0)).toBe('0');
  });

  it('writes a percent with one decimal', () => {
    expect(formatPercent(57.14)).toBe('57.1%');
    expect(formatPercent(100)).toBe('100.0%');
  });

  it('writes money with cents only under a thousand dollars, and millions short', () => {
    expect(formatMoney(412.37)).toBe('$412.37');
    expect(formatMoney(12345.6)).toBe('$12,346');
    expect(formatMoney(1_234_567)).toBe('$1.2M');
    expect(formatMoney(3_400_000_000)).toBe('$3.4B');
    expect(formatMoney(-25_000)).toBe('-$25,000');
  });

  it('writes rates per 1,000, days and scores', () => {
    expect(formatPerThousand(12.345)).toBe('12.3 per 1,000');
    expect(formatDays(4.25)).toBe('4.3 days');
    expect(formatDays(1)).toBe('1 day');
    expect(formatDecimal(1.2345)).toBe('1.23');
    expect(formatValue(0.5, 'decimal')).toBe('0.50');
  });

  it('writes a dash where there is no number', () => {
    for (const format of ['count', 'percent', 'money', 'perThousand', 'days', 'decimal'] as const) {
      expect(formatValue(null, format)).toBe(NO_VALUE);
      expect(formatValue(Number.NaN, format)).toBe(NO_VALUE);
    }
  });

  it('writes months for tables and for axes', () => {
    expect(formatMonth('2026-03')).toBe('Mar 2026');
    expect(formatMonth('2026-03', { long: true })).toBe('March 2026');
    expect(formatMonth('Total')).toBe('Total');
    expect(formatMonthTick('2026-03', false)).toBe('Mar');
    expect(formatMonthTick('2026-03', true)).toBe('Mar 2026');
    expect(formatMonthTick('2027-01', false)).toBe('Jan 2027');
  });

  it('names the unit a CSV header carries', () => {
    expect(unitOf('money')).toBe('USD');
    expect(unitOf('percent')).toBe('%');
    expect(unitOf('count')).toBeNull();
  });

  it('writes axis ticks short', () => {
    expect(formatAxisValue(12_400, 'count')).toBe('12.4K');
    expect(formatAxisValue(1_250_000, 'money')).toBe('$1.3M');
    expect(formatAxisValue(450, 'money')).toBe('$450');
    expect(formatAxisValue(40, 'percent')).toBe('40%');
    expect(formatAxisValue(12.25, 'perThousand')).toBe('12.3');
  });

  it('writes the size of a change, in points for a percent', () => {
    expect(formatDifference(-2.34, 'percent')).toBe('2.3 points');
    expect(formatDifference(1, 'percent')).toBe('1.0 point');
    expect(formatDifference(-1200, 'money')).toBe('$1,200');
  });
});
