import { DownloadOutlined } from '@ant-design/icons';
import { hashKey, keepPreviousData, useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { downloadCsv } from '../../../lib/csv';
import { cellText, isNumeric, shownColumns, tableCsv, type DashboardColumn } from '../utils/columns';
import { formatCount } from '../utils/format';

const DEFAULT_PAGE_SIZE = 25;

/** One page of a patient list, and how many patients the list holds in all. */
export interface PatientPage<Row> {
  rows: readonly Row[];
  total: number;
}

export interface PatientDrilldownProps<Row extends object> {
  open: boolean;
  /** What the list is of: "Open suggestions: Clinic North, Mar 2026". */
  title: string;
  description?: ReactNode;
  onClose: () => void;
  /** The list's query key (the drill's filters); the page and its size are added to it. */
  queryKey: QueryKey;
  /** One page of the list, 1-based, from the server (which audits the read). */
  fetchPage: (page: number, pageSize: number) => Promise<PatientPage<Row>>;
  /** The columns; `patientColumns` gives the patient's, linking to the portrait. */
  columns: readonly DashboardColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Every patient of the list for the CSV file (up to the server's limit: `total` says how many matched). */
  exportAll?: () => Promise<PatientPage<Row>>;
  /** The CSV file's name, before its date. */
  exportName?: string;
  pageSize?: number;
}

/**
 * The patients behind a number, in a drawer: server-side pages, each patient linking to the portrait,
 * and a CSV file of the whole list. The drawer takes the focus when it opens, gives it back to the
 * button that opened it when it closes, and closes with Escape.
 */
export function PatientDrilldown<Row extends object>(props: PatientDrilldownProps<Row>) {
  const { open, title, description, onClose, queryKey } = props;
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <Drawer
      open={open}
      title={title}
      onClose={onClose}
      size="min(880px, 100vw)"
      destroyOnHidden
      // The drawer's own focus on opening can land before its portal is in the document (then the
      // focus stays on the button that opened it): once it has opened, the content takes it.
      afterOpenChange={(isOpen) => {
        if (isOpen && !contentRef.current?.contains(document.activeElement)) contentRef.current?.focus();
      }}
    >
      <div ref={contentRef} tabIndex={-1} style={{ outline: 'none' }}>
        {description && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
            {description}
          </Typography.Paragraph>
        )}
        {/* A new list (another number drilled) starts at its first page. */}
        {open && <PatientList key={hashKey(queryKey)} {...props} />}
      </div>
    </Drawer>
  );
}

function PatientList<Row extends object>({
  title,
  queryKey,
  fetchPage,
  columns,
  rowKey,
  exportAll,
  exportName = 'patients',
  pageSize: initialPageSize = DEFAULT_PAGE_SIZE,
}: PatientDrilldownProps<Row>) {
  const [paging, setPaging] = useState({ page: 1, pageSize: initialPageSize });
  const list = useQuery({
    queryKey: [...queryKey, paging.page, paging.pageSize],
    queryFn: () => fetchPage(paging.page, paging.pageSize),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({
    mutationFn: async () => {
      if (!exportAll) return undefined;
      const all = await exportAll();
      downloadCsv(tableCsv(columns, all.rows), exportName);
      return { exported: all.rows.length, total: all.total };
    },
  });

  if (list.isPending) return <LoadingState label={`Loading the patients of ${title}`} rows={6} />;
  if (list.isError) return <ErrorState title="The patients could not be loaded." onRetry={() => void list.refetch()} />;
  if (list.data.total === 0) return <EmptyState description="No patients" compact />;

  const tableColumns: TableColumnsType<Row> = shownColumns(columns).map((column) => ({
    key: column.key,
    title: column.title,
    align: isNumeric(column) ? 'right' : 'left',
    render: (_: unknown, row: Row) => (column.render ? column.render(row) : cellText(column, row)),
  }));
  const total = list.data.total;
  return (
    <Flex vertical gap="small">
      <Flex justify="space-between" align="center" gap="small" wrap>
        <Typography.Text>{`${formatCount(total)} ${total === 1 ? 'patient' : 'patients'}`}</Typography.Text>
        {exportAll && (
          <Button
            icon={<DownloadOutlined aria-hidden />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate()}
          >
            Export CSV
          </Button>
        )}
      </Flex>
      <ExportOutcome outcome={exporting.data} isError={exporting.isError} />
      <Table<Row>
        aria-label={`Patients of ${title}`}
        rowKey={rowKey}
        size="small"
        columns={tableColumns}
        dataSource={list.data.rows}
        loading={list.isFetching}
        scroll={{ x: true }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total,
          showSizeChanger: true,
          onChange: (page, pageSize) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
        }}
      />
    </Flex>
  );
}

function ExportOutcome({
  outcome,
  isError,
}: {
  outcome: { exported: number; total: number } | undefined;
  isError: boolean;
}) {
  if (isError) return <Alert type="error" showIcon title="The export failed." />;
  if (!outcome || outcome.exported >= outcome.total) return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={`The file holds the first ${formatCount(outcome.exported)} of ${formatCount(outcome.total)} patients.`}
    />
  );
}
