import type { ClinicalItemSource, LabTrend, LabTrendPoint, LabTrendUnits } from '@cairn/contracts';
import { flagOfResult, referenceRangeOf } from './clinical-codes';
import { convertValue, sameUnit } from './unit-conversion';

export interface NumericResult {
  id: string;
  source: ClinicalItemSource;
  display: string;
  date: string;
  value: number;
  /** The decimal places the value was reported with; null when unknown. */
  decimals: number | null;
  unit: string | null;
  referenceLow: number | null;
  referenceHigh: number | null;
  referenceText: string | null;
  interpretation: string | null;
}

/**
 * One test's results over time (oldest first), in the unit of the latest result: results in another
 * unit are converted when that is plain arithmetic (`converted`), and otherwise keep their own unit
 * (`mixed`). The reference range is the latest one given in the trend's unit.
 */
export function trendOf(loinc: string, results: readonly NumericResult[]): LabTrend {
  const latest = results.at(-1);
  if (!latest) return { loinc, display: loinc, unit: null, units: 'single', referenceRange: null, points: [] };
  const unit = latest.unit;
  let units: LabTrendUnits = 'single';
  const points = results.map((result): LabTrendPoint => {
    const point = {
      id: result.id,
      source: result.source,
      date: result.date,
      interpretation: result.interpretation,
    };
    const reported = { value: result.value, decimals: result.decimals };
    if (sameUnit(result.unit, unit)) return { ...point, ...reported, unit, convertedFrom: null };
    const converted = convertValue(result.value, result.unit, unit);
    if (converted === undefined) {
      units = 'mixed';
      return { ...point, ...reported, unit: result.unit, convertedFrom: null };
    }
    if (units === 'single') units = 'converted';
    // A converted value keeps the significant digits of the one given (unit-conversion), not its decimal places.
    return { ...point, value: converted, decimals: null, unit, convertedFrom: { ...reported, unit: result.unit } };
  });
  const withRange = [...results]
    .reverse()
    .find(
      (result) =>
        sameUnit(result.unit, unit) &&
        (result.referenceLow !== null || result.referenceHigh !== null || result.referenceText !== null),
    );
  const referenceRange = withRange
    ? referenceRangeOf(withRange.referenceLow, withRange.referenceHigh, withRange.referenceText)
    : null;
  return {
    loinc,
    display: latest.display,
    unit,
    units,
    referenceRange,
    // Each point is flagged against the range the chart draws; one left in another unit only by its code.
    points: points.map((point) => ({
      ...point,
      flag: flagOfResult({ ...point, referenceRange: point.unit === unit ? referenceRange : null }),
    })),
  };
}
