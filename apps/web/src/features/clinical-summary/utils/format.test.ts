import { describe, expect, it } from 'vitest';
import { formatItemDate } from './format';

// Values, units, ranges and codes: lib/clinical-format.test.ts.
describe('clinical summary formats', () => {
  it('writes dates as MM/DD/YYYY and a dash for none', () => {
    expect(formatItemDate('2025-05-01')).toBe('05/01/2025');
    expect(formatItemDate(null)).toBe('–');
  });
});
