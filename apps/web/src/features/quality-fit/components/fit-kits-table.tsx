import type { FitKit } from '@cairn/contracts';
import { Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { formatDate } from '../../../lib/dates';
import { PatientCell } from '../../quality';
import { KIT_STATUS_COLOURS, KIT_STATUS_LABELS } from '../utils/labels';

/** What a user may record of a kit; its result comes only with the lab's result. */
const SETTABLE = ['mailed', 'returned', 'lost', 'declined'] as const;
export type SettableKitStatus = (typeof SETTABLE)[number];

const GAP_LABELS: Record<string, string> = { open: 'Open', closed: 'Closed', excluded: 'Excluded' };

function resultOf(kit: FitKit): string {
  if (kit.status !== 'resulted') return '—';
  const result =
    kit.result === 'positive' ? 'Positive' : kit.result === 'negative' ? 'Negative' : (kit.resultText ?? 'Unread');
  return kit.resultedOn ? `${result}, collected ${formatDate(kit.resultedOn, 'date')}` : result;
}

function columnsFor(options: { onStatus: (kit: FitKit, status: SettableKitStatus) => void; isSaving: boolean }) {
  const columns: TableColumnsType<FitKit> = [
    { title: 'Patient', key: 'patient', render: (_, kit) => <PatientCell patient={kit.patient} /> },
    {
      title: 'Status',
      key: 'status',
      render: (_, kit) => (
        <Flex vertical>
          <Tag color={KIT_STATUS_COLOURS[kit.status]} style={{ width: 'fit-content' }}>
            {KIT_STATUS_LABELS[kit.status]}
          </Tag>
          {kit.returnedOn ? (
            <Typography.Text type="secondary">{`Returned ${formatDate(kit.returnedOn, 'date')}`}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Mailed',
      key: 'mailed',
      render: (_, kit) => (
        <Flex vertical>
          <span>{formatDate(kit.mailedOn, 'date')}</span>
          <Typography.Text type="secondary">{kit.batch.templateName}</Typography.Text>
        </Flex>
      ),
    },
    { title: 'Return by', key: 'returnBy', render: (_, kit) => formatDate(kit.returnBy, 'date') },
    { title: 'Result', key: 'result', render: (_, kit) => resultOf(kit) },
    {
      title: 'CMS130 gap',
      key: 'gap',
      render: (_, kit) => (kit.gapStatus ? (GAP_LABELS[kit.gapStatus] ?? kit.gapStatus) : 'None'),
    },
    {
      title: 'Record',
      key: 'record',
      render: (_, kit) =>
        kit.status === 'resulted' ? (
          <Typography.Text type="secondary">Result received</Typography.Text>
        ) : (
          <Select<SettableKitStatus>
            aria-label={`Status of the kit of ${kit.patient.lastName}, ${kit.patient.firstName}`}
            style={{ width: 140 }}
            size="small"
            disabled={options.isSaving}
            value={kit.status}
            onChange={(status) => options.onStatus(kit, status)}
            options={SETTABLE.map((status) => ({ value: status, label: KIT_STATUS_LABELS[status] }))}
          />
        ),
    },
  ];
  return columns;
}

export interface FitKitsTableProps {
  rows: FitKit[];
  total: number;
  page: number;
  pageSize: number;
  isLoading: boolean;
  isSaving: boolean;
  onStatus: (kit: FitKit, status: SettableKitStatus) => void;
  onPage: (page: number, pageSize: number) => void;
}

/** A page of kits, latest mailed first; a kit not yet resulted can be recorded returned, lost, declined or mailed. */
export function FitKitsTable(props: FitKitsTableProps) {
  const { rows, total, page, pageSize, isLoading } = props;
  return (
    <Table<FitKit>
      aria-label="FIT kits"
      rowKey="id"
      size="middle"
      columns={columnsFor(props)}
      dataSource={rows}
      loading={isLoading}
      onChange={(pagination, _filters, _sorter, extra) => {
        if (extra.action === 'paginate') props.onPage(pagination.current ?? 1, pagination.pageSize ?? pageSize);
      }}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [25, 50, 100],
        showTotal: (count) => `${count.toLocaleString('en-US')} kits`,
      }}
    />
  );
}
