import type { FitImportRow } from '@cairn/contracts';
import { Alert, Button, Flex, Modal, Table, Typography, type TableColumnsType } from 'antd';
import { useId, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useImportFitResults, type FitImportReport } from '../api/import-fit-results';

const OUTCOME_LABELS: Record<FitImportRow['outcome'], string> = {
  matched: 'Stored, kit resulted',
  stored: 'Stored, no kit out',
  'no-patient': 'No patient',
  ambiguous: 'Several patients',
  invalid: 'Not read',
};

const COLUMNS: TableColumnsType<FitImportRow> = [
  { title: 'Line', key: 'line', render: (_, row) => row.line },
  { title: 'Outcome', key: 'outcome', render: (_, row) => OUTCOME_LABELS[row.outcome] },
  {
    title: 'Patient',
    key: 'patient',
    render: (_, row) => (row.patient ? `${row.patient.lastName}, ${row.patient.firstName}` : '—'),
  },
  {
    title: 'Why',
    key: 'why',
    render: (_, row) => row.errors.map((error) => `${error.column}: ${error.message}`).join('; ') || '—',
  },
];

function summaryOf(report: FitImportReport): string {
  const { matched, stored, noPatient, ambiguous, invalid } = report.counts;
  return `${String(matched)} matched to a kit, ${String(stored)} stored without a kit, ${String(noPatient)} with no patient, ${String(ambiguous)} ambiguous, ${String(invalid)} not read.`;
}

/**
 * "Import results": the lab's results file (CSV: mrn, date_of_birth, collection_date, result, loinc),
 * each result stored in its patient's record; a result answering a kit out results the kit, and the
 * CMS130 gap closes when the analysis has read it.
 */
export function FitImportResults() {
  const [isOpen, setOpen] = useState(false);
  const [file, setFile] = useState<File>();
  const importResults = useImportFitResults();
  const inputId = useId();
  const close = () => {
    setOpen(false);
    setFile(undefined);
    importResults.reset();
  };
  const report = importResults.data;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Import results</Button>
      <Modal
        open={isOpen}
        title="Import FIT results"
        width={820}
        onCancel={close}
        destroyOnHidden
        footer={
          <Flex justify="end" gap="small">
            <Button onClick={close}>Done</Button>
            <Button
              type="primary"
              disabled={!file}
              loading={importResults.isPending}
              onClick={() => void file?.text().then((csv) => importResults.mutate(csv))}
            >
              Import
            </Button>
          </Flex>
        }
      >
        <Typography.Paragraph>
          The lab&apos;s results file, CSV, with the columns <Typography.Text code>mrn</Typography.Text>,{' '}
          <Typography.Text code>date_of_birth</Typography.Text>, <Typography.Text code>collection_date</Typography.Text>{' '}
          (YYYY-MM-DD or MM/DD/YYYY), <Typography.Text code>result</Typography.Text> (positive or negative) and{' '}
          <Typography.Text code>loinc</Typography.Text> (a FOBT or FIT-DNA code, such as 29771-3). Each result goes into
          its patient&apos;s record; the CMS130 gap closes once the patient&apos;s analysis has read it.
        </Typography.Paragraph>
        <Flex vertical gap={4} style={{ marginBottom: 16 }}>
          <label htmlFor={inputId}>Results file (CSV)</label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              setFile(event.target.files?.[0]);
              importResults.reset();
            }}
          />
        </Flex>
        {importResults.isError ? (
          <Alert
            type="error"
            showIcon
            title={`The file was not imported${isApiError(importResults.error) && importResults.error.serverMessage ? `: ${importResults.error.serverMessage}` : '.'}`}
          />
        ) : null}
        {report ? (
          <>
            <Alert type="info" showIcon style={{ marginBottom: 12 }} title={summaryOf(report)} />
            <Table<FitImportRow>
              aria-label="Import report"
              rowKey="line"
              size="small"
              columns={COLUMNS}
              dataSource={report.rows}
              pagination={report.rows.length > 20 ? { pageSize: 20 } : false}
            />
          </>
        ) : null}
      </Modal>
    </>
  );
}
