import { USER_CSV_COLUMNS, type UserImportRow } from '@cairn/contracts';
import { Alert, Checkbox, Modal, Table, Tag, Typography } from 'antd';
import { useState, type ChangeEvent } from 'react';
import { isApiError } from '../../../../lib/api-error';
import { useImportUsers, type UserImportReport } from '../../api/import-users';

/** The largest file read in the browser; the server takes at most 1,000 users a file. */
const MAX_FILE_BYTES = 2_000_000;

/**
 * Creates many accounts from a CSV file whose first line names the columns; the report lists each
 * line, created or refused with the column and the reason, so the file can be fixed and sent again.
 */
export function ImportUsersModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const importUsers = useImportUsers();
  const [csv, setCsv] = useState<{ name: string; text: string }>();
  const [invite, setInvite] = useState(true);
  const [report, setReport] = useState<UserImportReport>();
  const [failure, setFailure] = useState<string>();

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    setReport(undefined);
    setFailure(undefined);
    const file = event.target.files?.[0];
    if (!file) return setCsv(undefined);
    if (file.size > MAX_FILE_BYTES) return setFailure('The file is larger than 2 MB.');
    setCsv({ name: file.name, text: await file.text() });
  }

  async function run() {
    if (!csv) return setFailure('Choose a CSV file first.');
    setFailure(undefined);
    try {
      setReport(await importUsers.mutateAsync({ csv: csv.text, invite }));
    } catch (error) {
      setFailure(isApiError(error) ? (error.serverMessage ?? error.message) : 'The file could not be imported.');
    }
  }

  const close = () => {
    setCsv(undefined);
    setReport(undefined);
    setFailure(undefined);
    onClose();
  };
  return (
    <Modal
      open={isOpen}
      title="Import users from CSV"
      onCancel={close}
      onOk={report ? close : () => void run()}
      okText={report ? 'Done' : 'Import'}
      okButtonProps={{ loading: importUsers.isPending }}
      cancelButtonProps={{ style: report ? { display: 'none' } : undefined }}
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph>
        The first line names the columns: <Typography.Text code>{USER_CSV_COLUMNS.join(', ')}</Typography.Text>. The
        first five are required; permissions are separated by spaces or semicolons; view is Coder, Provider or Classic.
      </Typography.Paragraph>
      <label htmlFor="users-csv-file" style={{ display: 'block', fontWeight: 500, marginBottom: 6 }}>
        CSV file
      </label>
      <input id="users-csv-file" type="file" accept=".csv,text/csv" onChange={(event) => void readFile(event)} />
      <div style={{ marginTop: 12 }}>
        <Checkbox checked={invite} onChange={(event) => setInvite(event.target.checked)}>
          Email each new user an invitation to choose a password
        </Checkbox>
      </div>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 16 }} />}
      {report && <ImportReport report={report} />}
    </Modal>
  );
}

function ImportReport({ report }: { report: UserImportReport }) {
  return (
    <div style={{ marginTop: 16 }}>
      <Alert
        type={report.refused === 0 ? 'success' : 'warning'}
        showIcon
        title={`${String(report.created)} created, ${String(report.refused)} refused`}
        style={{ marginBottom: 12 }}
      />
      <Table<UserImportRow>
        aria-label="Import report"
        size="small"
        rowKey="line"
        pagination={report.rows.length > 10 ? { pageSize: 10 } : false}
        dataSource={report.rows}
        columns={[
          { title: 'Line', dataIndex: 'line', width: 64 },
          { title: 'Username', dataIndex: 'username' },
          {
            title: 'Outcome',
            dataIndex: 'outcome',
            render: (outcome: UserImportRow['outcome']) =>
              outcome === 'created' ? <Tag color="success">Created</Tag> : <Tag color="error">Refused</Tag>,
          },
          {
            title: 'Why',
            render: (_value, row) => row.errors.map((error) => `${error.column}: ${error.message}`).join('; '),
          },
        ]}
      />
    </div>
  );
}
