import type { QualityWorklistFilters, QualityWorklistRow } from '@cairn/contracts';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { isApiError } from '../../../lib/api-error';
import { usePageTiming } from '../../../lib/page-timing';
import { downloadCsv } from '../../../lib/csv';
import { useExportQualityWorklist } from '../api/export-quality-worklist';
import { useQualityMeasures } from '../api/get-quality-measures';
import { useQualityWorklist } from '../api/get-quality-worklist';
import { worklistCsv } from '../utils/worklist-csv';
import { WorklistFilterBar } from './worklist-filter-bar';
import { WorklistTable, worklistRowKey, type WorklistOrder } from './worklist-table';

const DEFAULT_PAGE_SIZE = 50;

/**
 * The organisation's open care gaps (issue 19): filters, a sortable page, rows selected across pages
 * for a CSV of the selection, and a CSV of every gap the filters match. The server audits each patient
 * shown or exported.
 */
export function QualityWorklist() {
  const [filters, setFilters] = useState<QualityWorklistFilters>({});
  const [order, setOrder] = useState<WorklistOrder>({ sort: 'dueDate', direction: 'ascending' });
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<QualityWorklistRow[]>([]);
  const measures = useQualityMeasures();
  const worklist = useQualityWorklist({ filters, ...order, ...paging });
  usePageTiming('quality', worklist.isSuccess);
  const exportAll = useExportQualityWorklist();
  const changeFilters = (next: QualityWorklistFilters) => {
    setFilters(next);
    setPaging({ ...paging, page: 1 });
  };
  const changeOrder = (next: WorklistOrder) => {
    setOrder(next);
    setPaging({ ...paging, page: 1 });
  };

  return (
    <>
      <WorklistFilterBar
        value={filters}
        onChange={changeFilters}
        measures={measures.data}
        isLoadingMeasures={measures.isPending}
      />
      <Flex justify="space-between" align="center" gap="small" wrap style={{ marginBottom: 12 }}>
        <Typography.Text aria-live="polite">
          {selected.length > 0 ? `${String(selected.length)} selected` : 'Select gaps to export them'}
        </Typography.Text>
        <Flex gap="small" wrap>
          <Button
            disabled={selected.length === 0}
            onClick={() => downloadCsv(worklistCsv(selected), 'quality-gaps-selected')}
          >
            Export selected (CSV)
          </Button>
          <Button disabled={selected.length === 0} onClick={() => setSelected([])}>
            Clear selection
          </Button>
          <Button
            type="primary"
            loading={exportAll.isPending}
            disabled={worklist.data?.total === 0}
            onClick={() => exportAll.mutate({ filters, ...order })}
          >
            Export all (CSV)
          </Button>
        </Flex>
      </Flex>
      <ExportOutcome outcome={exportAll.data} isError={exportAll.isError} />
      {worklist.isPending ? (
        <LoadingState label="Loading the worklist" />
      ) : worklist.isError ? (
        <ErrorState
          title={
            isApiError(worklist.error) && worklist.error.code === 'FORBIDDEN'
              ? 'The Quality Workspace is not available to you.'
              : 'The worklist could not be loaded.'
          }
          onRetry={() => void worklist.refetch()}
        />
      ) : worklist.data.total === 0 ? (
        <EmptyState description="No open care gaps match these filters" />
      ) : (
        <WorklistTable
          rows={worklist.data.rows}
          total={worklist.data.total}
          {...paging}
          order={order}
          isLoading={worklist.isFetching}
          selectedKeys={selected.map(worklistRowKey)}
          onSelect={(keys, rows) => setSelected(keepSelected(selected, keys, rows))}
          onPage={(page, pageSize) => setPaging({ page, pageSize })}
          onOrder={changeOrder}
        />
      )}
    </>
  );
}

/** The rows of the selected keys, from this page's rows or from those selected on other pages. */
function keepSelected(
  before: readonly QualityWorklistRow[],
  keys: readonly string[],
  rows: readonly (QualityWorklistRow | undefined)[],
): QualityWorklistRow[] {
  const known = new Map([...before, ...rows].flatMap((row) => (row ? [[worklistRowKey(row), row] as const] : [])));
  return keys.flatMap((key) => known.get(key) ?? []);
}

function ExportOutcome({
  outcome,
  isError,
}: {
  outcome: { exported: number; total: number; isTruncated: boolean } | undefined;
  isError: boolean;
}) {
  if (isError) return <Alert type="error" showIcon style={{ marginBottom: 12 }} title="The export failed." />;
  if (!outcome?.isTruncated) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={`The file holds the first ${outcome.exported.toLocaleString('en-US')} of ${outcome.total.toLocaleString('en-US')} gaps: narrow the filters to export the rest.`}
    />
  );
}
