import type { CostAmount } from '@cairn/contracts';
import { Flex, Segmented, Select } from 'antd';
import { HierarchyFilter, useUserClinicsHierarchy } from '../../schedule';

export interface PopulationFilterValue {
  period: string;
  clinicIds: string[];
  departmentIds: string[];
  providerIds: string[];
  amount?: CostAmount;
}

export interface PopulationFilterBarProps<Value extends PopulationFilterValue> {
  value: Value;
  onChange: (change: Partial<Value>) => void;
  /** The periods the organisation's numbers hold (the trailing twelve months, then calendar years). */
  periods: { key: string; label: string }[] | undefined;
  /** Offer allowed or paid amounts (the cost dashboard). */
  hasAmount?: boolean;
}

/** The period, the patients' clinics, departments and providers, and for cost the amount; each applies at once. */
export function PopulationFilterBar<Value extends PopulationFilterValue>(props: PopulationFilterBarProps<Value>) {
  const { value, onChange, periods } = props;
  const hierarchy = useUserClinicsHierarchy();
  const options = periods ?? [{ key: value.period, label: value.period === 'L12' ? 'Last 12 months' : value.period }];
  return (
    <Flex role="search" aria-label="Dashboard filters" gap="small" wrap align="center">
      <Select
        aria-label="Period"
        style={{ width: 300 }}
        value={value.period}
        onChange={(period: string) => onChange({ period } as Partial<Value>)}
        options={options.map((period) => ({ value: period.key, label: period.label }))}
      />
      <HierarchyFilter
        clinics={hierarchy.data?.clinics}
        isLoading={hierarchy.isPending}
        isError={hierarchy.isError}
        value={value}
        onChange={({ clinicIds, departmentIds, providerIds }) =>
          onChange({
            clinicIds: clinicIds ?? [],
            departmentIds: departmentIds ?? [],
            providerIds: providerIds ?? [],
          } as Partial<Value>)
        }
      />
      {props.hasAmount && (
        <Segmented<CostAmount>
          aria-label="Amount"
          value={value.amount ?? 'allowed'}
          onChange={(amount) => onChange({ amount } as Partial<Value>)}
          options={[
            { value: 'allowed', label: 'Allowed' },
            { value: 'paid', label: 'Paid' },
          ]}
        />
      )}
    </Flex>
  );
}
