import { theme as antdTheme, type ThemeConfig } from 'antd';
import { PresetColors } from 'antd/es/theme/interface';
import { BREAKPOINTS, Z_INDEX } from './constants';
import { firstReadable } from './contrast';

const WHITE = '#ffffff';
const PRIMARY = '#5944EF';
/** The layout's background, behind pages and the login card. */
export const LAYOUT_BACKGROUND = '#f6f6fb';

/** The antd theme of spec §9: Inter 14 px, radius 6, controls 40/32/24/16, primary #5944EF. */
const SPEC_THEME = {
  cssVar: { key: 'cairn' },
  token: {
    fontFamily: "'Inter Variable', Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif",
    fontSize: 14,
    borderRadius: 6,
    controlHeightLG: 40,
    controlHeight: 32,
    controlHeightSM: 24,
    controlHeightXS: 16,
    colorPrimary: PRIMARY,
    colorLink: PRIMARY,
    // antd lightens the primary for hover (#846ffc), which a default button's and a link's text read at
    // 3.7:1 on white while the pointer rests on them (WCAG 2.1 AA 1.4.3 asks 4.5:1): hover darkens instead.
    colorPrimaryHover: '#4532d6',
    colorLinkHover: '#4532d6',
    // antd's 45 % black (descriptions, secondary text, labels, placeholders) reads 3.4:1 on white, under the
    // 4.5:1 of WCAG 2.1 AA (1.4.3); 60 % reads 5.7:1 on white and 5.3:1 on the layout.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    // Info is the primary colour, as in antd's own default theme (its blue reads 4.1:1 on white).
    colorInfo: PRIMARY,
    // antd derives each "Max" from its own defaults (1200, 1600) and refuses overlapping ranges.
    screenLGMax: BREAKPOINTS.medium - 1,
    screenXL: BREAKPOINTS.medium,
    screenXLMin: BREAKPOINTS.medium,
    screenXLMax: BREAKPOINTS.large - 1,
    screenXXL: BREAKPOINTS.large,
    screenXXLMin: BREAKPOINTS.large,
    zIndexBase: Z_INDEX.natural - 1,
  },
  components: {
    Layout: {
      headerBg: '#ffffff',
      headerHeight: 56,
      headerPadding: '0 16px',
      bodyBg: LAYOUT_BACKGROUND,
      siderBg: '#ffffff',
    },
  },
} satisfies ThemeConfig;

type PaletteTokens = Record<string, unknown>;

/** Steps `from` to 10 of one of antd's colour palettes (1 lightest, 6 the palette's own colour). */
function paletteFrom(tokens: PaletteTokens, name: string, from: number): string[] {
  const steps: string[] = [];
  for (let step = from; step <= 10; step += 1) {
    const colour = tokens[`${name}${String(step)}`];
    if (typeof colour === 'string') steps.push(colour);
  }
  return steps;
}

/**
 * Success, warning and error are written as text (Typography's types, status tags, form messages) and
 * under white text (danger buttons, badges): each is the first step of antd's palette for it (green,
 * gold, red) that reads 4.5:1 on white (antd's defaults read 2.3:1, 1.9:1 and 3.3:1). Their backgrounds
 * and borders stay that palette's lightest steps: derived from a darker colour they would turn grey.
 */
function readableStatusColours(tokens: PaletteTokens): Record<string, string> {
  const statuses = { Success: 'green', Warning: 'gold', Error: 'red' } as const;
  const colours: Record<string, string> = {};
  for (const [status, palette] of Object.entries(statuses)) {
    const [bg = WHITE, bgHover = WHITE, border = WHITE, borderHover = WHITE] = paletteFrom(tokens, palette, 1);
    Object.assign(colours, {
      [`color${status}`]: firstReadable(paletteFrom(tokens, palette, 6), WHITE),
      [`color${status}Bg`]: bg,
      [`color${status}BgHover`]: bgHover,
      [`color${status}Border`]: border,
      [`color${status}BorderHover`]: borderHover,
    });
  }
  return colours;
}

/**
 * A preset-coloured tag writes step 7 of its palette on step 1 (gold reads 2.8:1, green 3.4:1) and a
 * solid one white on step 6 (red reads 4.1:1): for the tags only, each becomes the first step from
 * there that reads 4.5:1, so every colour a tag can take passes WCAG 2.1 AA.
 */
function readableTagTokens(tokens: PaletteTokens): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const name of PresetColors) {
    const lightest = paletteFrom(tokens, name, 1)[0] ?? WHITE;
    overrides[`${name}7`] = firstReadable(paletteFrom(tokens, name, 7), lightest);
    overrides[`${name}6`] = firstReadable(paletteFrom(tokens, name, 6), WHITE);
  }
  return overrides;
}

const specTokens = antdTheme.getDesignToken(SPEC_THEME) as unknown as PaletteTokens;
const readableTheme = {
  ...SPEC_THEME,
  token: { ...SPEC_THEME.token, ...readableStatusColours(specTokens) },
};

/** The app's theme: the spec's, with every colour antd writes text in reading at WCAG 2.1 AA. */
export const theme: ThemeConfig = {
  ...readableTheme,
  components: {
    ...readableTheme.components,
    Tag: readableTagTokens(antdTheme.getDesignToken(readableTheme) as unknown as PaletteTokens),
  },
};
