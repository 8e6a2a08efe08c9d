import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Segmented, Typography } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { downloadCsv } from '../../../lib/csv';
import { tableCsv, type DashboardColumn } from '../utils/columns';
import { DashboardTable } from './dashboard-table';

export type PanelView = 'chart' | 'table';

export interface ChartPanelProps<Row extends object> {
  /** The panel's heading ('Admissions per 1,000 patients'). */
  title: string;
  /** What the number means, in a medical director's words, under the heading. */
  description?: ReactNode;
  /** Undefined while the first answer is awaited. */
  rows: readonly Row[] | undefined;
  columns: readonly DashboardColumn<Row>[];
  rowKey: (row: Row) => string;
  /** The chart of the rows; without it the panel is a table (a worklist, the highest-cost patients). */
  chart?: (rows: readonly Row[]) => ReactNode;
  /** The CSV file's name, before its date (`admissions-by-month` gives `admissions-by-month-20260314-0930.csv`). */
  exportName: string;
  isLoading?: boolean;
  isError?: boolean;
  /** Offered with the error: asks again. */
  onRetry?: () => void;
  /** What "empty" means here; "No data for these filters" unless told. */
  emptyText?: string;
  /** The table's numbers open their patients (the chart's `onSelect` is the page's to give). */
  onDrill?: (row: Row, columnKey: string) => void;
  drillLabel?: (row: Row, column: DashboardColumn<Row>) => string;
  /** The view shown first; the chart unless told. */
  defaultView?: PanelView;
  /** More controls beside the view toggle (a grouping picker). */
  extra?: ReactNode;
  /** Every row for the CSV file when the panel shows only the first ones (a long worklist); the shown rows otherwise. */
  exportRows?: () => Promise<readonly Row[]>;
}

/**
 * A dashboard panel (STYLE §4: loading, then error, then empty, then data): a card with a heading, what
 * the number means, a Chart / Table toggle showing the same rows either way, and Export CSV of every row.
 * The card is a region named by its heading, so a screen reader can list and jump to the panels.
 */
export function ChartPanel<Row extends object>(props: ChartPanelProps<Row>) {
  const { title, description, rows, columns, chart, exportName, isError = false, extra } = props;
  const titleId = useId();
  const [view, setView] = useState<PanelView>(chart ? (props.defaultView ?? 'chart') : 'table');
  const [isExporting, setExporting] = useState(false);
  const [hasExportFailed, setExportFailed] = useState(false);
  const isLoading = props.isLoading === true || (rows === undefined && !isError);
  const hasRows = !isLoading && !isError && rows !== undefined && rows.length > 0;

  const toggle = chart && (
    <Segmented<PanelView>
      size="small"
      aria-label={`Show ${title} as`}
      value={view}
      onChange={setView}
      options={[
        { value: 'chart', label: 'Chart' },
        { value: 'table', label: 'Table' },
      ]}
    />
  );
  const exportButton = (
    <Button
      size="small"
      icon={<DownloadOutlined aria-hidden />}
      disabled={!hasRows}
      loading={isExporting}
      onClick={() => {
        if (!props.exportRows) {
          if (rows) downloadCsv(tableCsv(columns, rows), exportName);
          return;
        }
        setExporting(true);
        setExportFailed(false);
        props
          .exportRows()
          .then((all) => downloadCsv(tableCsv(columns, all), exportName))
          .catch(() => setExportFailed(true))
          .finally(() => setExporting(false));
      }}
    >
      Export CSV
    </Button>
  );

  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      title={
        <h2 id={titleId} style={{ margin: 0, font: 'inherit' }}>
          {title}
        </h2>
      }
      extra={
        <Flex gap="small" align="center" wrap>
          {extra}
          {toggle}
          {exportButton}
        </Flex>
      }
    >
      {description && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {description}
        </Typography.Paragraph>
      )}
      {hasExportFailed && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setExportFailed(false) }}
          title="The export failed: try again."
          style={{ marginBottom: 12 }}
        />
      )}
      <PanelBody {...props} view={view} isLoading={isLoading} isError={isError} />
    </Card>
  );
}

function PanelBody<Row extends object>({
  title,
  rows,
  columns,
  rowKey,
  chart,
  isLoading,
  isError,
  onRetry,
  emptyText = 'No data for these filters',
  onDrill,
  drillLabel,
  view,
}: ChartPanelProps<Row> & { view: PanelView; isLoading: boolean; isError: boolean }) {
  if (isLoading) return <LoadingState label={`Loading ${title}`} rows={4} />;
  if (isError || rows === undefined) return <ErrorState title={`${title} could not be loaded.`} onRetry={onRetry} />;
  if (rows.length === 0) return <EmptyState description={emptyText} compact />;
  if (view === 'chart' && chart) return <>{chart(rows)}</>;
  return (
    <DashboardTable<Row>
      label={title}
      rows={rows}
      columns={columns}
      rowKey={rowKey}
      onDrill={onDrill}
      drillLabel={drillLabel}
    />
  );
}
