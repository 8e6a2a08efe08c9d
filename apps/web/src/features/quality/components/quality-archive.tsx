import type { QualityArchiveFilters, QualityArchiveRow } from '@cairn/contracts';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { formatDate } from '../../../lib/dates';
import { useQualityArchive } from '../api/get-quality-archive';
import { useQualityMeasures } from '../api/get-quality-measures';
import { GAP_STATUS_COLOURS, GAP_STATUS_LABELS } from '../utils/labels';
import { ArchiveFilterBar } from './archive-filter-bar';
import { PatientCell } from './patient-cell';

const columns: TableColumnsType<QualityArchiveRow> = [
  { title: 'Patient', key: 'patient', render: (_, row) => <PatientCell patient={row.patient} /> },
  {
    title: 'Measure',
    key: 'measure',
    render: (_, row) => (
      <Flex vertical>
        <Typography.Text strong>{row.measureId}</Typography.Text>
        <Typography.Text type="secondary">{row.measureTitle}</Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Status',
    key: 'status',
    render: (_, row) => <Tag color={GAP_STATUS_COLOURS[row.status]}>{GAP_STATUS_LABELS[row.status]}</Tag>,
  },
  { title: 'When', key: 'resolvedAt', render: (_, row) => formatDate(row.resolvedAt, 'date') },
  {
    title: 'By what',
    key: 'evidence',
    render: (_, row) =>
      row.evidence.length === 0 ? (
        row.reason
      ) : (
        <ul style={{ margin: 0, paddingLeft: 16 }}>
          {row.evidence.map((evidence) => (
            <li key={`${evidence.resourceType}-${evidence.date}-${evidence.description}`}>
              {`${evidence.description}, ${formatDate(evidence.date, 'date')}`}
            </li>
          ))}
        </ul>
      ),
  },
  {
    title: 'Counts until',
    key: 'dueDate',
    render: (_, row) => (row.status === 'closed' && row.dueDate ? formatDate(row.dueDate, 'date') : '—'),
  },
];

/** The closed and excluded gaps, latest first, with when and by what; filtered by state, measure and dates. */
export function QualityArchive() {
  const [filters, setFilters] = useState<QualityArchiveFilters>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 50 });
  const measures = useQualityMeasures();
  const archive = useQualityArchive({ filters, ...paging });
  const set = (change: Partial<QualityArchiveFilters>) => {
    setFilters({ ...filters, ...change });
    setPaging({ ...paging, page: 1 });
  };
  return (
    <>
      <ArchiveFilterBar
        value={filters}
        onChange={set}
        measures={measures.data}
        isLoadingMeasures={measures.isPending}
      />
      {archive.isPending ? (
        <LoadingState label="Loading the archive" />
      ) : archive.isError ? (
        <ErrorState title="The archive could not be loaded." onRetry={() => void archive.refetch()} />
      ) : archive.data.total === 0 ? (
        <EmptyState description="No closed or excluded care gaps match these filters" />
      ) : (
        <Table<QualityArchiveRow>
          aria-label="Closed and excluded care gaps"
          rowKey={(row) => `${row.patient.cairnPatientId}:${row.measureId}`}
          size="middle"
          columns={columns}
          dataSource={archive.data.rows}
          loading={archive.isFetching}
          scroll={{ x: true }}
          onChange={(pagination) =>
            setPaging({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? paging.pageSize })
          }
          pagination={{
            ...paging,
            total: archive.data.total,
            showSizeChanger: true,
            pageSizeOptions: [25, 50, 100],
            showTotal: (total) => `${total.toLocaleString('en-US')} gaps`,
          }}
        />
      )}
    </>
  );
}
