import type { RiskDrillMeasure } from '@cairn/contracts';
import { Alert, Col, Flex, Row, Typography, theme } from 'antd';
import { useState } from 'react';
import { WidgetBoundary } from '../../../components/widget-boundary';
import { usePageTiming } from '../../../lib/page-timing';
import { BreakdownBar, ChartPanel, useUrlFilters, type DashboardColumn } from '../../dashboards';
import { DashboardNav } from '../../population-health';
import { useRiskAnalytics, type RiskAnalytics } from '../api/risk-analytics-queries';
import { analyticsCodec, apiFilters } from '../utils/filters';
import { AnalyticsFilterBar } from './analytics-filter-bar';
import { RiskBreakdown } from './risk-breakdown';
import { RiskDrilldown, type RiskDrill } from './risk-drilldown';
import { RiskKpis } from './risk-kpis';
import { RiskTrends } from './risk-trends';
import { UsagePanels } from './usage-panels';

type Reason = RiskAnalytics['failureReasons'][number];
const reasonColumns: DashboardColumn<Reason>[] = [
  { key: 'reason', title: 'Reason', value: (row) => row.reason },
  { key: 'count', title: 'Failed pushes', value: (row) => row.count, format: 'count', isDrillable: false },
];

/** When the numbers were rebuilt from the records, and whether newer data is on its way. */
function Freshness({ data }: { data: RiskAnalytics | undefined }) {
  if (!data) return null;
  if (!data.refreshedAt) {
    return (
      <Alert
        type="info"
        showIcon
        title="The analytics are being computed for the first time"
        description="They appear here by themselves once the patients' data has been analysed."
      />
    );
  }
  return (
    <Typography.Text type="secondary">
      {`Computed ${new Date(data.refreshedAt).toLocaleString()} from the records, decisions and pushes.`}
      {data.isStale ? ' Newer data has arrived: the numbers are being brought up to date.' : ''}
    </Typography.Text>
  );
}

/**
 * /analytics (issue 20): risk adjustment (recapture, suggestion decisions, coder-provider agreement, RAF,
 * open suggestions, pushes) by month, clinic, provider and HCC, every number opening its patients and
 * visits; and the product's own use and slowness. Filters live in the URL.
 */
export function RiskAnalyticsDashboard() {
  const { token } = theme.useToken();
  const { filters, setFilters } = useUrlFilters(analyticsCodec);
  const api = apiFilters(filters);
  const months = useRiskAnalytics({ filters: api, groupBy: 'month' });
  const breakdown = useRiskAnalytics({ filters: api, groupBy: filters.by });
  // The HCC filter's choices (the HCCs there are numbers for) are asked for once needed: the list opened,
  // an HCC chosen, or the breakdown by HCC (then the same call as the breakdown's).
  const [isHccListWanted, setHccListWanted] = useState(false);
  const hccs = useRiskAnalytics(
    { filters: { ...api, hcc: undefined }, groupBy: 'hcc' },
    { enabled: isHccListWanted || filters.hcc !== -1 || filters.by === 'hcc' },
  );
  const [drill, setDrill] = useState<RiskDrill>();
  usePageTiming('analytics', months.isSuccess);
  const data = months.data;
  const openTotal = (measure: RiskDrillMeasure) => setDrill({ measure });
  const state = (query: typeof months) => ({
    isLoading: query.isPending,
    isError: query.isError,
    onRetry: () => void query.refetch(),
  });

  return (
    <Flex vertical gap={token.marginSM}>
      <DashboardNav current="analytics" />
      <section aria-labelledby="analytics-title">
        <Typography.Title level={2} id="analytics-title" style={{ marginTop: 0 }}>
          Risk adjustment
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          How well this year&apos;s chronic conditions are documented again, what happens to Cairn&apos;s suggestions,
          and what reaches the EHR. Every number opens the patients and visits behind it.
        </Typography.Paragraph>
        <Flex vertical gap={token.margin}>
          <AnalyticsFilterBar
            value={filters}
            onChange={(change) => setFilters(change)}
            year={data?.year ?? new Date().getFullYear()}
            toMonth={data?.toMonth ?? (filters.to || new Date().getMonth() + 1)}
            hccs={hccs.data?.rows}
            onHccListOpen={() => setHccListWanted(true)}
          />
          <Freshness data={data} />
          <WidgetBoundary name="Risk adjustment">
            <Flex vertical gap={token.margin}>
              <RiskKpis total={data?.total} isLoading={months.isPending} onDrill={openTotal} />
              <RiskTrends rows={data?.rows} {...state(months)} onDrill={setDrill} />
              <RiskBreakdown
                by={filters.by}
                set={filters.measures}
                onChange={(change) => setFilters(change)}
                rows={breakdown.data?.rows}
                {...state(breakdown)}
                onDrill={setDrill}
              />
              <Row gutter={[token.margin, token.margin]}>
                <Col xs={24} xl={12}>
                  <ChartPanel<Reason>
                    title="Why pushes failed"
                    description="Codes that could not be written to the visit's EHR encounter, by the reason the EHR or Cairn gave. The failed pushes tile opens them."
                    rows={data?.failureReasons}
                    columns={reasonColumns}
                    rowKey={(row) => row.reason}
                    exportName="analytics-push-failures"
                    emptyText="No push failed in this period"
                    {...state(months)}
                    chart={(rows) => (
                      <BreakdownBar<Reason>
                        title="Failed pushes by reason"
                        data={rows}
                        category={(row) => row.reason}
                        value={(row) => row.count}
                        valueLabel="Failed pushes"
                        format="count"
                      />
                    )}
                  />
                </Col>
              </Row>
            </Flex>
          </WidgetBoundary>
        </Flex>
      </section>
      <section aria-labelledby="usage-title">
        <Typography.Title level={2} id="usage-title">
          Use of Cairn
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          The product&apos;s own analytics, recorded by Cairn itself: no patient data, no outside tracker.
        </Typography.Paragraph>
        <WidgetBoundary name="Use of Cairn">
          <UsagePanels filters={filters} onChange={(change) => setFilters(change)} />
        </WidgetBoundary>
      </section>
      <RiskDrilldown drill={drill} filters={api} onClose={() => setDrill(undefined)} />
    </Flex>
  );
}
