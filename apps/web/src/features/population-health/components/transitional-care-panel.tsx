import { TRANSITIONAL_CARE_DAYS, type PopulationFilters, type TransitionalCareRow } from '@cairn/contracts';
import { Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ChartPanel, patientColumns, type DashboardColumn } from '../../dashboards';
import { fetchAllTransitionalCare, useTransitionalCare } from '../api/population-queries';

/** The worklist shows this many patients; the CSV export holds every one. */
const WORKLIST_SIZE = 200;

function visitTime(startAt: string): string {
  return new Date(startAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const columns: DashboardColumn<TransitionalCareRow>[] = [
  ...patientColumns<TransitionalCareRow>((row) => row.patient),
  {
    key: 'daysSinceDischarge',
    title: 'Days since discharge',
    value: (row) => row.daysSinceDischarge,
    format: 'count',
    isDrillable: false,
  },
  { key: 'dischargeDate', title: 'Discharged', value: (row) => row.dischargeDate },
  {
    key: 'kind',
    title: 'Stay',
    value: (row) => (row.kind === 'inpatient' ? 'Inpatient' : 'Observation'),
    render: (row) => (
      <>
        {row.kind === 'inpatient' ? 'Inpatient' : 'Observation'}{' '}
        {row.isReadmission && <Tag color="orange">Readmission</Tag>}
      </>
    ),
  },
  {
    key: 'diagnosis',
    title: 'Discharge diagnosis',
    value: (row) => [row.diagnosisCode, row.diagnosisText].filter(Boolean).join(' ') || 'Not given',
  },
  { key: 'provider', title: 'Primary care provider', value: (row) => row.primaryProvider?.name ?? 'None' },
  { key: 'phone', title: 'Phone', value: (row) => row.phone ?? '' },
  {
    key: 'nextVisit',
    title: 'Next visit',
    value: (row) => (row.nextVisit ? visitTime(row.nextVisit.startAt) : 'None booked'),
    render: (row) =>
      row.nextVisit ? (
        <Link
          to={paths.patientAppointment.href({
            cairnPatientId: row.patient.cairnPatientId,
            cairnAppointmentId: row.nextVisit.sid,
          })}
        >
          {visitTime(row.nextVisit.startAt)}
          {row.nextVisit.providerName ? ` with ${row.nextVisit.providerName}` : ''}
        </Link>
      ) : (
        <Tag color="red">None booked</Tag>
      ),
  },
];

/**
 * Transitional care: the patients discharged from a hospital or observation stay in the last 14 days who
 * have not been seen since, longest waiting first, with their next booked visit. Each patient opens
 * their portrait; the visit opens that visit's.
 */
export function TransitionalCarePanel({ filters }: { filters: PopulationFilters }) {
  const list = useTransitionalCare({ filters, pageSize: WORKLIST_SIZE });
  const total = list.data?.total ?? 0;
  return (
    <ChartPanel<TransitionalCareRow>
      title="Transitional care worklist"
      description={
        <>
          Patients discharged in the last {TRANSITIONAL_CARE_DAYS} days with no visit since: call them and book a
          follow-up visit (within 7 days for a high-complexity discharge, 14 otherwise).
          {total > WORKLIST_SIZE && (
            <Typography.Text strong>
              {' '}
              The first {WORKLIST_SIZE} of {total} are shown.
            </Typography.Text>
          )}
        </>
      }
      rows={list.data?.rows}
      isLoading={list.isPending}
      isError={list.isError}
      onRetry={() => void list.refetch()}
      emptyText="Every patient discharged in the last 14 days has been seen since."
      rowKey={(row) => row.stayId}
      exportName="transitional-care"
      exportRows={total > WORKLIST_SIZE ? async () => (await fetchAllTransitionalCare({ filters })).rows : undefined}
      columns={columns}
    />
  );
}
