import { Alert, Button, Flex, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { EmptyState } from '../../../../components/empty-state';
import { ErrorState } from '../../../../components/error-state';
import { LoadingState } from '../../../../components/loading-state';
import { useExportAuditLog } from '../../api/create-audit-export-ticket';
import { useAuditEntries } from '../../api/list-audit-entries';
import { AuditEntryDrawer } from './audit-entry-drawer';
import { AuditFilterBar } from './audit-filter-bar';
import { toAuditFilters, type AuditFilterValues } from './audit-filters';
import { AuditTable } from './audit-table';

const PAGE_SIZE = 50;

/**
 * The audit log viewer (issue 17 item 6): filters, a page of entries newest first, "Newer" and "Older"
 * by keyset (the cursors of the pages seen are kept, so "Newer" goes back exactly), an entry's details
 * in a drawer, and the filtered log exported as CSV. The server audits every read of it.
 */
export default function AuditLogSection() {
  const [values, setValues] = useState<AuditFilterValues>({});
  /** The cursor of each page after the first that was opened; the last is the page shown. */
  const [cursors, setCursors] = useState<string[]>([]);
  const [openId, setOpenId] = useState<string>();
  const filters = useMemo(() => toAuditFilters(values), [values]);
  const cursor = cursors.at(-1);
  const page = useAuditEntries({ ...filters, ...(cursor ? { cursor } : {}), pageSize: PAGE_SIZE });
  const exportLog = useExportAuditLog();
  const changeFilters = useCallback((next: AuditFilterValues) => {
    setValues(next);
    setCursors([]);
  }, []);
  const nextCursor = page.data?.nextCursor;

  return (
    <>
      <AuditFilterBar value={values} onChange={changeFilters} />
      <Flex justify="space-between" align="center" gap="small" wrap style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{`Page ${String(cursors.length + 1)}, newest first`}</Typography.Text>
        <Flex gap="small">
          <Button disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
            Newer
          </Button>
          <Button
            disabled={!nextCursor || page.isPlaceholderData}
            onClick={() => nextCursor && setCursors([...cursors, nextCursor])}
          >
            Older
          </Button>
          <Button type="primary" loading={exportLog.isPending} onClick={() => exportLog.mutate(filters)}>
            Export CSV
          </Button>
        </Flex>
      </Flex>
      {exportLog.isError && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} title="The export could not be started." />
      )}
      {page.isPending ? (
        <LoadingState label="Loading the audit log" />
      ) : page.isError ? (
        <ErrorState title="The audit log could not be loaded." onRetry={() => void page.refetch()} />
      ) : page.data.entries.length === 0 ? (
        <EmptyState description="No audit entries match these filters" />
      ) : (
        <AuditTable entries={page.data.entries} isLoading={page.isFetching} onOpen={setOpenId} />
      )}
      <AuditEntryDrawer id={openId} onClose={() => setOpenId(undefined)} />
    </>
  );
}
