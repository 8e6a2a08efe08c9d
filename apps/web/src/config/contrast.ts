/** WCAG 2.1 AA (success criterion 1.4.3): text of ordinary size contrasts at least 4.5:1 with its background. */
export const AA_TEXT_CONTRAST = 4.5;

interface Rgba {
  red: number;
  green: number;
  blue: number;
  alpha: number;
}

/** A CSS colour written as `#rgb`, `#rrggbb`, `rgb(r, g, b)` or `rgba(r, g, b, a)` (antd's tokens use these). */
function parseColor(color: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (hex?.[1]) {
    const digits = hex[1].length === 3 ? hex[1].replace(/./g, (digit) => digit + digit) : hex[1];
    const [red = 0, green = 0, blue = 0] = [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16));
    return { red, green, blue, alpha: 1 };
  }
  const functional = /^rgba?\(([^)]+)\)$/i.exec(color.trim());
  if (functional?.[1]) {
    const [red = 0, green = 0, blue = 0, alpha = 1] = functional[1].split(',').map((part) => Number(part.trim()));
    return { red, green, blue, alpha };
  }
  throw new Error(`Not a colour this check reads: ${color}`);
}

/** The colour a translucent one shows over an opaque background. */
function over(color: Rgba, background: Rgba): Rgba {
  const mix = (front: number, back: number) => front * color.alpha + back * (1 - color.alpha);
  return {
    red: mix(color.red, background.red),
    green: mix(color.green, background.green),
    blue: mix(color.blue, background.blue),
    alpha: 1,
  };
}

/** WCAG 2.1's relative luminance of an opaque colour. */
function luminance({ red, green, blue }: Rgba): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** The contrast ratio (1 to 21) of a text colour, translucent or not, on an opaque background. */
export function contrastRatio(text: string, background: string): number {
  const opaqueBackground = parseColor(background);
  const lighter = luminance(over(parseColor(text), opaqueBackground));
  const darker = luminance(opaqueBackground);
  return (Math.max(lighter, darker) + 0.05) / (Math.min(lighter, darker) + 0.05);
}

/** The first of `candidates` (lightest first) that reads at AA on `background`; the last when none does. */
export function firstReadable(candidates: readonly string[], background: string): string {
  const chosen =
    candidates.find((candidate) => contrastRatio(candidate, background) >= AA_TEXT_CONTRAST) ?? candidates.at(-1);
  if (chosen === undefined) throw new Error('firstReadable needs at least one candidate');
  return chosen;
}
