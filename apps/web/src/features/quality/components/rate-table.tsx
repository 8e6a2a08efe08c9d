import type { QualityMeasureRates, QualityRateGrouping, QualityRateRow } from '@cairn/contracts';
import { Table, Tag, type TableColumnsType } from 'antd';
import { formatPercent, GROUPING_LABELS } from '../utils/rates';

/** Past this many providers or clinics the table pages. */
const PAGE_SIZE = 50;

const count = (value: number) => value.toLocaleString('en-US');

function columnsFor(measure: QualityMeasureRates, grouping: QualityRateGrouping): TableColumnsType<QualityRateRow> {
  return [
    { title: GROUPING_LABELS[grouping], key: 'label', dataIndex: 'label' },
    {
      title: measure.inverse ? 'Numerator (poor control)' : 'Numerator',
      key: 'numerator',
      align: 'right',
      render: (_, row) => count(row.numerator),
    },
    { title: 'Denominator', key: 'denominator', align: 'right', render: (_, row) => count(row.denominator) },
    { title: 'Exclusions', key: 'exclusions', align: 'right', render: (_, row) => count(row.exclusions) },
    { title: 'Exceptions', key: 'exceptions', align: 'right', render: (_, row) => count(row.exceptions) },
    { title: 'Rate', key: 'rate', align: 'right', render: (_, row) => formatPercent(row.rate) },
    { title: 'Target', key: 'target', align: 'right', render: () => formatPercent(measure.target.percent) },
    {
      title: 'Target met',
      key: 'isTargetMet',
      render: (_, row) =>
        row.isTargetMet === null ? (
          'No rate'
        ) : row.isTargetMet ? (
          <Tag color="green">Met</Tag>
        ) : (
          <Tag color="orange">Not met</Tag>
        ),
    },
  ];
}

export interface RateTableProps {
  measure: QualityMeasureRates;
  grouping: QualityRateGrouping;
}

/**
 * The rates as a table, the chart's text alternative: for each month, provider or clinic the measure's
 * populations, the rate (numerator / (denominator - exclusions - exceptions)), the target and whether
 * it is met.
 */
export function RateTable({ measure, grouping }: RateTableProps) {
  return (
    <Table<QualityRateRow>
      aria-label={`${measure.measureId} performance rates by ${grouping}`}
      rowKey={(row) => row.key ?? 'none'}
      size="small"
      columns={columnsFor(measure, grouping)}
      dataSource={measure.rows}
      scroll={{ x: true }}
      pagination={measure.rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
    />
  );
}
