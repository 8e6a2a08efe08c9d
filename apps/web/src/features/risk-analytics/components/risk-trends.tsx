import type { RiskDrillMeasure, RiskGroupRow } from '@cairn/contracts';
import { Col, Row, theme } from 'antd';
import { ChartPanel, TrendChart, type TrendSeries, type ValueFormat } from '../../dashboards';
import type { MeasureSet } from '../utils/filters';
import { drillOfColumn, groupColumns } from '../utils/measures';
import type { RiskDrill } from './risk-drilldown';

interface TrendPanel {
  set: MeasureSet;
  title: string;
  description: string;
  series: TrendSeries<RiskGroupRow>[];
  leftFormat: ValueFormat;
  rightFormat?: ValueFormat;
  /** What a click on a month opens. */
  drill?: RiskDrillMeasure;
}

const PANELS: TrendPanel[] = [
  {
    set: 'recapture',
    title: 'Recapture by month',
    description:
      "Each month's end: the share of last year's chronic HCCs (CMS-HCC V28) documented again since January 1, by an encounter diagnosis, a claim or a code written to the EHR.",
    series: [
      { key: 'recaptured', label: 'Documented again', value: (row) => row.recapture.recaptured, kind: 'bar' },
      { key: 'rate', label: 'Recapture rate', value: (row) => row.recapture.rate, axis: 'right' },
    ],
    leftFormat: 'count',
    drill: 'notRecaptured',
  },
  {
    set: 'decisions',
    title: 'Suggestion decisions by month',
    description:
      "Cairn's suggestions accepted or rejected in the month (codes users added are not counted), the share accepted, and the share of codes where a coder and a provider both decided and agree.",
    series: [
      { key: 'decided', label: 'Decided', value: (row) => row.acceptance.decided, kind: 'bar' },
      { key: 'acceptance', label: 'Acceptance rate', value: (row) => row.acceptance.rate, axis: 'right' },
      { key: 'agreement', label: 'Coder-provider agreement', value: (row) => row.agreement.rate, axis: 'right' },
    ],
    leftFormat: 'count',
    drill: 'decided',
  },
  {
    set: 'suggestions',
    title: 'RAF and open suggestions by month',
    description:
      "The average RAF of the analysed patients now and if every open suggestion were documented, at each month's last update. The tiles above open today's patients.",
    series: [
      { key: 'rafNow', label: 'RAF now', value: (row) => row.raf.now },
      { key: 'rafPotential', label: 'RAF if addressed', value: (row) => row.raf.potential },
      {
        key: 'open',
        label: 'Open suggestions',
        value: (row) => row.openSuggestions?.count,
        kind: 'bar',
        axis: 'right',
      },
    ],
    leftFormat: 'decimal',
    rightFormat: 'count',
  },
  {
    set: 'pushes',
    title: 'Pushes to the EHR by month',
    description:
      "Codes sent to the visit's EHR encounter, by the month of the first attempt: written, failed (the reasons are below) and the failure rate.",
    series: [
      { key: 'written', label: 'Written', value: (row) => row.pushes.written, kind: 'bar' },
      { key: 'failed', label: 'Failed', value: (row) => row.pushes.failed, kind: 'bar' },
      { key: 'failureRate', label: 'Failure rate', value: (row) => row.pushes.failureRate, axis: 'right' },
    ],
    leftFormat: 'count',
    drill: 'pushesFailed',
  },
];

export interface RiskTrendsProps {
  rows: RiskGroupRow[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onDrill: (drill: RiskDrill) => void;
}

/** The measures by month, each panel a chart or a table of the same rows, every count opening its patients. */
export function RiskTrends({ rows, isLoading, isError, onRetry, onDrill }: RiskTrendsProps) {
  const { token } = theme.useToken();
  const drillMonth = (measure: RiskDrillMeasure, row: RiskGroupRow) =>
    onDrill({ measure, group: { by: 'month', key: row.key }, of: row.label });
  return (
    <Row gutter={[token.margin, token.margin]}>
      {PANELS.map((panel) => (
        <Col key={panel.set} xs={24} xl={12}>
          <ChartPanel<RiskGroupRow>
            title={panel.title}
            description={panel.description}
            rows={rows}
            isLoading={isLoading}
            isError={isError}
            onRetry={onRetry}
            columns={groupColumns(panel.set, 'Month', { isSnapshotDrillable: false })}
            rowKey={(row) => row.key}
            exportName={`analytics-${panel.set}-by-month`}
            onDrill={(row, columnKey) => {
              const measure = drillOfColumn(panel.set, columnKey);
              if (measure) drillMonth(measure, row);
            }}
            chart={(data) => (
              <TrendChart<RiskGroupRow>
                title={panel.title}
                data={data}
                month={(row) => row.key}
                series={panel.series}
                leftFormat={panel.leftFormat}
                rightFormat={panel.rightFormat}
                onSelect={panel.drill ? (row) => panel.drill && drillMonth(panel.drill, row) : undefined}
              />
            )}
          />
        </Col>
      ))}
    </Row>
  );
}
