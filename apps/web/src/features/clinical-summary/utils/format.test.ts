import { describe, expect, it } from 'vitest';
import { formatIcdCode, formatItemDate, formatReferenceRange, formatResultValue, formatUnit } from './format';

describe('clinical summary formats', () => {
  it('writes ICD-10-CM codes with the dot after the category', () => {
    expect(formatIcdCode('E119')).toBe('E11.9');
    expect(formatIcdCode('I10')).toBe('I10');
    expect(formatIcdCode('E1165')).toBe('E11.65');
  });

  it('writes UCUM units as people read them', () => {
    expect(formatUnit('mm[Hg]')).toBe('mmHg');
    expect(formatUnit('{score}')).toBe('');
    expect(formatUnit('mg/dL')).toBe('mg/dL');
    expect(formatUnit(null)).toBe('');
  });

  it('writes a value with its unit, or the text answer when there is no number', () => {
    expect(formatResultValue({ value: 79.83225712, valueText: null, unit: 'kg' })).toBe('79.83 kg');
    expect(formatResultValue({ value: null, valueText: 'Yellow', unit: null })).toBe('Yellow');
  });

  it('writes reference ranges closed and open', () => {
    expect(formatReferenceRange({ low: 4, high: 5.6 })).toBe('4–5.6');
    expect(formatReferenceRange({ low: null, high: 200 })).toBe('≤ 200');
    expect(formatReferenceRange({ low: 60, high: null })).toBe('≥ 60');
    expect(formatReferenceRange(null)).toBe('');
  });

  it('writes dates as MM/DD/YYYY and a dash for none', () => {
    expect(formatItemDate('2025-05-01')).toBe('05/01/2025');
    expect(formatItemDate(null)).toBe('–');
  });
});
