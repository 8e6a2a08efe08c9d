import type { FitCandidateFilters } from '@cairn/contracts';
import { Checkbox, Flex, InputNumber } from 'antd';
import { HierarchyFilter, useUserClinicsHierarchy } from '../../schedule';

export interface FitCandidateFilterBarProps {
  value: FitCandidateFilters;
  onChange: (value: FitCandidateFilters) => void;
}

/** Clinic/department/provider, age and "no kit out"; each applies as soon as it is set. */
export function FitCandidateFilterBar({ value, onChange }: FitCandidateFilterBarProps) {
  const hierarchy = useUserClinicsHierarchy();
  const set = (change: Partial<FitCandidateFilters>) => onChange({ ...value, ...change });
  const listOrNothing = <T,>(list: T[]) => (list.length > 0 ? list : undefined);
  const age = (number: number | null) => (number === null ? undefined : number);
  return (
    <Flex
      role="search"
      aria-label="Patients to invite filters"
      gap="small"
      wrap
      align="center"
      style={{ marginBottom: 16 }}
    >
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
      <InputNumber
        aria-label="Age from"
        placeholder="Age from"
        min={0}
        max={130}
        precision={0}
        value={value.ageFrom ?? null}
        onChange={(number) => set({ ageFrom: age(number) })}
      />
      <InputNumber
        aria-label="Age to"
        placeholder="Age to"
        min={value.ageFrom ?? 0}
        max={130}
        precision={0}
        value={value.ageTo ?? null}
        onChange={(number) => set({ ageTo: age(number) })}
      />
      <Checkbox checked={value.isWithoutKitOut} onChange={(event) => set({ isWithoutKitOut: event.target.checked })}>
        Only patients without a kit out
      </Checkbox>
    </Flex>
  );
}
