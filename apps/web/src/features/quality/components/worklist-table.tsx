import type { QualityWorklistRow, QualityWorklistSort } from '@cairn/contracts';
import { Flex, Table, Tag, Typography, type TableColumnsType, type TableProps } from 'antd';
import { formatDate } from '../../../lib/dates';
import { GAP_STATUS_COLOURS, GAP_STATUS_LABELS } from '../utils/labels';
import { PatientCell } from './patient-cell';

export interface WorklistOrder {
  sort: QualityWorklistSort;
  direction: 'ascending' | 'descending';
}

/** A row's key: its patient and measure. */
export const worklistRowKey = (row: QualityWorklistRow): string => `${row.patient.cairnPatientId}:${row.measureId}`;

export interface WorklistTableProps {
  rows: QualityWorklistRow[];
  total: number;
  page: number;
  pageSize: number;
  order: WorklistOrder;
  isLoading: boolean;
  selectedKeys: string[];
  onSelect: (keys: string[], rows: QualityWorklistRow[]) => void;
  onPage: (page: number, pageSize: number) => void;
  onOrder: (order: WorklistOrder) => void;
}

const SORT_OF_COLUMN: Partial<Record<string, QualityWorklistSort>> = {
  patient: 'patientName',
  measure: 'measure',
  dueDate: 'dueDate',
  nextVisit: 'nextVisit',
};

function columnsFor(order: WorklistOrder): TableColumnsType<QualityWorklistRow> {
  const sorted = (sort: QualityWorklistSort) =>
    ({
      sorter: true,
      sortOrder: order.sort === sort ? (order.direction === 'ascending' ? 'ascend' : 'descend') : null,
    }) as const;
  return [
    {
      title: 'Patient',
      key: 'patient',
      ...sorted('patientName'),
      render: (_, row) => <PatientCell patient={row.patient} />,
    },
    {
      title: 'Measure',
      key: 'measure',
      ...sorted('measure'),
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
    {
      title: 'Due',
      key: 'dueDate',
      ...sorted('dueDate'),
      render: (_, row) => (row.dueDate ? formatDate(row.dueDate, 'date') : '—'),
    },
    { title: 'Why open', key: 'reason', render: (_, row) => row.reason },
    {
      title: 'Primary provider',
      key: 'provider',
      render: (_, row) => (
        <Flex vertical>
          <span>{row.primaryProvider?.name ?? '—'}</span>
          <Typography.Text type="secondary">
            {[row.departmentName, row.clinicName].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Next visit',
      key: 'nextVisit',
      ...sorted('nextVisit'),
      render: (_, row) =>
        row.nextVisit
          ? `${formatDate(row.nextVisit.startAt, 'date')} ${formatDate(row.nextVisit.startAt, 'time')}`
          : 'None booked',
    },
  ];
}

/**
 * A page of open gaps: sortable columns (the server sorts), rows selectable across pages, each patient
 * linking to their portrait. No `scroll.x`: antd would then copy the column titles, the select-all
 * checkbox among them, into a hidden measuring row, a focusable control inside `aria-hidden` (axe).
 */
export function WorklistTable(props: WorklistTableProps) {
  const { rows, total, page, pageSize, order, isLoading, selectedKeys } = props;
  const onChange: TableProps<QualityWorklistRow>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'paginate') {
      props.onPage(pagination.current ?? 1, pagination.pageSize ?? pageSize);
      return;
    }
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    const sort = SORT_OF_COLUMN[String(sorter.columnKey)];
    // A third press on a column clears its order: the worklist's own order (due date) comes back.
    props.onOrder(
      sort && sorter.order
        ? { sort, direction: sorter.order === 'descend' ? 'descending' : 'ascending' }
        : { sort: 'dueDate', direction: 'ascending' },
    );
  };
  return (
    <Table<QualityWorklistRow>
      aria-label="Open care gaps"
      rowKey={worklistRowKey}
      size="middle"
      columns={columnsFor(order)}
      dataSource={rows}
      loading={isLoading}
      onChange={onChange}
      rowSelection={{
        selectedRowKeys: selectedKeys,
        preserveSelectedRowKeys: true,
        onChange: (keys, selected) => props.onSelect(keys.map(String), selected),
        getCheckboxProps: (row) => ({
          'aria-label': `Select ${row.patient.lastName}, ${row.patient.firstName}: ${row.measureId}`,
        }),
      }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [25, 50, 100],
        showTotal: (count) => `${count.toLocaleString('en-US')} gaps`,
      }}
    />
  );
}
