import type { FitCandidate } from '@cairn/contracts';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { formatDate } from '../../../lib/dates';
import { PatientCell } from '../../quality';
import { KIT_STATUS_LABELS } from '../utils/labels';

const COLUMNS: TableColumnsType<FitCandidate> = [
  { title: 'Patient', key: 'patient', render: (_, row) => <PatientCell patient={row.patient} /> },
  { title: 'Age', key: 'age', render: (_, row) => row.age },
  {
    title: 'Mailing address',
    key: 'address',
    render: (_, row) => row.address ?? <Typography.Text type="danger">No mailing address</Typography.Text>,
  },
  {
    title: 'Primary provider',
    key: 'provider',
    render: (_, row) => (
      <Flex vertical>
        <span>{row.primaryProvider?.name ?? '—'}</span>
        <Typography.Text type="secondary">{row.clinicName ?? ''}</Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'CMS130 gap',
    key: 'gap',
    render: (_, row) => (
      <Flex vertical>
        <Tag color="red" style={{ width: 'fit-content' }}>
          Open
        </Tag>
        {row.dueDate ? (
          <Typography.Text type="secondary">{`Due ${formatDate(row.dueDate, 'date')}`}</Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    title: 'Last kit',
    key: 'lastKit',
    render: (_, row) =>
      row.lastKit
        ? `${KIT_STATUS_LABELS[row.lastKit.status]}, mailed ${formatDate(row.lastKit.mailedOn, 'date')}`
        : 'None',
  },
];

export interface FitCandidatesTableProps {
  rows: FitCandidate[];
  total: number;
  page: number;
  pageSize: number;
  isLoading: boolean;
  selectedIds: string[];
  onSelect: (ids: string[]) => void;
  onPage: (page: number, pageSize: number) => void;
}

/**
 * The patients with an open CMS130 gap, selectable across pages; a patient without a mailing address
 * cannot be chosen. No `scroll.x` (antd would copy the select-all checkbox into an aria-hidden row).
 */
export function FitCandidatesTable(props: FitCandidatesTableProps) {
  const { rows, total, page, pageSize, isLoading, selectedIds } = props;
  return (
    <Table<FitCandidate>
      aria-label="Patients to invite"
      rowKey={(row) => row.patient.cairnPatientId}
      size="middle"
      columns={COLUMNS}
      dataSource={rows}
      loading={isLoading}
      onChange={(pagination, _filters, _sorter, extra) => {
        if (extra.action === 'paginate') props.onPage(pagination.current ?? 1, pagination.pageSize ?? pageSize);
      }}
      rowSelection={{
        selectedRowKeys: selectedIds,
        preserveSelectedRowKeys: true,
        onChange: (keys) => props.onSelect(keys.map(String)),
        getCheckboxProps: (row) => ({
          disabled: row.address === null,
          'aria-label': `Select ${row.patient.lastName}, ${row.patient.firstName}`,
        }),
      }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [25, 50, 100],
        showTotal: (count) => `${count.toLocaleString('en-US')} patients`,
      }}
    />
  );
}
