import { describe, expect, it } from 'vitest';
import { percentileCont } from './product-analytics.repository';

const of = (...values: number[]) => Float64Array.from(values).sort();

describe('percentileCont', () => {
  it('interpolates between the two nearest ranks, as percentile_cont does', () => {
    expect(percentileCont(of(10, 20, 30, 40), 0.5)).toBe(25);
    // 0.95 × 3 = 2.85: 30 + 0.85 × (40 − 30)
    expect(percentileCont(of(40, 10, 30, 20), 0.95)).toBe(38.5);
    expect(percentileCont(of(640), 0.95)).toBe(640);
    expect(percentileCont(of(), 0.5)).toBeNull();
  });

  it('rounds to 0.1 as numeric rounds: half away from zero, on the value written to 15 digits', () => {
    expect(percentileCont(of(12.25), 0.5)).toBe(12.3);
    expect(percentileCont(of(1.05), 0.5)).toBe(1.1);
    expect(percentileCont(of(0.04), 0.5)).toBe(0);
    expect(percentileCont(of(-2.25), 0.5)).toBe(-2.3);
    expect(percentileCont(of(1, 2), 0.5)).toBe(1.5);
  });
});
