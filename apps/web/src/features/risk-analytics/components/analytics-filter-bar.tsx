import { Flex, Select } from 'antd';
import { HierarchyFilter, useUserClinicsHierarchy } from '../../schedule';
import type { AnalyticsUrlFilters } from '../utils/filters';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export interface AnalyticsFilterBarProps {
  value: AnalyticsUrlFilters;
  onChange: (change: Partial<AnalyticsUrlFilters>) => void;
  /** The year and last month the numbers are of (the server's defaults resolved). */
  year: number;
  toMonth: number;
  /** The HCCs there are numbers for, with their names. */
  hccs: { key: string; label: string }[] | undefined;
  /** The HCC list was opened: its choices are wanted. */
  onHccListOpen: () => void;
}

/** The year and its months, the clinics, departments and providers, and the HCC; each applies at once. */
export function AnalyticsFilterBar({ value, onChange, year, toMonth, hccs, onHccListOpen }: AnalyticsFilterBarProps) {
  const hierarchy = useUserClinicsHierarchy();
  const thisYear = new Date().getFullYear();
  const months = (isAllowed: (month: number) => boolean) =>
    MONTHS.map((name, index) => ({ value: index + 1, label: name, disabled: !isAllowed(index + 1) }));
  return (
    <Flex role="search" aria-label="Analytics filters" gap="small" wrap align="center">
      <Select
        aria-label="Year"
        style={{ width: 110 }}
        value={year}
        onChange={(chosen: number) => onChange({ year: chosen === thisYear ? 0 : chosen, to: 0 })}
        options={[thisYear, thisYear - 1].map((option) => ({ value: option, label: String(option) }))}
      />
      <Select
        aria-label="From month"
        style={{ width: 140 }}
        value={value.from}
        onChange={(from: number) => onChange({ from })}
        options={months((month) => month <= toMonth)}
      />
      <Select
        aria-label="To month"
        style={{ width: 140 }}
        value={toMonth}
        onChange={(to: number) => onChange({ to })}
        options={months((month) => month >= value.from)}
      />
      <HierarchyFilter
        clinics={hierarchy.data?.clinics}
        isLoading={hierarchy.isPending}
        isError={hierarchy.isError}
        value={value}
        onChange={({ clinicIds, departmentIds, providerIds }) =>
          onChange({ clinicIds: clinicIds ?? [], departmentIds: departmentIds ?? [], providerIds: providerIds ?? [] })
        }
      />
      <Select
        aria-label="HCC"
        placeholder="All HCCs"
        style={{ width: 320 }}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        loading={hccs === undefined && value.hcc !== -1}
        onOpenChange={(isOpen) => isOpen && onHccListOpen()}
        notFoundContent={hccs === undefined ? 'Loading the HCCs...' : 'No HCC'}
        value={value.hcc === -1 ? undefined : value.hcc}
        onChange={(hcc?: number) => onChange({ hcc: hcc ?? -1 })}
        options={
          hccs?.map((hcc) => ({ value: Number(hcc.key), label: hcc.label })) ??
          (value.hcc === -1 ? [] : [{ value: value.hcc, label: `HCC ${String(value.hcc)}` }])
        }
      />
    </Flex>
  );
}
