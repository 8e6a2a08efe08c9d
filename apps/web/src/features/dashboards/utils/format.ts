/** How a dashboard writes a number; every tile, table cell, axis and CSV header of the kit names one. */
export type ValueFormat = 'count' | 'percent' | 'money' | 'perThousand' | 'days' | 'decimal';

/** What the kit writes where there is no number (no patients in a denominator, no claims in a month). */
export const NO_VALUE = '—';

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ONE_DECIMAL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const UP_TO_ONE_DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const COMPACT_DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const LONG_MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const SHORT_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A count of patients, visits or claims: `12,345`. */
export function formatCount(value: number | null | undefined): string {
  return isNumber(value) ? COUNT.format(value) : NO_VALUE;
}

/** A share in percent (57.1 is 57.1 %, as the server answers rates), one decimal: `57.1%`. */
export function formatPercent(value: number | null | undefined): string {
  return isNumber(value) ? `${ONE_DECIMAL.format(value)}%` : NO_VALUE;
}

/**
 * US dollars, as a reader compares them: cents under $1,000 (a per-member-per-month cost, `$412.37`),
 * whole dollars to a million (`$12,345`), then millions or billions with one decimal (`$1.2M`).
 */
export function formatMoney(value: number | null | undefined): string {
  if (!isNumber(value)) return NO_VALUE;
  const size = Math.abs(value);
  if (size >= 1_000_000) return COMPACT_DOLLARS.format(value);
  return size >= 1_000 ? DOLLARS.format(value) : CENTS.format(value);
}

/** A rate per 1,000 patients (admissions per 1,000 attributed patients): `12.3 per 1,000`. */
export function formatPerThousand(value: number | null | undefined): string {
  return isNumber(value) ? `${ONE_DECIMAL.format(value)} per 1,000` : NO_VALUE;
}

/** A duration in days (a length of stay, days since discharge): `4.2 days`, `1 day`. */
export function formatDays(value: number | null | undefined): string {
  if (!isNumber(value)) return NO_VALUE;
  const text = UP_TO_ONE_DECIMAL.format(value);
  return `${text} ${text === '1' ? 'day' : 'days'}`;
}

/** A score such as a RAF, with its decimals (two unless told): `1.23`. */
export function formatDecimal(value: number | null | undefined, digits = 2): string {
  if (!isNumber(value)) return NO_VALUE;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** The value written in the format named. */
export function formatValue(value: number | null | undefined, format: ValueFormat): string {
  switch (format) {
    case 'count':
      return formatCount(value);
    case 'percent':
      return formatPercent(value);
    case 'money':
      return formatMoney(value);
    case 'perThousand':
      return formatPerThousand(value);
    case 'days':
      return formatDays(value);
    case 'decimal':
      return formatDecimal(value);
  }
}

/**
 * The unit a CSV header names, since the file holds the numbers unformatted (a spreadsheet sums
 * `1234567.5`, not `$1.2M`): `Cost (USD)`, `Recapture rate (%)`.
 */
export function unitOf(format: ValueFormat): string | null {
  switch (format) {
    case 'percent':
      return '%';
    case 'money':
      return 'USD';
    case 'perThousand':
      return 'per 1,000';
    case 'days':
      return 'days';
    case 'count':
    case 'decimal':
      return null;
  }
}

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first day of a `YYYY-MM` month, in UTC; undefined for anything else. */
function monthDate(month: string): Date | undefined {
  const match = MONTH_PATTERN.exec(month);
  if (!match) return undefined;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/** `2026-03` as a table or tooltip writes it: `Mar 2026` (`March 2026` when `long`). Other text stays as it is. */
export function formatMonth(month: string, { long = false }: { long?: boolean } = {}): string {
  const date = monthDate(month);
  if (!date) return month;
  return (long ? LONG_MONTH : MONTH).format(date);
}

/** `2026-03` as an axis tick: `Mar`, or `Jan 2026` for a January or the first tick, so the year shows. */
export function formatMonthTick(month: string, isFirst: boolean): string {
  const date = monthDate(month);
  if (!date) return month;
  return isFirst || date.getUTCMonth() === 0 ? MONTH.format(date) : SHORT_MONTH.format(date);
}

const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A number as an axis tick writes it, short (`12K`, `$1.2M`, `40%`); the unit is in the legend and tooltip. */
export function formatAxisValue(value: number, format: ValueFormat): string {
  switch (format) {
    case 'count':
      return COMPACT.format(value);
    case 'money':
      return Math.abs(value) >= 1_000 ? COMPACT_DOLLARS.format(value) : DOLLARS.format(value);
    case 'percent':
      return `${UP_TO_ONE_DECIMAL.format(value)}%`;
    case 'perThousand':
    case 'days':
    case 'decimal':
      return UP_TO_ONE_DECIMAL.format(value);
  }
}

/** The size of a change between two values of the format: points for a percent (`2.3 points`), else the format's. */
export function formatDifference(value: number, format: ValueFormat): string {
  if (format !== 'percent') return formatValue(Math.abs(value), format);
  const points = ONE_DECIMAL.format(Math.abs(value));
  return `${points} ${points === '1.0' ? 'point' : 'points'}`;
}
