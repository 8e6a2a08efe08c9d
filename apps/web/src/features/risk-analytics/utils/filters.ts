import type { RiskAnalyticsFilters } from '@cairn/contracts';
import { enumParam, filterCodec, integerParam, listParam } from '../../dashboards';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The groupings of the breakdown panel (the trends are by month). */
export const BREAKDOWNS = ['clinic', 'provider', 'hcc'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

/** The measures a panel shows together. */
export const MEASURE_SETS = ['recapture', 'decisions', 'suggestions', 'pushes'] as const;
export type MeasureSet = (typeof MEASURE_SETS)[number];

/** The usage panels' ranges, in days up to today. */
export const USAGE_RANGES = ['7', '30', '90'] as const;

/** /analytics's filters in its URL: `?year=2025&from=1&to=6&clinicIds=...&hcc=37&by=provider`. */
export interface AnalyticsUrlFilters {
  /** 0: this year. */
  year: number;
  from: number;
  /** 0: this month in this year, December in another. */
  to: number;
  clinicIds: string[];
  departmentIds: string[];
  providerIds: string[];
  /** -1: every HCC. */
  hcc: number;
  by: Breakdown;
  measures: MeasureSet;
  days: (typeof USAGE_RANGES)[number];
  granularity: 'day' | 'week';
}

export const analyticsCodec = filterCodec<AnalyticsUrlFilters>({
  year: integerParam(0, { min: 2000, max: 2100 }),
  from: integerParam(1, { min: 1, max: 12 }),
  to: integerParam(0, { min: 1, max: 12 }),
  clinicIds: listParam({ pattern: UUID }),
  departmentIds: listParam({ pattern: UUID }),
  providerIds: listParam({ pattern: UUID }),
  hcc: integerParam(-1, { min: 0, max: 999 }),
  by: enumParam(BREAKDOWNS, 'provider'),
  measures: enumParam(MEASURE_SETS, 'recapture'),
  days: enumParam(USAGE_RANGES, '30'),
  granularity: enumParam(['day', 'week'], 'day'),
});

/** The API's filters of the URL's: defaults and empty lists left out, so that the server's apply. */
export function apiFilters(filters: AnalyticsUrlFilters): RiskAnalyticsFilters {
  const listOrNothing = (list: string[]) => (list.length > 0 ? list : undefined);
  return {
    year: filters.year === 0 ? undefined : filters.year,
    fromMonth: filters.from === 1 ? undefined : filters.from,
    toMonth: filters.to === 0 ? undefined : filters.to,
    clinicIds: listOrNothing(filters.clinicIds),
    departmentIds: listOrNothing(filters.departmentIds),
    providerIds: listOrNothing(filters.providerIds),
    hcc: filters.hcc === -1 ? undefined : filters.hcc,
  };
}

/** The first and last day of the usage panels: the last `days` days up to today (the browser's day, in UTC). */
export function usageRange(days: string, today = new Date()): { from: string; to: string } {
  const to = today.toISOString().slice(0, 10);
  const from = new Date(today.getTime() - (Number(days) - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}
