import { describe, expect, it } from 'vitest';
import { flagOfResult, kindOfResult } from './clinical-codes';
import { trendOf, type NumericResult } from './lab-trend';
import { convertValue } from './unit-conversion';

function result(date: string, value: number, unit: string | null, extra: Partial<NumericResult> = {}): NumericResult {
  return {
    id: date,
    source: 'EHR',
    display: 'Body weight',
    date,
    value,
    decimals: null,
    unit,
    referenceLow: null,
    referenceHigh: null,
    referenceText: null,
    interpretation: null,
    ...extra,
  };
}

describe('trendOf', () => {
  it('keeps the decimal places a point was reported with, and gives a converted point none of its source', () => {
    const trend = trendOf('29463-7', [
      result('2023-01-01', 176, '[lb_av]', { decimals: 1 }),
      result('2024-01-01', 81.5, 'kg', { decimals: 2 }),
    ]);
    expect(trend.points[1]).toMatchObject({ value: 81.5, decimals: 2 });
    expect(trend.points[0]).toMatchObject({ decimals: null, convertedFrom: { value: 176, decimals: 1 } });
  });

  it('converts results in a plainly convertible unit to the unit of the latest result', () => {
    const trend = trendOf('29463-7', [result('2023-01-01', 176, '[lb_av]'), result('2024-01-01', 81, 'kg')]);
    expect(trend.unit).toBe('kg');
    expect(trend.units).toBe('converted');
    expect(trend.points[0]).toMatchObject({
      value: 79.83,
      unit: 'kg',
      convertedFrom: { value: 176, unit: '[lb_av]' },
    });
    expect(trend.points[1]).toMatchObject({ value: 81, unit: 'kg', convertedFrom: null });
  });

  it('keeps results in a unit that needs more than arithmetic in their own unit, and says the units are mixed', () => {
    const trend = trendOf('2345-7', [result('2023-01-01', 5.5, 'mmol/L'), result('2024-01-01', 99, 'mg/dL')]);
    expect(trend.units).toBe('mixed');
    expect(trend.points.map((point) => [point.value, point.unit])).toEqual([
      [5.5, 'mmol/L'],
      [99, 'mg/dL'],
    ]);
  });

  it('treats units that differ only in case as one unit', () => {
    const trend = trendOf('2093-3', [result('2023-01-01', 190, 'mg/dl'), result('2024-01-01', 180, 'mg/dL')]);
    expect(trend.units).toBe('single');
    expect(trend.points.map((point) => point.unit)).toEqual(['mg/dL', 'mg/dL']);
  });

  it('takes the latest reference range given in the trend unit', () => {
    const trend = trendOf('2093-3', [
      result('2023-01-01', 190, 'mg/dL', { referenceHigh: 200 }),
      result('2024-01-01', 180, 'mg/dL', { referenceLow: 100, referenceHigh: 199 }),
      result('2025-01-01', 170, 'mg/dL'),
    ]);
    expect(trend.referenceRange).toEqual({ low: 100, high: 199 });
  });

  it('keeps a range with only a high bound one-sided and flags each point against it', () => {
    const trend = trendOf('2093-3', [
      result('2023-01-01', 245, 'mg/dL', { referenceHigh: 200 }),
      result('2024-01-01', 190, 'mg/dL', { referenceHigh: 200 }),
      result('2025-01-01', 180, 'mg/dL', { referenceHigh: 200, interpretation: 'H' }),
    ]);
    expect(trend.referenceRange).toEqual({ low: null, high: 200 });
    expect(trend.points.map((point) => point.flag)).toEqual(['high', null, 'high']);
  });

  it('keeps a range given only in words, with no bound to shade or to flag against', () => {
    const trend = trendOf('5778-6', [
      result('2024-01-01', 1, null, { referenceText: 'Negative' }),
      result('2025-01-01', 2, null, { referenceText: 'Negative', interpretation: 'A' }),
    ]);
    expect(trend.referenceRange).toEqual({ low: null, high: null, text: 'Negative' });
    expect(trend.points.map((point) => point.flag)).toEqual([null, 'abnormal']);
  });

  it('flags a point left in another unit by its interpretation code only', () => {
    const trend = trendOf('2345-7', [
      result('2023-01-01', 9.5, 'mmol/L'),
      result('2024-01-01', 6, 'mmol/L', { interpretation: 'L' }),
      result('2025-01-01', 99, 'mg/dL', { referenceLow: 70, referenceHigh: 99 }),
    ]);
    expect(trend.points.map((point) => point.flag)).toEqual([null, 'low', null]);
  });

  it('answers an empty trend without results', () => {
    expect(trendOf('1234-5', [])).toEqual({
      loinc: '1234-5',
      display: '1234-5',
      unit: null,
      units: 'single',
      referenceRange: null,
      points: [],
    });
  });
});

describe('convertValue', () => {
  it('converts temperatures between Fahrenheit and Celsius', () => {
    expect(convertValue(98.6, '[degF]', 'Cel')).toBe(37);
    expect(convertValue(37, 'Cel', '[degF]')).toBe(98.6);
  });

  it('does not convert between dimensions', () => {
    expect(convertValue(1, 'kg', 'cm')).toBeUndefined();
  });
});

describe('flagOfResult', () => {
  it('flags by the interpretation code first, then by the reference range', () => {
    expect(flagOfResult({ value: 5, interpretation: 'LL', referenceRange: null })).toBe('low');
    expect(flagOfResult({ value: 5, interpretation: null, referenceRange: { low: null, high: 4 } })).toBe('high');
    expect(flagOfResult({ value: 3, interpretation: null, referenceRange: { low: 3.5, high: null } })).toBe('low');
    expect(flagOfResult({ value: 4, interpretation: 'N', referenceRange: { low: 3.5, high: 5 } })).toBeNull();
    expect(flagOfResult({ value: null, interpretation: 'POS', referenceRange: null })).toBe('abnormal');
  });
});

describe('kindOfResult', () => {
  it('sorts results into vital signs, screening scores, labs and the rest', () => {
    expect(kindOfResult('8867-4', 'vital-signs')).toBe('vital');
    expect(kindOfResult('44261-6', null)).toBe('screening');
    expect(kindOfResult('4548-4', 'laboratory')).toBe('lab');
    expect(kindOfResult('2093-3', null)).toBe('lab');
    expect(kindOfResult('72166-2', 'social-history')).toBe('other');
  });
});
