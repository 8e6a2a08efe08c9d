import { formatMonth, formatValue, type ValueFormat } from './format';

/** How many values a summary names before it says how many more there are. */
const NAMED_VALUES = 5;

/** One series of a trend, as its summary reads it: the values month by month. */
export interface SeriesSummary {
  label: string;
  format: ValueFormat;
  values: readonly (number | null | undefined)[];
}

function extremeOf(months: readonly string[], values: SeriesSummary['values']) {
  let highest: { month: string; value: number } | undefined;
  values.forEach((value, index) => {
    const month = months[index];
    if (typeof value === 'number' && month !== undefined && (!highest || value > highest.value)) {
      highest = { month, value };
    }
  });
  return highest;
}

/**
 * A trend in words, for screen readers: which months, and for each series its first and last value and
 * its highest month ("Admissions: 120 in Jan 2026, 98 in Dec 2026, highest 140 in Mar 2026").
 */
export function trendSummaryOf(months: readonly string[], series: readonly SeriesSummary[]): string {
  const first = months[0];
  const last = months.at(-1);
  if (first === undefined || last === undefined) return 'No months to show.';
  const range = first === last ? formatMonth(first) : `${formatMonth(first)} to ${formatMonth(last)}`;
  const lines = series.map(({ label, format, values }) => {
    const start = `${formatValue(values[0], format)} in ${formatMonth(first)}`;
    const end = `${formatValue(values.at(-1), format)} in ${formatMonth(last)}`;
    const highest = extremeOf(months, values);
    const peak = highest ? `, highest ${formatValue(highest.value, format)} in ${formatMonth(highest.month)}` : '';
    return `${label}: ${first === last ? start : `${start}, ${end}`}${peak}.`;
  });
  return [`By month, ${range}.`, ...lines].join(' ');
}

/** Categories and their values in words: the first five named, then how many more ("and 3 more"). */
export function valuesSummaryOf(
  items: readonly { label: string; value: number | null | undefined }[],
  format: ValueFormat,
): string {
  const named = items.slice(0, NAMED_VALUES).map((item) => `${item.label} ${formatValue(item.value, format)}`);
  const more = items.length - named.length;
  return `${named.join(', ')}${more > 0 ? `, and ${String(more)} more` : ''}.`;
}
