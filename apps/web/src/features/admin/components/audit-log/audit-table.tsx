import type { AuditEntrySummary } from '@cairn/contracts';
import { Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { OUTCOME_COLOURS, OUTCOME_LABELS } from './audit-filters';

/** When an entry happened, in the browser's time zone, to the second. */
export function formatAuditTime(at: string): string {
  return dayjs(at).format('YYYY-MM-DD HH:mm:ss');
}

function patientLabel(patient: AuditEntrySummary['patient']): string {
  if (!patient) return '—';
  if (patient.name === null) return patient.id;
  return patient.mrn ? `${patient.name} (${patient.mrn})` : patient.name;
}

export interface AuditTableProps {
  entries: AuditEntrySummary[];
  isLoading: boolean;
  onOpen: (id: string) => void;
}

/** A page of entries, newest first; an entry's time opens its details. */
export function AuditTable({ entries, isLoading, onOpen }: AuditTableProps) {
  const columns: TableColumnsType<AuditEntrySummary> = [
    {
      title: 'Time',
      key: 'at',
      render: (_, entry) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(entry.id)}>
          {formatAuditTime(entry.at)}
        </Button>
      ),
    },
    {
      title: 'User',
      key: 'user',
      render: (_, entry) => (entry.user ? `${entry.user.name || entry.user.username} (${entry.user.username})` : '—'),
    },
    { title: 'Patient', key: 'patient', render: (_, entry) => patientLabel(entry.patient) },
    { title: 'Action', key: 'action', render: (_, entry) => <Typography.Text code>{entry.action}</Typography.Text> },
    {
      title: 'Outcome',
      key: 'outcome',
      render: (_, entry) => <Tag color={OUTCOME_COLOURS[entry.outcome]}>{OUTCOME_LABELS[entry.outcome]}</Tag>,
    },
    { title: 'Client address', key: 'clientAddress', render: (_, entry) => entry.clientAddress ?? '—' },
  ];
  return (
    <Table<AuditEntrySummary>
      aria-label="Audit log"
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={entries}
      loading={isLoading}
      pagination={false}
      scroll={{ x: true }}
    />
  );
}
