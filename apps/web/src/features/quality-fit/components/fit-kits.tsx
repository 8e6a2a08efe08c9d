import { FIT_KIT_STATUSES, type FitKit, type FitKitFilters, type FitKitStatus } from '@cairn/contracts';
import { Alert, Checkbox, Flex, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { isApiError } from '../../../lib/api-error';
import { dayjs, formatDate } from '../../../lib/dates';
import { useFitBatches } from '../api/list-fit-batches';
import { useFitKits } from '../api/list-fit-kits';
import { useUpdateFitKit } from '../api/update-fit-kit';
import { KIT_STATUS_LABELS } from '../utils/labels';
import { FitKitsTable, type SettableKitStatus } from './fit-kits-table';

const DEFAULT_PAGE_SIZE = 50;
const ALL = 'all';

/**
 * Every kit mailed (issue 19): counts per state that also choose the state shown, filters by batch,
 * result and days mailed, overdue kits; a kit is recorded returned (on a day), lost, declined or mailed
 * again. A kit becomes resulted only when its result arrives in the patient's record.
 */
export function FitKits() {
  const [filters, setFilters] = useState<FitKitFilters>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [returning, setReturning] = useState<FitKit>();
  const kits = useFitKits({ filters, ...paging });
  const updateKit = useUpdateFitKit();
  const change = (next: FitKitFilters) => {
    setFilters(next);
    setPaging({ ...paging, page: 1 });
  };
  const record = (kit: FitKit, status: SettableKitStatus, returnedOn?: string) =>
    updateKit.mutate({ kitId: kit.id, status, ...(returnedOn ? { returnedOn } : {}) });

  return (
    <>
      <KitFilterBar value={filters} onChange={change} counts={kits.data?.counts} />
      {updateKit.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={`The kit could not be recorded${isApiError(updateKit.error) && updateKit.error.serverMessage ? `: ${updateKit.error.serverMessage}` : '.'}`}
        />
      ) : null}
      {kits.isPending ? (
        <LoadingState label="Loading the kits" />
      ) : kits.isError ? (
        <ErrorState title="The kits could not be loaded." onRetry={() => void kits.refetch()} />
      ) : kits.data.total === 0 ? (
        <EmptyState description="No kit matches these filters" />
      ) : (
        <FitKitsTable
          rows={kits.data.rows}
          total={kits.data.total}
          {...paging}
          isLoading={kits.isFetching}
          isSaving={updateKit.isPending}
          onStatus={(kit, status) => (status === 'returned' ? setReturning(kit) : record(kit, status))}
          onPage={(page, pageSize) => setPaging({ page, pageSize })}
        />
      )}
      <ReturnDialog
        kit={returning}
        onCancel={() => setReturning(undefined)}
        onSave={(kit, returnedOn) => {
          record(kit, 'returned', returnedOn);
          setReturning(undefined);
        }}
      />
    </>
  );
}

function KitFilterBar(props: {
  value: FitKitFilters;
  onChange: (value: FitKitFilters) => void;
  counts: Record<FitKitStatus, number> | undefined;
}) {
  const { value, counts } = props;
  const batches = useFitBatches();
  const set = (change: Partial<FitKitFilters>) => props.onChange({ ...value, ...change });
  const all = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : undefined;
  const counted = (label: string, count: number | undefined) =>
    count === undefined ? label : `${label} (${String(count)})`;
  return (
    <Flex vertical gap="small" style={{ marginBottom: 16 }}>
      <Radio.Group
        aria-label="Kit status"
        optionType="button"
        value={value.statuses?.[0] ?? ALL}
        onChange={(event) => {
          const status = event.target.value as FitKitStatus | typeof ALL;
          set({ statuses: status === ALL ? undefined : [status] });
        }}
        options={[
          { value: ALL, label: counted('All', all) },
          ...FIT_KIT_STATUSES.map((status) => ({
            value: status,
            label: counted(KIT_STATUS_LABELS[status], counts?.[status]),
          })),
        ]}
      />
      <Flex role="search" aria-label="Kit filters" gap="small" wrap align="center">
        <Select
          mode="multiple"
          aria-label="Batches"
          placeholder="All batches"
          style={{ width: 320 }}
          allowClear
          maxTagCount="responsive"
          loading={batches.isPending}
          value={value.batchIds ?? []}
          onChange={(batchIds: string[]) => set({ batchIds: batchIds.length > 0 ? batchIds : undefined })}
          options={(batches.data ?? []).map((batch) => ({
            value: batch.id,
            label: `${formatDate(batch.mailedOn, 'date')}: ${batch.templateName} (${String(batch.kitCount)})`,
          }))}
        />
        <Select
          aria-label="Result"
          placeholder="Any result"
          style={{ width: 160 }}
          allowClear
          value={value.results?.[0]}
          onChange={(result?: 'positive' | 'negative') => set({ results: result ? [result] : undefined })}
          options={[
            { value: 'positive', label: 'Positive' },
            { value: 'negative', label: 'Negative' },
          ]}
        />
        <Input
          type="date"
          aria-label="Mailed from"
          style={{ width: 160 }}
          value={value.mailedAfter ?? ''}
          max={value.mailedBefore}
          onChange={(event) => set({ mailedAfter: event.target.value || undefined })}
        />
        <Input
          type="date"
          aria-label="Mailed by"
          style={{ width: 160 }}
          value={value.mailedBefore ?? ''}
          min={value.mailedAfter}
          onChange={(event) => set({ mailedBefore: event.target.value || undefined })}
        />
        <Checkbox
          checked={value.isOverdue ?? false}
          onChange={(event) => set({ isOverdue: event.target.checked || undefined })}
        >
          Overdue (past their return-by day, not returned)
        </Checkbox>
      </Flex>
    </Flex>
  );
}

function ReturnDialog(props: {
  kit: FitKit | undefined;
  onCancel: () => void;
  onSave: (kit: FitKit, returnedOn: string) => void;
}) {
  const [returnedOn, setReturnedOn] = useState(() => dayjs().format('YYYY-MM-DD'));
  const { kit } = props;
  return (
    <Modal
      open={kit !== undefined}
      title={kit ? `The kit of ${kit.patient.firstName} ${kit.patient.lastName} came back` : ''}
      okText="Record the return"
      onCancel={props.onCancel}
      onOk={() => kit && props.onSave(kit, returnedOn)}
      destroyOnHidden
    >
      <label htmlFor="fit-returned-on">Returned on</label>
      <Input
        id="fit-returned-on"
        type="date"
        value={returnedOn}
        min={kit?.mailedOn}
        max={dayjs().format('YYYY-MM-DD')}
        onChange={(event) => setReturnedOn(event.target.value)}
      />
    </Modal>
  );
}
