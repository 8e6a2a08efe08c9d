import { theme as antdTheme } from 'antd';
import { PresetColors } from 'antd/es/theme/interface';
import { describe, expect, it } from 'vitest';
import { AA_TEXT_CONTRAST, contrastRatio } from './contrast';
import { LAYOUT_BACKGROUND, theme } from './theme';

const tokens = antdTheme.getDesignToken(theme) as unknown as Record<string, string>;
const tagTokens: Record<string, string> = { ...tokens, ...(theme.components?.Tag as Record<string, string>) };
const WHITE = '#ffffff';

describe('the theme', () => {
  it("is spec §9's: Inter 14 px, primary #5944EF", () => {
    expect(tokens.fontFamily).toMatch(/^'Inter Variable', Inter,/);
    expect(antdTheme.getDesignToken(theme).fontSize).toBe(14);
    expect(tokens.colorPrimary?.toLowerCase()).toBe('#5944ef');
  });

  it.each(['colorText', 'colorTextSecondary', 'colorTextDescription', 'colorTextPlaceholder', 'colorLink'])(
    'writes %s at 4.5:1 or more on white and on the layout',
    (name) => {
      const colour = tokens[name] ?? '';
      expect(contrastRatio(colour, WHITE)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(colour, LAYOUT_BACKGROUND)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    },
  );

  it.each(['Success', 'Warning', 'Error', 'Info'])(
    'writes the %s colour at 4.5:1 on white and on its own background, and white at 4.5:1 on it',
    (status) => {
      const colour = tokens[`color${status}`] ?? '';
      const text = tokens[`color${status}Text`] ?? '';
      expect(contrastRatio(text, WHITE)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(colour, tokens[`color${status}Bg`] ?? '')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(WHITE, colour)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    },
  );

  it.each([...PresetColors])('gives a %s tag 4.5:1, filled, outlined or solid', (name) => {
    // antd's tag: step 7 on step 1 (filled, outlined), white on step 6 (solid).
    expect(contrastRatio(tagTokens[`${name}7`] ?? '', tagTokens[`${name}1`] ?? '')).toBeGreaterThanOrEqual(
      AA_TEXT_CONTRAST,
    );
    expect(contrastRatio(WHITE, tagTokens[`${name}6`] ?? '')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it("keeps antd's palettes outside the tags", () => {
    expect(tokens.gold7).toBe(antdTheme.getDesignToken().gold7);
    expect(tagTokens.gold7).not.toBe(tokens.gold7);
  });
});
