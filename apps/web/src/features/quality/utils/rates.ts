import type { QualityMeasureRates, QualityRateGrouping, QualityRateRow } from '@cairn/contracts';
import { formatDate } from '../../../lib/dates';

/** The grouping tabs' names. */
export const GROUPING_LABELS: Record<QualityRateGrouping, string> = {
  month: 'Month',
  provider: 'Provider',
  clinic: 'Clinic',
};

const PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A rate or target in percent (`57.1%`); a dash when there is no rate (nobody left in the denominator). */
export function formatPercent(percent: number | null): string {
  return percent === null ? '—' : `${PERCENT.format(percent)}%`;
}

const SHORT_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });
const LONG_MONTH = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });

/** `2026-03` as the chart's axis names it (`Mar`). */
export function shortMonthOf(key: string): string {
  const [year, month] = key.split('-').map(Number);
  return SHORT_MONTH.format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1)));
}

/** The month names of the range pickers, 1 to 12. */
export const MONTH_NAMES: string[] = Array.from({ length: 12 }, (_, index) =>
  LONG_MONTH.format(new Date(Date.UTC(2000, index, 1))),
);

/** Which way is better, in words. */
export function directionOf(measure: Pick<QualityMeasureRates, 'inverse'>): string {
  return measure.inverse ? 'lower is better' : 'higher is better';
}

/** The chart's description for screen readers: what it draws, against what, and where the values are. */
export function chartDescriptionOf(measure: QualityMeasureRates, grouping: QualityRateGrouping): string {
  const what =
    grouping === 'month'
      ? 'Line chart of the year-to-date rate at the end of each month'
      : `Bar chart of the rate of each ${grouping}`;
  const target = `${measure.target.isDefault ? "Cairn's default target" : 'the target'} of ${formatPercent(measure.target.percent)}`;
  return `${what}, against ${target} (dashed line); ${directionOf(measure)}. Every value is in the table below.`;
}

/** The note under the chart and table: how the numbers were counted. */
export function countingNoteOf(grouping: QualityRateGrouping, rows: readonly QualityRateRow[]): string {
  if (grouping === 'month') {
    return (
      'Year to date at the end of each month (the current month to today). A gap counts as met from the date of ' +
      'the evidence that closed it; evidence from before the year counts from January. Denominators, exclusions ' +
      'and exceptions are the patients’ as they stand today, in every month.'
    );
  }
  const asOf = rows[0]?.asOf;
  const who = grouping === 'provider' ? 'their primary care provider' : 'their primary care provider’s clinic';
  return `Patients by ${who}, counted on ${asOf ? formatDate(asOf, 'date') : 'the last day of the range'}.`;
}
