import { describe, expect, it } from 'vitest';
import { contrastRatio, firstReadable } from './contrast';

describe('contrastRatio', () => {
  it('is 21:1 for black on white and 1:1 for a colour on itself', () => {
    expect(contrastRatio('#000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#5944ef', '#5944EF')).toBeCloseTo(1, 5);
  });

  it('reads either order the same', () => {
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(contrastRatio('#767676', '#ffffff'), 10);
  });

  it("gives WCAG's reference grey #767676 on white 4.54:1", () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('reads translucent text over its background: 45 % black on white is #8c8c8c', () => {
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(contrastRatio('#8c8c8c', '#ffffff'), 1);
  });

  it('refuses a colour it cannot read', () => {
    expect(() => contrastRatio('purple', '#ffffff')).toThrow(/purple/);
  });
});

describe('firstReadable', () => {
  it('takes the first candidate reading 4.5:1, lightest first', () => {
    expect(firstReadable(['#bfbfbf', '#8c8c8c', '#595959', '#262626'], '#ffffff')).toBe('#595959');
  });

  it('falls back on the last candidate when none reads', () => {
    expect(firstReadable(['#fafafa', '#f0f0f0'], '#ffffff')).toBe('#f0f0f0');
  });
});
