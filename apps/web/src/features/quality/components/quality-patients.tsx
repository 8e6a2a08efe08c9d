import type { QualityPatientRow } from '@cairn/contracts';
import { Input, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useQualityPatients } from '../api/get-quality-patients';
import { GAP_STATUS_COLOURS } from '../utils/labels';
import { PatientCell } from './patient-cell';

const SEARCH_DEBOUNCE_MS = 300;

/** A count of gaps as a tag coloured by its state; none as a dash. */
function count(state: 'open' | 'closed' | 'excluded') {
  return (_: unknown, row: QualityPatientRow) =>
    row[state] > 0 ? <Tag color={GAP_STATUS_COLOURS[state]}>{row[state]}</Tag> : '—';
}

const columns: TableColumnsType<QualityPatientRow> = [
  { title: 'Patient', key: 'patient', render: (_, row) => <PatientCell patient={row.patient} /> },
  { title: 'Primary provider', key: 'provider', render: (_, row) => row.primaryProviderName ?? '—' },
  { title: 'Open', key: 'open', align: 'right', render: count('open') },
  { title: 'Closed', key: 'closed', align: 'right', render: count('closed') },
  { title: 'Excluded', key: 'excluded', align: 'right', render: count('excluded') },
];

/** The patients by name with their gaps counted per state, searched by name, date of birth or MRN. */
export function QualityPatients() {
  const [text, setText] = useState('');
  const searchText = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ page: 1, pageSize: 50 });
  const list = useQualityPatients({ ...(searchText ? { searchText } : {}), ...paging });
  return (
    <>
      <div role="search" style={{ marginBottom: 16, maxWidth: 420 }}>
        <Input.Search
          aria-label="Search patients"
          placeholder="Name, date of birth (MM/DD/YYYY) or MRN"
          allowClear
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setPaging({ ...paging, page: 1 });
          }}
          loading={list.isFetching}
        />
      </div>
      {list.isPending ? (
        <LoadingState label="Loading the patients" />
      ) : list.isError ? (
        <ErrorState title="The patients could not be loaded." onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 ? (
        <EmptyState description={searchText ? 'No patients match this search' : 'No patients yet'} />
      ) : (
        <Table<QualityPatientRow>
          aria-label="Patients and their care gaps"
          rowKey={(row) => row.patient.cairnPatientId}
          size="middle"
          columns={columns}
          dataSource={list.data.patients}
          loading={list.isFetching}
          scroll={{ x: true }}
          onChange={(pagination) =>
            setPaging({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? paging.pageSize })
          }
          pagination={{
            ...paging,
            total: list.data.total,
            showSizeChanger: true,
            pageSizeOptions: [25, 50, 100],
            showTotal: (total) => `${total.toLocaleString('en-US')} patients`,
          }}
        />
      )}
    </>
  );
}
