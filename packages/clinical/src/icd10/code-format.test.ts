import { describe, expect, it } from 'vitest';

import { formatIcdCode, hasIcdCodeShape, normalizeIcdCode } from './code-format';

describe('ICD-10-CM code format', () => {
  it('normalises typed codes to upper case without dot or spaces', () => {
    expect(normalizeIcdCode('e11.22 ')).toBe('E1122');
    expect(normalizeIcdCode(' i50.9')).toBe('I509');
    expect(normalizeIcdCode('qa0.0101')).toBe('QA00101');
  });

  it('formats a stored code with the dot after the category', () => {
    expect(formatIcdCode('E1122')).toBe('E11.22');
    expect(formatIcdCode('I10')).toBe('I10');
    expect(formatIcdCode('S72001A')).toBe('S72.001A');
    expect(formatIcdCode('e11.22')).toBe('E11.22');
  });

  it('accepts codes with a letter in second position or after the category', () => {
    expect(hasIcdCodeShape('QA00101')).toBe(true);
    expect(hasIcdCodeShape('G35A')).toBe(true);
    expect(hasIcdCodeShape('C4A0')).toBe(true);
  });

  it('rejects input that cannot be a code', () => {
    expect(hasIcdCodeShape('1E11')).toBe(false);
    expect(hasIcdCodeShape('E11-22')).toBe(false);
    expect(hasIcdCodeShape('E112233445')).toBe(false);
    expect(hasIcdCodeShape('')).toBe(false);
  });
});
