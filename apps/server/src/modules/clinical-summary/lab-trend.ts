import type { ClinicalItemSource, LabTrend, LabTrendPoint, LabTrendUnits } from '@cairn/contracts';
import { flagOfResult, referenceRangeOf } from './clinical-codes';
import { convertValue, sameUnit } from './unit-conversion';

export interface NumericResult {
  id: string;
  source: ClinicalItemSource;
  display: string;
  date: string;
  value: number;
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
    if (sameUnit(result.unit, unit)) return { ...point, value: result.value, unit, convertedFrom: null };
    const converted = convertValue(result.value, result.unit, unit);
    if (converted === undefined) {
      units = 'mixed';
      return { ...point, value: result.value, unit: result.unit, convertedFrom: null };
    }
    if (units === 'single') units = 'converted';
    return { ...point, value: converted, unit, convertedFrom: { value: result.value, unit: result.unit } };
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
