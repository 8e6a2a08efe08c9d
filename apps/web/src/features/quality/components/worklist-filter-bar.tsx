import type { QualityMeasure, QualityWorklistFilters } from '@cairn/contracts';
import { Flex, Input, Select } from 'antd';
import { HierarchyFilter, useUserClinicsHierarchy } from '../../schedule';
import { measureOptionLabel } from '../utils/labels';

/** The choices of "upcoming visit": within this many days. */
const UPCOMING_DAYS = [7, 14, 30, 90];

export interface WorklistFilterBarProps {
  value: QualityWorklistFilters;
  onChange: (value: QualityWorklistFilters) => void;
  measures: QualityMeasure[] | undefined;
  isLoadingMeasures: boolean;
}

/** Measure, clinic/department/provider, due dates and an upcoming visit; each applies as soon as it is set. */
export function WorklistFilterBar({ value, onChange, measures, isLoadingMeasures }: WorklistFilterBarProps) {
  const hierarchy = useUserClinicsHierarchy();
  const set = (change: Partial<QualityWorklistFilters>) => onChange({ ...value, ...change });
  const listOrNothing = <T,>(list: T[]) => (list.length > 0 ? list : undefined);
  return (
    <Flex role="search" aria-label="Worklist filters" gap="small" wrap style={{ marginBottom: 16 }}>
      <Select
        mode="multiple"
        aria-label="Measures"
        placeholder="All measures"
        style={{ width: 320 }}
        allowClear
        maxTagCount="responsive"
        loading={isLoadingMeasures}
        value={value.measureIds ?? []}
        onChange={(measureIds: string[]) => set({ measureIds: listOrNothing(measureIds) })}
        showSearch={{ optionFilterProp: 'label' }}
        options={(measures ?? []).map((measure) => ({ value: measure.measureId, label: measureOptionLabel(measure) }))}
      />
      <HierarchyFilter
        clinics={hierarchy.data?.clinics}
        isLoading={hierarchy.isPending}
        isError={hierarchy.isError}
        value={value}
        onChange={({ clinicIds, departmentIds, providerIds }) =>
          set({
            clinicIds: listOrNothing(clinicIds ?? []),
            departmentIds: listOrNothing(departmentIds ?? []),
            providerIds: listOrNothing(providerIds ?? []),
          })
        }
      />
      <Input
        type="date"
        aria-label="Due from"
        style={{ width: 160 }}
        value={value.dueAfter ?? ''}
        max={value.dueBefore}
        onChange={(event) => set({ dueAfter: event.target.value || undefined })}
      />
      <Input
        type="date"
        aria-label="Due by"
        style={{ width: 160 }}
        value={value.dueBefore ?? ''}
        min={value.dueAfter}
        onChange={(event) => set({ dueBefore: event.target.value || undefined })}
      />
      <Select
        aria-label="Upcoming visit"
        placeholder="Any visit or none"
        style={{ width: 200 }}
        allowClear
        value={value.upcomingVisitWithinDays}
        onChange={(days?: number) => set({ upcomingVisitWithinDays: days })}
        options={UPCOMING_DAYS.map((days) => ({ value: days, label: `Visit within ${String(days)} days` }))}
      />
    </Flex>
  );
}
