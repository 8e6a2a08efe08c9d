import type { PatientListItem } from '@cairn/contracts';
import { Input, List, Typography } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../../lib/dates';
import { usePatientLookup } from '../api/patient-lookup';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { LoadingState } from '../../../components/loading-state';
import { ErrorState } from '../../../components/error-state';
import { EmptyState } from '../../../components/empty-state';

export const SEARCH_DEBOUNCE_MS = 300;

export interface PatientSearchProps {
  onSelect: (patient: PatientListItem) => void;
  selectedId?: string | undefined;
}

/** Search by name ('last', 'first last', 'last, first'), date of birth or MRN; results as the user types. */
export function PatientSearch({ onSelect, selectedId }: PatientSearchProps) {
  const [text, setText] = useState('');
  const searchText = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const lookup = usePatientLookup(searchText);
  return (
    <div>
      <Input.Search
        aria-label="Search patients"
        placeholder="Name, date of birth (MM/DD/YYYY) or MRN"
        allowClear
        value={text}
        onChange={(event) => setText(event.target.value)}
        loading={lookup.isFetching}
      />
      <div style={{ marginTop: 12 }}>
        <SearchResults searchText={searchText} lookup={lookup} onSelect={onSelect} selectedId={selectedId} />
      </div>
    </div>
  );
}

function SearchResults({
  searchText,
  lookup,
  onSelect,
  selectedId,
}: PatientSearchProps & { searchText: string; lookup: ReturnType<typeof usePatientLookup> }) {
  if (searchText === '') {
    return <Typography.Text type="secondary">Search by name, date of birth or MRN.</Typography.Text>;
  }
  if (lookup.isPending) return <LoadingState label="Searching" />;
  if (lookup.isError) {
    if ((lookup.error as { isCanceled?: boolean }).isCanceled) return <LoadingState label="Searching" />;
    return <ErrorState title="The search failed. Please try again." />;
  }
  if (lookup.data.length === 0) return <EmptyState description="No patients found" />;
  return (
    <List
      aria-label="Patients found"
      size="small"
      bordered
      dataSource={lookup.data}
      renderItem={(patient) => (
        <List.Item
          key={patient.cairnPatientId}
          style={{
            cursor: 'pointer',
            background: patient.cairnPatientId === selectedId ? 'rgba(89, 68, 239, 0.08)' : undefined,
          }}
        >
          <button
            type="button"
            onClick={() => onSelect(patient)}
            style={{ all: 'unset', cursor: 'pointer', width: '100%' }}
          >
            <Typography.Text strong>{`${patient.lastName}, ${patient.firstName}`}</Typography.Text>
            <Typography.Text type="secondary">
              {` · ${formatDate(patient.dateOfBirth, 'date')}${patient.mrn ? ` · MRN ${patient.mrn}` : ''}`}
            </Typography.Text>
          </button>
        </List.Item>
      )}
    />
  );
}
