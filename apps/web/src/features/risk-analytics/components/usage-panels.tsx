import { ANALYTICS_EVENT_NAMES, type AnalyticsEventName } from '@cairn/contracts';
import { Col, Flex, Row, Segmented, Typography, theme } from 'antd';
import { formatDate } from '../../../lib/dates';
import { BreakdownBar, ChartPanel, formatCount, type DashboardColumn } from '../../dashboards';
import { useProductAnalytics, type ProductAnalytics } from '../api/risk-analytics-queries';
import { USAGE_RANGES, usageRange, type AnalyticsUrlFilters } from '../utils/filters';
import { DayChart } from './day-chart';

type PeriodRow = { period: string; activeUsers: number; events: number } & Record<AnalyticsEventName, number>;
type Timing = ProductAnalytics['timings'][number];
type PageRow = ProductAnalytics['pages'][number];

const EVENT_WORDS: Record<AnalyticsEventName, string> = {
  SummaryClick: 'Portraits opened from a list',
  SettingsClick: 'Settings opened',
  SettingsResultShown: 'Settings results shown',
  SlownessOptimization: 'Timings reported',
};

/** One row per day or week: its events by name and its active users. */
export function periodRows(usage: ProductAnalytics): PeriodRow[] {
  const rows = new Map<string, PeriodRow>();
  const rowOf = (period: string): PeriodRow => {
    let row = rows.get(period);
    if (!row) {
      row = {
        period,
        activeUsers: 0,
        events: 0,
        SummaryClick: 0,
        SettingsClick: 0,
        SettingsResultShown: 0,
        SlownessOptimization: 0,
      };
      rows.set(period, row);
    }
    return row;
  };
  for (const event of usage.events) {
    const row = rowOf(event.period);
    row[event.name] += event.count;
    row.events += event.count;
  }
  for (const active of usage.activeUsers) rowOf(active.period).activeUsers = active.users;
  return [...rows.values()].sort((left, right) => left.period.localeCompare(right.period));
}

const periodColumns: DashboardColumn<PeriodRow>[] = [
  { key: 'period', title: 'Day', value: (row) => row.period, format: (row) => formatDate(row.period, 'date') },
  { key: 'activeUsers', title: 'Active users', value: (row) => row.activeUsers, format: 'count', isDrillable: false },
  { key: 'events', title: 'Events', value: (row) => row.events, format: 'count', isDrillable: false },
  ...ANALYTICS_EVENT_NAMES.map((name): DashboardColumn<PeriodRow> => ({
    key: name,
    title: EVENT_WORDS[name],
    value: (row) => row[name],
    format: 'count',
    isDrillable: false,
  })),
];
const pageColumns: DashboardColumn<PageRow>[] = [
  { key: 'page', title: 'Page', value: (row) => row.page },
  { key: 'events', title: 'Events', value: (row) => row.events, format: 'count', isDrillable: false },
  { key: 'users', title: 'Users', value: (row) => row.users, format: 'count', isDrillable: false },
];
const timingColumns: DashboardColumn<Timing>[] = [
  { key: 'page', title: 'Page', value: (row) => row.page },
  { key: 'mark', title: 'Mark', value: (row) => row.mark },
  { key: 'count', title: 'Timings', value: (row) => row.count, format: 'count', isDrillable: false },
  { key: 'p50', title: 'Median (ms)', value: (row) => row.p50, format: 'count', isDrillable: false },
  { key: 'p95', title: '95th percentile (ms)', value: (row) => row.p95, format: 'count', isDrillable: false },
];
const timingByPeriodColumns: DashboardColumn<Timing & { period: string }>[] = [
  { key: 'period', title: 'Day', value: (row) => row.period, format: (row) => formatDate(row.period, 'date') },
  ...(timingColumns as DashboardColumn<Timing & { period: string }>[]),
];

/** p95 by day, one series per page and mark, for the chart. */
function p95ByPeriod(usage: ProductAnalytics) {
  const keys = [...new Set(usage.timingsByPeriod.map((row) => `${row.page} · ${row.mark}`))];
  const byPeriod = new Map<string, { period: string } & Record<string, number | string | null>>();
  for (const row of usage.timingsByPeriod) {
    const point = byPeriod.get(row.period) ?? { period: row.period };
    point[`${row.page} · ${row.mark}`] = row.p95;
    byPeriod.set(row.period, point);
  }
  return { keys, data: [...byPeriod.values()].sort((left, right) => left.period.localeCompare(right.period)) };
}

export interface UsagePanelsProps {
  filters: AnalyticsUrlFilters;
  onChange: (change: Partial<AnalyticsUrlFilters>) => void;
}

/** Spec §7's events, collected first-party: how Cairn is used, and how long its pages take to show their data. */
export function UsagePanels({ filters, onChange }: UsagePanelsProps) {
  const { token } = theme.useToken();
  const usage = useProductAnalytics({ ...usageRange(filters.days), granularity: filters.granularity });
  const data = usage.data;
  const state = { isLoading: usage.isPending, isError: usage.isError, onRetry: () => void usage.refetch() };
  const unit = filters.granularity === 'day' ? 'day' : 'week';
  const timings = data ? p95ByPeriod(data) : undefined;
  return (
    <Flex vertical gap={token.margin}>
      <Flex gap="small" wrap align="center">
        <Segmented
          aria-label="Usage range"
          value={filters.days}
          onChange={(days) => onChange({ days })}
          options={USAGE_RANGES.map((days) => ({ value: days, label: `Last ${days} days` }))}
        />
        <Segmented<'day' | 'week'>
          aria-label="Usage by"
          value={filters.granularity}
          onChange={(granularity) => onChange({ granularity })}
          options={[
            { value: 'day', label: 'By day' },
            { value: 'week', label: 'By week' },
          ]}
        />
        {data && (
          <Typography.Text type="secondary">
            {`${formatCount(data.totals.events)} events from ${formatCount(data.totals.activeUsers)} users, ${formatDate(data.from, 'date')} to ${formatDate(data.to, 'date')}.`}
          </Typography.Text>
        )}
      </Flex>
      <Row gutter={[token.margin, token.margin]}>
        <Col xs={24} xl={12}>
          <ChartPanel<PeriodRow>
            title={`Use of Cairn by ${unit}`}
            description={`Events the app recorded (portraits opened from a list, settings, timings) and the users who sent at least one, each ${unit} (weeks start on Monday; days in UTC).`}
            rows={data ? periodRows(data) : undefined}
            columns={periodColumns}
            rowKey={(row) => row.period}
            exportName={`analytics-use-by-${unit}`}
            {...state}
            chart={(rows) => (
              <DayChart
                title={`Events and active users by ${unit}`}
                data={rows}
                series={[
                  { key: 'events', label: 'Events' },
                  { key: 'activeUsers', label: 'Active users' },
                ]}
                format="count"
                summary={`${String(rows.length)} ${unit}s; at most ${formatCount(Math.max(...rows.map((row) => row.events)))} events and ${formatCount(Math.max(...rows.map((row) => row.activeUsers)))} active users in one ${unit}.`}
              />
            )}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartPanel<PageRow>
            title="Use by page"
            description="Events by the page they came from, and how many users sent them."
            rows={data?.pages}
            columns={pageColumns}
            rowKey={(row) => row.page}
            exportName="analytics-use-by-page"
            {...state}
            chart={(rows) => (
              <BreakdownBar<PageRow>
                title="Events by page"
                data={rows}
                category={(row) => row.page}
                value={(row) => row.events}
                valueLabel="Events"
                format="count"
              />
            )}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartPanel<Timing>
            title="Slowness: time to a page's data"
            description="Milliseconds from a page's start to its main data on screen (the SlownessOptimization marks): the median and the 95th percentile over the range."
            rows={data?.timings}
            columns={timingColumns}
            rowKey={(row) => `${row.page}|${row.mark}`}
            exportName="analytics-timings"
            {...state}
            emptyText="No timings in this range"
            chart={(rows) => (
              <BreakdownBar<Timing>
                title="95th percentile by page"
                data={rows}
                category={(row) => `${row.page} · ${row.mark}`}
                value={(row) => row.p95}
                valueLabel="95th percentile (ms)"
                format="count"
              />
            )}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ChartPanel<Timing & { period: string }>
            title={`Slowness by ${unit}`}
            description={`The 95th percentile of each page's time to its data, each ${unit}; the table holds the medians too.`}
            rows={data?.timingsByPeriod}
            columns={timingByPeriodColumns}
            rowKey={(row) => `${row.period}|${row.page}|${row.mark}`}
            exportName={`analytics-timings-by-${unit}`}
            {...state}
            emptyText="No timings in this range"
            chart={() =>
              timings && (
                <DayChart
                  title={`95th percentile of time to data by ${unit}`}
                  data={timings.data}
                  series={timings.keys.map((key) => ({ key, label: key }))}
                  format="count"
                  summary={`The 95th percentile in milliseconds of ${timings.keys.join(', ')}, over ${String(timings.data.length)} ${unit}s.`}
                />
              )
            }
          />
        </Col>
      </Row>
    </Flex>
  );
}
