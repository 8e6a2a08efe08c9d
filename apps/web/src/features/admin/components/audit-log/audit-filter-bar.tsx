import { AUDIT_OUTCOMES } from '@cairn/contracts';
import { Flex, Input, Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useAuditActions } from '../../api/list-audit-actions';
import { usersQuery } from '../../api/list-users';
import { OUTCOME_LABELS, type AuditFilterValues } from './audit-filters';

/** How many users the user filter offers for one search. */
const USER_CHOICES = 20;

export interface AuditFilterBarProps {
  value: AuditFilterValues;
  onChange: (value: AuditFilterValues) => void;
}

/** User, patient, action, outcome and a range of days; each applies as soon as it is set. */
export function AuditFilterBar({ value, onChange }: AuditFilterBarProps) {
  const [patient, setPatient] = useState(value.patient ?? '');
  const typedPatient = useDebouncedValue(patient, 400);
  const [userSearch, setUserSearch] = useState('');
  const [isUserPickerOpen, setIsUserPickerOpen] = useState(false);
  const typedUserSearch = useDebouncedValue(userSearch, 300);
  // The users are read once the picker opens, not when the section loads.
  const users = useQuery({
    ...usersQuery({ search: typedUserSearch || undefined, pageSize: USER_CHOICES }),
    enabled: isUserPickerOpen,
    placeholderData: keepPreviousData,
  });
  const actions = useAuditActions();
  const set = (change: Partial<AuditFilterValues>) => onChange({ ...value, ...change });

  useEffect(() => {
    if ((value.patient ?? '') !== typedPatient) onChange({ ...value, patient: typedPatient || undefined });
  }, [typedPatient, value, onChange]);

  return (
    <Flex role="search" aria-label="Audit log filters" gap="small" wrap style={{ marginBottom: 16 }}>
      <Select
        aria-label="User"
        placeholder="Any user"
        style={{ width: 220 }}
        allowClear
        showSearch={{ filterOption: false, onSearch: setUserSearch }}
        labelInValue
        value={value.user}
        onOpenChange={setIsUserPickerOpen}
        onChange={(user?: { value: string; label: string }) => set({ user })}
        loading={users.isFetching}
        options={(users.data?.users ?? []).map((user) => ({
          value: user.id,
          label: `${[user.firstName, user.lastName].join(' ').trim() || user.username} (${user.username})`,
        }))}
      />
      <Input
        aria-label="Patient"
        placeholder="Patient id, name or MRN"
        style={{ width: 220 }}
        allowClear
        value={patient}
        onChange={(event) => setPatient(event.target.value)}
      />
      <Select
        aria-label="Action"
        placeholder="Any action"
        style={{ width: 240 }}
        allowClear
        showSearch
        value={value.action}
        onChange={(action?: string) => set({ action })}
        loading={actions.isPending}
        options={(actions.data ?? []).map((action) => ({ value: action, label: action }))}
      />
      <Select
        aria-label="Outcome"
        placeholder="Any outcome"
        style={{ width: 160 }}
        allowClear
        value={value.outcome}
        onChange={(outcome?: AuditFilterValues['outcome']) => set({ outcome })}
        options={AUDIT_OUTCOMES.map((outcome) => ({ value: outcome, label: OUTCOME_LABELS[outcome] }))}
      />
      <Input
        type="date"
        aria-label="From"
        style={{ width: 160 }}
        value={value.fromDay ?? ''}
        max={value.toDay}
        onChange={(event) => set({ fromDay: event.target.value || undefined })}
      />
      <Input
        type="date"
        aria-label="To"
        style={{ width: 160 }}
        value={value.toDay ?? ''}
        min={value.fromDay}
        onChange={(event) => set({ toDay: event.target.value || undefined })}
      />
    </Flex>
  );
}
