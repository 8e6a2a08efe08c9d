export { ChartPanel, type ChartPanelProps, type PanelView } from './components/chart-panel';
export { BandBar, type BandBarProps } from './components/charts/band-bar';
export { BreakdownBar, type BreakdownBarProps } from './components/charts/breakdown-bar';
export { TrendChart, type TrendChartProps, type TrendSeries } from './components/charts/trend-chart';
export { DashboardTable, type DashboardTableProps } from './components/dashboard-table';
export { KpiTiles, type KpiComparison, type KpiTile, type KpiTilesProps } from './components/kpi-tiles';
export { patientColumns, type DrilldownPatient } from './components/patient-columns';
export { PatientDrilldown, type PatientDrilldownProps, type PatientPage } from './components/patient-drilldown';
export { useUrlFilters, type SetFiltersOptions, type UrlFilters } from './hooks/use-url-filters';
export type { DashboardColumn } from './utils/columns';
export {
  booleanParam,
  dateParam,
  enumListParam,
  enumParam,
  filterCodec,
  integerParam,
  listParam,
  monthParam,
  stringParam,
  type FilterCodec,
  type FilterParam,
} from './utils/filter-codec';
export {
  formatCount,
  formatDays,
  formatDecimal,
  formatMoney,
  formatMonth,
  formatPercent,
  formatPerThousand,
  formatValue,
  type ValueFormat,
} from './utils/format';
