import type { QualityMeasureRates, QualityRateGrouping, QualityRateRow, QualityTarget } from '@cairn/contracts';
import type { RateCounts } from './quality-rates.repository';

/**
 * The performance rate (eCQM): numerator / (denominator - exclusions - exceptions). For a measure whose
 * care gap closes when the numerator is met, the numerator is its met gaps; for an inverse measure
 * (CMS122: HbA1c above 9 %, lower is better) the gap closes when the numerator is NOT met, so the
 * numerator is the remaining gaps (poor control, or no result: the measure counts both).
 */

/** A day the numerator is counted at: a month's end (by month), or the range's end (by provider or clinic). */
export interface RateDay {
  /** `YYYY-MM` by month. */
  key: string;
  label: string;
  /** `YYYY-MM-DD`. */
  asOf: string;
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** The last day of a month (1-12), `YYYY-MM-DD`. */
function lastDayOf(year: number, month: number): string {
  return `${String(year)}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
}

const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The days counted: by month, the end of each month of the range that has begun by `today` (the current
 * month counted to `today`); by provider or clinic, the range's last day (or `today` if sooner).
 */
export function rateDays(options: {
  year: number;
  fromMonth: number;
  toMonth: number;
  grouping: QualityRateGrouping;
  today: string;
}): RateDay[] {
  const { year, fromMonth, toMonth, today } = options;
  const until = (day: string): string => (day < today ? day : today);
  if (options.grouping !== 'month') {
    const key = `${String(year)}-${pad(toMonth)}`;
    return [{ key, label: key, asOf: until(lastDayOf(year, toMonth)) }];
  }
  const days: RateDay[] = [];
  for (let month = fromMonth; month <= toMonth; month += 1) {
    const key = `${String(year)}-${pad(month)}`;
    if (`${key}-01` > today) break;
    days.push({
      key,
      label: MONTH_LABEL.format(new Date(Date.UTC(year, month - 1, 1))),
      asOf: until(lastDayOf(year, month)),
    });
  }
  return days;
}

/** Cairn's target while an organisation has set none: a starting point, not a benchmark (docs/quality.md). */
export function defaultTargetPercent(inverse: boolean): number {
  return inverse ? 20 : 80;
}

/** A percentage to one decimal. */
const percentOf = (part: number, whole: number): number => Math.round((part / whole) * 1000) / 10;

/** The populations and rate of one row, `met` being the gaps met by its day. */
export function rateOf(
  counts: Pick<RateCounts, 'denominator' | 'exclusions' | 'exceptions'>,
  options: { met: number; inverse: boolean; targetPercent: number },
): Pick<QualityRateRow, 'denominator' | 'exclusions' | 'exceptions' | 'numerator' | 'rate' | 'isTargetMet'> {
  const { denominator, exclusions, exceptions } = counts;
  const eligible = denominator - exclusions - exceptions;
  const numerator = options.inverse ? eligible - options.met : options.met;
  const rate = eligible > 0 ? percentOf(numerator, eligible) : null;
  const isTargetMet =
    rate === null ? null : options.inverse ? rate <= options.targetPercent : rate >= options.targetPercent;
  return { denominator, exclusions, exceptions, numerator, rate, isTargetMet };
}

const NO_GROUP: Record<Exclude<QualityRateGrouping, 'month'>, string> = {
  provider: 'No primary provider',
  clinic: 'No clinic',
};

/** The measures' rates in the grouping: one row per day by month, one per provider or clinic (by name, none last). */
export function measureRatesOf(options: {
  counts: readonly RateCounts[];
  grouping: QualityRateGrouping;
  days: readonly RateDay[];
  isInverse: (measureId: string) => boolean;
  targetOf: (measureId: string, inverse: boolean) => QualityTarget;
}): QualityMeasureRates[] {
  const { grouping, days } = options;
  const labelOf = grouping === 'month' ? () => '' : groupLabels(options.counts, grouping);
  const measures = new Map<string, QualityMeasureRates>();
  for (const counts of options.counts) {
    const inverse = options.isInverse(counts.measureId);
    const target = options.targetOf(counts.measureId, inverse);
    const measure = measures.get(counts.measureId) ?? {
      measureId: counts.measureId,
      measureVersion: counts.measureVersion,
      measureTitle: counts.measureTitle,
      inverse,
      target,
      rows: [],
    };
    measures.set(counts.measureId, measure);
    const rate = (met: number) => rateOf(counts, { met, inverse, targetPercent: target.percent });
    if (grouping === 'month') {
      measure.rows.push(...days.map((day, index) => ({ ...day, ...rate(counts.metBy[index] ?? 0) })));
    } else {
      const [day] = days;
      if (!day) continue;
      measure.rows.push({
        key: counts.groupKey,
        label: labelOf(counts),
        asOf: day.asOf,
        ...rate(counts.metBy[0] ?? 0),
      });
    }
  }
  for (const measure of measures.values()) {
    if (grouping !== 'month') measure.rows.sort(byLabelNoneLast);
  }
  return [...measures.values()];
}

/** A provider's or clinic's label: its name, and a provider's clinic when another provider has the same name. */
function groupLabels(
  counts: readonly RateCounts[],
  grouping: Exclude<QualityRateGrouping, 'month'>,
): (counts: RateCounts) => string {
  const nameOf = (row: RateCounts): string =>
    row.groupKey === null ? NO_GROUP[grouping] : (row.groupName ?? 'Unnamed');
  const keysByName = new Map<string, Set<string | null>>();
  for (const row of counts) keysByName.set(nameOf(row), (keysByName.get(nameOf(row)) ?? new Set()).add(row.groupKey));
  return (row) => {
    const name = nameOf(row);
    const isShared = (keysByName.get(name)?.size ?? 0) > 1;
    return isShared && row.groupDetail ? `${name} (${row.groupDetail})` : name;
  };
}

function byLabelNoneLast(left: QualityRateRow, right: QualityRateRow): number {
  if ((left.key === null) !== (right.key === null)) return left.key === null ? 1 : -1;
  return left.label.localeCompare(right.label, 'en-US') || (left.key ?? '').localeCompare(right.key ?? '');
}
