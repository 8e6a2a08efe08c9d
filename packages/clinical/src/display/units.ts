import { formatNumber } from './numbers';

/**
 * UCUM units (the `unit`/`code` of FHIR quantities) as a clinician writes them. UCUM is written for
 * machines: `mm[Hg]`, `Cel`, `ug`, `kg/m2`, `10*3/uL`, and annotations in braces that carry no unit:
 * `{score}`, `mg/g{creat}`, `mL/min/{1.73_m2}`. The rules (UCUM §§4-12, https://ucum.org/ucum):
 * - an annotation attached to a unit only qualifies it and is dropped: `mg/g{creat}` is mg/g;
 * - an annotation standing alone stands for the unit 1 and names what is counted: its words are kept,
 *   without braces or underscores (`{cells}/uL` is cells/µL, `mL/min/{1.73_m2}` is mL/min/1.73 m²),
 *   except when it is the whole unit (`{score}`, `{ratio}`): a score has no unit;
 * - square brackets and customary-unit qualifiers go (`[lb_av]` lb, `mm[Hg]` mmHg, `[IU]` IU), `u` as a
 *   prefix is µ, exponents are superscripts (m²), `10*3` is ×10³, `Cel` and `[degF]` are °C and °F, and
 *   the product dot is a middle dot.
 */

const SPECIAL_SYMBOLS: Readonly<Record<string, string>> = {
  Cel: '°C',
  '[degF]': '°F',
  '[degC]': '°C',
  meq: 'mEq',
  eq: 'Eq',
  mosm: 'mOsm',
  osm: 'Osm',
};

/** Units that say only "a pure number". */
const DIMENSIONLESS = new Set(['1', 'ratio']);

/** Symbols UCUM prefixes with `u` for micro. */
const MICRO_BASES = new Set(['g', 'L', 'l', 'mol', 'm', 'U', 'IU', 'eq', 'Eq', 'kat', 's', 'Ci', 'V']);

const SUPERSCRIPTS: Readonly<Record<string, string>> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '-': '⁻',
};

const superscript = (digits: string): string => digits.replace(/[\d-]/g, (char) => SUPERSCRIPTS[char] ?? char);

/** `[lb_av]` -> lb, `[IU]` -> IU, `mm[Hg]` -> mmHg: brackets and UCUM's customary-system suffixes go. */
function unbracket(symbol: string): string {
  return symbol.replace(/\[([^\]]*)\]/g, (_all, inner: string) => inner.replace(/_(av|i|us|br|tr|ap)$/, ''));
}

/** One unit symbol with its exponent: `m2` -> m², `ug` -> µg, `1.73m2` -> 1.73 m². */
function formatSymbol(symbol: string): string {
  const special = SPECIAL_SYMBOLS[symbol];
  if (special !== undefined) return special;
  const power = /^10[*^](-?\d+)$/.exec(symbol);
  if (power) return `×10${superscript(power[1] ?? '')}`;
  // A number before a symbol (`1.73m2`, as some systems write the body-surface area): a space between.
  const scaled = /^(\d+(?:\.\d+)?)([A-Za-z[].*)$/.exec(symbol);
  if (scaled) return `${scaled[1] ?? ''} ${formatSymbol(scaled[2] ?? '')}`;
  const plain = unbracket(symbol);
  const exponent = /^([A-Za-zµ°]+)(-?\d+)$/.exec(plain);
  const base = exponent ? (exponent[1] ?? '') : plain;
  const micro = base.startsWith('u') && MICRO_BASES.has(base.slice(1)) ? `µ${base.slice(1)}` : base;
  return exponent ? `${micro}${superscript(exponent[2] ?? '')}` : micro;
}

/** One term between `/` or `.`: an annotation alone gives its words; one attached to a symbol is dropped. */
function formatTerm(term: string): string {
  const alone = /^\{([^}]*)\}$/.exec(term);
  if (alone) return (alone[1] ?? '').split('_').map(formatSymbol).join(' ');
  return formatSymbol(term.replace(/\{[^}]*\}/g, ''));
}

/** Splits at `/` and at the product `.` (not the decimal point of `1.73`), outside brackets and braces. */
function splitTerms(unit: string): { terms: string[]; operators: string[] } {
  const terms: string[] = [];
  const operators: string[] = [];
  let depth = 0;
  let term = '';
  for (let index = 0; index < unit.length; index++) {
    const char = unit.charAt(index);
    if (char === '[' || char === '{') depth++;
    if (char === ']' || char === '}') depth--;
    const isDecimalPoint = char === '.' && /\d/.test(unit.charAt(index - 1)) && /\d/.test(unit.charAt(index + 1));
    if (depth === 0 && (char === '/' || (char === '.' && !isDecimalPoint))) {
      terms.push(term);
      operators.push(char === '/' ? '/' : '·');
      term = '';
    } else term += char;
  }
  terms.push(term);
  return { terms, operators };
}

/**
 * A UCUM unit as a clinician writes it; `''` for no unit, a pure number or a bare annotation.
 * @example formatUnit('mm[Hg]') // 'mmHg'
 * @example formatUnit('{score}') // ''
 * @example formatUnit('mL/min/{1.73_m2}') // 'mL/min/1.73 m²'
 */
export function formatUnit(unit: string | null | undefined): string {
  const trimmed = unit?.trim() ?? '';
  if (trimmed === '' || DIMENSIONLESS.has(trimmed) || /^\{[^}]*\}$/.test(trimmed)) return '';
  const { terms, operators } = splitTerms(trimmed);
  return terms.map((term, index) => `${index > 0 ? (operators[index - 1] ?? '') : ''}${formatTerm(term)}`).join('');
}

/** Units written against the number, as clinicians do: 7.7%, 37.2°C, 72/min. */
const ATTACHED = /^[%‰°/]/;

/**
 * Written numbers (a value, a range `4–5.6`) followed by their UCUM unit as a clinician writes it.
 * @example withUnit('4–5.6', '%') // '4–5.6%'
 * @example withUnit('≤ 200', 'mg/dL') // '≤ 200 mg/dL'
 */
export function withUnit(numbers: string, unit: string | null | undefined): string {
  const shown = formatUnit(unit);
  if (shown === '' || numbers === '') return numbers;
  return ATTACHED.test(shown) ? `${numbers}${shown}` : `${numbers} ${shown}`;
}

/**
 * A value with its unit as a clinician writes it: the number as reported (no float noise; with the
 * decimal places it was reported with when they are known), the unit in words and signs, no unit for
 * a score.
 * @example formatQuantity(7.699999999999999, '%') // '7.7%'
 * @example formatQuantity(7.7, '%', { decimals: 2 }) // '7.70%'
 * @example formatQuantity(18, '{score}') // '18'
 */
export function formatQuantity(
  value: number,
  unit: string | null | undefined,
  options: { decimals?: number | null } = {},
): string {
  return withUnit(formatNumber(value, options.decimals), unit);
}
