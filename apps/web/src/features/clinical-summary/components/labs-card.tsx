import type { ClinicalResult, ClinicalSummary } from '@cairn/contracts';
import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import { formatReferenceRange, formatResultValue } from '../../../lib/clinical-format';
import { formatItemDate } from '../utils/format';
import { ResultFlag } from './result-flag';
import { TrendButton, type OnOpenTrend } from './results-cards';
import { SourceTag } from './source-tag';
import { SummaryCard, TotalNote, type SummaryState } from './summary-card';

const LABS_PER_PAGE = 10;

/** The latest result of each lab test, with a trend for tests done more than once. */
export function LabsCard({
  labs,
  state,
  onOpenTrend,
}: {
  labs: ClinicalSummary['labs'] | undefined;
  state: SummaryState;
  onOpenTrend: OnOpenTrend;
}) {
  const items = labs?.items ?? [];
  const columns: TableColumnsType<ClinicalResult> = [
    { title: 'Test', dataIndex: 'display', key: 'test' },
    {
      title: 'Latest',
      key: 'latest',
      render: (_value, lab) => (
        <Flex gap="small" align="center" wrap>
          <span>{formatResultValue(lab)}</span>
          <ResultFlag flag={lab.flag} />
        </Flex>
      ),
    },
    {
      title: 'Range',
      key: 'range',
      render: (_value, lab) => (
        // A range given only in words (FHIR referenceRange.text) is shown as written.
        <Typography.Text type="secondary">
          {formatReferenceRange(lab.referenceRange) || (lab.referenceRange?.text ?? '')}
        </Typography.Text>
      ),
    },
    { title: 'Date', dataIndex: 'date', key: 'date', render: (date: string) => formatItemDate(date) },
    { title: 'Source', dataIndex: 'source', key: 'source', render: (_value, lab) => <SourceTag source={lab.source} /> },
    { title: 'Trend', key: 'trend', render: (_value, lab) => <TrendButton result={lab} onOpenTrend={onOpenTrend} /> },
  ];
  return (
    <SummaryCard
      title="Labs"
      state={state}
      isEmpty={items.length === 0}
      emptyText="No lab results"
      footer={<TotalNote shown={items.length} total={labs?.total ?? 0} />}
    >
      <Table<ClinicalResult>
        aria-label="Labs"
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={items}
        pagination={{ pageSize: LABS_PER_PAGE, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
      />
    </SummaryCard>
  );
}
