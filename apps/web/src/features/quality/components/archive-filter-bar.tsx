import { ARCHIVE_GAP_STATUSES, type QualityArchiveFilters, type QualityMeasure } from '@cairn/contracts';
import { Flex, Input, Select } from 'antd';
import { GAP_STATUS_LABELS } from '../utils/labels';

type ArchiveStatus = (typeof ARCHIVE_GAP_STATUSES)[number];

export interface ArchiveFilterBarProps {
  value: QualityArchiveFilters;
  onChange: (change: Partial<QualityArchiveFilters>) => void;
  measures: QualityMeasure[] | undefined;
  isLoadingMeasures: boolean;
}

/** Measure, state and the days they closed; each applies as soon as it is set. */
export function ArchiveFilterBar({ value, onChange, measures, isLoadingMeasures }: ArchiveFilterBarProps) {
  return (
    <Flex role="search" aria-label="Archive filters" gap="small" wrap style={{ marginBottom: 16 }}>
      <Select
        mode="multiple"
        aria-label="Measures"
        placeholder="All measures"
        style={{ width: 320 }}
        allowClear
        maxTagCount="responsive"
        loading={isLoadingMeasures}
        value={value.measureIds ?? []}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(measureIds: string[]) => onChange({ measureIds: measureIds.length > 0 ? measureIds : undefined })}
        options={(measures ?? []).map((measure) => ({
          value: measure.measureId,
          label: `${measure.measureId} ${measure.measureTitle}`,
        }))}
      />
      <Select
        aria-label="Status"
        placeholder="Closed and excluded"
        style={{ width: 200 }}
        allowClear
        value={value.statuses?.[0]}
        onChange={(status?: ArchiveStatus) => onChange({ statuses: status ? [status] : undefined })}
        options={ARCHIVE_GAP_STATUSES.map((status) => ({ value: status, label: GAP_STATUS_LABELS[status] }))}
      />
      <Input
        type="date"
        aria-label="Closed from"
        style={{ width: 160 }}
        value={value.resolvedAfter ?? ''}
        max={value.resolvedBefore}
        onChange={(event) => onChange({ resolvedAfter: event.target.value || undefined })}
      />
      <Input
        type="date"
        aria-label="Closed by"
        style={{ width: 160 }}
        value={value.resolvedBefore ?? ''}
        min={value.resolvedAfter}
        onChange={(event) => onChange({ resolvedBefore: event.target.value || undefined })}
      />
    </Flex>
  );
}
