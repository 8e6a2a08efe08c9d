import type { LabTrend, LabTrendPoint } from '@cairn/contracts';
import { Alert, Modal, Table, Typography, type TableColumnsType } from 'antd';
import { useLabTrend } from '../api/get-lab-trend';
import { formatQuantity, formatReferenceRange, formatUnit, withUnit } from '../../../lib/clinical-format';
import { formatItemDate } from '../utils/format';
import { LabTrendChart } from './lab-trend-chart';
import { SourceTag } from './source-tag';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';
import { EmptyState } from '../../../components/empty-state';

/** The modal's name in the product's analytics (spec §1: "lab trend modal"). */
export const LAB_TREND_MODAL_NAME = 'lab trend modal';

export interface TrendSubject {
  loinc: string;
  display: string;
  unit: string | null;
}

/** A test's results over time: a line chart with the reference range, and the results below it. */
export function LabTrendModal({
  patientId,
  subject,
  onClose,
}: {
  patientId: string;
  subject: TrendSubject | undefined;
  onClose: () => void;
}) {
  const trend = useLabTrend(patientId, subject?.loinc);
  const display = trend.data?.display ?? subject?.display ?? '';
  const unit = formatUnit(trend.data ? trend.data.unit : subject?.unit);
  return (
    <Modal
      open={subject !== undefined}
      onCancel={onClose}
      footer={null}
      width={760}
      title={unit ? `${display} (${unit})` : display}
      destroyOnHidden
    >
      <div data-analytics-name={LAB_TREND_MODAL_NAME}>
        {trend.isPending && <LoadingState label="Loading results" />}
        {trend.isError && <ErrorState title="Could not load the results" onRetry={() => void trend.refetch()} />}
        {trend.isSuccess && trend.data.points.length === 0 && <EmptyState description="No numeric results to chart" />}
        {trend.isSuccess && trend.data.points.length > 0 && <TrendContent trend={trend.data} />}
      </div>
    </Modal>
  );
}

function TrendContent({ trend }: { trend: LabTrend }) {
  // Results in a unit that cannot be converted are listed, not drawn on an axis of another unit.
  const charted = trend.points.filter((point) => point.unit === trend.unit);
  // A range given only in words (FHIR referenceRange.text) is shown as written; nothing is shaded for it.
  const bounds = formatReferenceRange(trend.referenceRange);
  const range = bounds ? withUnit(bounds, trend.unit) : (trend.referenceRange?.text ?? '');
  const columns: TableColumnsType<LabTrendPoint> = [
    { title: 'Date', dataIndex: 'date', key: 'date', render: (date: string) => formatItemDate(date) },
    {
      title: 'Value',
      key: 'value',
      render: (_value, point) => formatQuantity(point.value, point.unit, { decimals: point.decimals }),
    },
    {
      title: 'As reported',
      key: 'reported',
      render: (_value, point) =>
        point.convertedFrom
          ? formatQuantity(point.convertedFrom.value, point.convertedFrom.unit, {
              decimals: point.convertedFrom.decimals,
            })
          : '',
    },
    { title: 'Interpretation', dataIndex: 'interpretation', key: 'interpretation' },
    { title: 'Source', key: 'source', render: (_value, point) => <SourceTag source={point.source} /> },
  ];
  return (
    <>
      <LabTrendChart title={trend.display} points={charted} referenceRange={trend.referenceRange} />
      {range && <Typography.Paragraph type="secondary">{`Reference range ${range}`}</Typography.Paragraph>}
      {trend.units === 'converted' && (
        <Typography.Paragraph type="secondary">
          Some results were reported in another unit and are shown converted to {formatUnit(trend.unit)}.
        </Typography.Paragraph>
      )}
      {trend.units === 'mixed' && (
        <Alert
          type="warning"
          showIcon
          title={`Some results are in a unit that cannot be converted to ${formatUnit(trend.unit) || 'the latest unit'}: they are listed below but not charted.`}
        />
      )}
      <Table<LabTrendPoint>
        aria-label="Results"
        size="small"
        rowKey="id"
        columns={columns.filter((column) => column.key !== 'reported' || trend.units === 'converted')}
        dataSource={[...trend.points].reverse()}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      />
    </>
  );
}
