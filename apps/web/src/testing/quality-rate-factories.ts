import type { QualityMeasureRates, QualityRateRow } from '@cairn/contracts';

/** The Quality Workspace's performance rates, as the server answers them, for web tests. */

export function aRateRow(overrides: Partial<QualityRateRow> = {}): QualityRateRow {
  return {
    key: '2026-01',
    label: 'January 2026',
    asOf: '2026-01-31',
    denominator: 10,
    exclusions: 1,
    exceptions: 1,
    numerator: 4,
    rate: 50,
    isTargetMet: false,
    ...overrides,
  };
}

/** CMS130 by month, January to March: 50 %, 62.5 %, 75 % against the default target of 80 %. */
export function aMeasureRates(overrides: Partial<QualityMeasureRates> = {}): QualityMeasureRates {
  return {
    measureId: 'CMS130',
    measureVersion: 'CMS130v14',
    measureTitle: 'Colorectal Cancer Screening',
    inverse: false,
    target: { measureId: 'CMS130', percent: 80, isDefault: true },
    rows: [
      aRateRow(),
      aRateRow({ key: '2026-02', label: 'February 2026', asOf: '2026-02-28', numerator: 5, rate: 62.5 }),
      aRateRow({ key: '2026-03', label: 'March 2026', asOf: '2026-03-31', numerator: 6, rate: 75 }),
    ],
    ...overrides,
  };
}

/** CMS122 (inverse, lower is better) by month: 40 % and 25 % against its default target of 20 %. */
export function anInverseMeasureRates(overrides: Partial<QualityMeasureRates> = {}): QualityMeasureRates {
  return aMeasureRates({
    measureId: 'CMS122',
    measureVersion: 'CMS122v14',
    measureTitle: 'Diabetes: Glycemic Status Assessment Greater Than 9%',
    inverse: true,
    target: { measureId: 'CMS122', percent: 20, isDefault: true },
    rows: [
      aRateRow({ denominator: 5, exclusions: 0, exceptions: 0, numerator: 2, rate: 40, isTargetMet: false }),
      aRateRow({
        key: '2026-02',
        label: 'February 2026',
        denominator: 4,
        exclusions: 0,
        exceptions: 0,
        numerator: 1,
        rate: 25,
      }),
    ],
    ...overrides,
  });
}
