import type { HierarchyClinic, ScheduleFilters } from '@cairn/contracts';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';

type Level = 'clinic' | 'department' | 'provider';

interface TreeNode {
  value: string;
  title: string;
  children?: TreeNode[];
}

const node = (level: Level, id: string) => `${level}:${id}`;

/** The clinics hierarchy as tree nodes; a node's value says its level, so a selection maps back to filters. */
export function toTreeData(clinics: readonly HierarchyClinic[]): TreeNode[] {
  return clinics.map((clinic) => ({
    value: node('clinic', clinic.id),
    title: clinic.name,
    children: clinic.departments.map((department) => ({
      value: node('department', department.id),
      title: department.name,
      children: department.providers.map((provider) => ({
        value: node('provider', provider.id),
        title: provider.name,
      })),
    })),
  }));
}

export function filtersToValues(filters: ScheduleFilters): string[] {
  return [
    ...(filters.clinicIds ?? []).map((id) => node('clinic', id)),
    ...(filters.departmentIds ?? []).map((id) => node('department', id)),
    ...(filters.providerIds ?? []).map((id) => node('provider', id)),
  ];
}

export function valuesToFilters(values: readonly string[]): ScheduleFilters {
  const idsOf = (level: Level) =>
    values.filter((value) => value.startsWith(`${level}:`)).map((value) => value.slice(level.length + 1));
  return { clinicIds: idsOf('clinic'), departmentIds: idsOf('department'), providerIds: idsOf('provider') };
}

export interface HierarchyFilterProps {
  clinics: readonly HierarchyClinic[] | undefined;
  isLoading: boolean;
  isError: boolean;
  value: ScheduleFilters;
  onChange: (filters: ScheduleFilters) => void;
}

/**
 * Clinic, department and provider in one tree: checking a clinic selects all of it; nothing checked
 * means every visit the user may see.
 */
export function HierarchyFilter({ clinics, isLoading, isError, value, onChange }: HierarchyFilterProps) {
  const treeData = useMemo(() => toTreeData(clinics ?? []), [clinics]);
  return (
    <TreeSelect
      aria-label="Clinics, departments and providers"
      style={{ width: 320 }}
      treeData={treeData}
      value={filtersToValues(value)}
      onChange={(values: string[]) => {
        onChange(valuesToFilters(values));
      }}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_PARENT}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear
      maxTagCount="responsive"
      loading={isLoading}
      disabled={isLoading}
      status={isError ? 'warning' : undefined}
      placeholder={isError ? 'Filters could not be loaded: all visits shown' : 'All clinics and providers'}
    />
  );
}
