import { Descriptions, Drawer, Tag, Typography } from 'antd';
import { ErrorState } from '../../../../components/error-state';
import { LoadingState } from '../../../../components/loading-state';
import { useAuditEntry, type AuditEntryDetail } from '../../api/get-audit-entry';
import { OUTCOME_COLOURS, OUTCOME_LABELS } from './audit-filters';
import { formatAuditTime } from './audit-table';

export interface AuditEntryDrawerProps {
  /** The entry shown; none closes the drawer. */
  id: string | undefined;
  onClose: () => void;
}

/** One entry with everything its writer recorded. Escape closes it and focus returns to the list. */
export function AuditEntryDrawer({ id, onClose }: AuditEntryDrawerProps) {
  const entry = useAuditEntry(id);
  return (
    <Drawer open={id !== undefined} onClose={onClose} title="Audit entry" size="large" destroyOnHidden>
      {entry.isPending ? (
        <LoadingState label="Loading the audit entry" />
      ) : entry.isError ? (
        <ErrorState title="The audit entry could not be loaded." onRetry={() => void entry.refetch()} />
      ) : (
        <EntryDetails entry={entry.data} />
      )}
    </Drawer>
  );
}

function EntryDetails({ entry }: { entry: AuditEntryDetail }) {
  const { user, patient } = entry;
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label="Entry">{entry.id}</Descriptions.Item>
      <Descriptions.Item label="Time">{`${formatAuditTime(entry.at)} (${entry.at} UTC)`}</Descriptions.Item>
      <Descriptions.Item label="Action">
        <Typography.Text code>{entry.action}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="Outcome">
        <Tag color={OUTCOME_COLOURS[entry.outcome]}>{OUTCOME_LABELS[entry.outcome]}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label="User">
        {user ? `${user.name || user.username} (${user.username}, ${user.id})` : 'No signed-in user'}
      </Descriptions.Item>
      <Descriptions.Item label="Patient">
        {patient ? [patient.name, patient.mrn && `MRN ${patient.mrn}`, patient.id].filter(Boolean).join(', ') : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="Client address">{entry.clientAddress ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Details">
        {entry.details ? (
          <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {JSON.stringify(entry.details, null, 2)}
          </pre>
        ) : (
          '—'
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}
