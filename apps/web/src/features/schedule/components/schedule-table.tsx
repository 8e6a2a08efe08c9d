import type { ScheduleSummary } from '@cairn/contracts';
import { Table, type TableColumnsType } from 'antd';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PATIENTS_PER_PAGE } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { trackSummaryClick } from '../api/track-summary-click';
import { AnalysisCount } from './analysis-count';

export interface ScheduleTableProps {
  summaries: ScheduleSummary[];
  page: number;
  onPageChange: (page: number) => void;
  /** A newer list is on its way (the previous one stays on screen meanwhile). */
  isRefreshing: boolean;
  /** A pointer or the focus is on a visit's row, before any click on its link. */
  onVisitIntent?: (summary: ScheduleSummary) => void;
}

const columns: TableColumnsType<ScheduleSummary> = [
  {
    title: 'Time',
    dataIndex: 'startAt',
    key: 'time',
    width: 100,
    render: (startAt: string) => formatDate(startAt, 'time'),
  },
  {
    title: 'Patient',
    key: 'patient',
    render: (_value, summary) => (
      <Link
        to={paths.patientAppointment.href({
          cairnPatientId: summary.cairnPatientId,
          cairnAppointmentId: summary.cairnAppointmentId,
        })}
        onClick={() => {
          trackSummaryClick(summary.sid);
        }}
      >
        {summary.patientName}
      </Link>
    ),
  },
  {
    title: 'Date of birth',
    dataIndex: 'dateOfBirth',
    key: 'dateOfBirth',
    render: (dateOfBirth: string) => formatDate(dateOfBirth, 'date'),
  },
  { title: 'Visit type', dataIndex: 'visitType', key: 'visitType' },
  { title: 'Provider', dataIndex: 'providerName', key: 'provider', render: (name: string | null) => name ?? '' },
  countColumn('Open suggestions', 'openSuggestions'),
  countColumn('HCCs', 'hccCount'),
  countColumn('Care gaps', 'openCareGaps'),
];

/** How long a pointer rests on a visit's row before its portrait's data is asked for. */
const INTENT_MS = 60;

function countColumn(title: string, count: 'openSuggestions' | 'hccCount' | 'openCareGaps') {
  return {
    title,
    key: count,
    width: 140,
    render: (_value: unknown, summary: ScheduleSummary) => <AnalysisCount analysis={summary.analysis} count={count} />,
  };
}

/** The day's visits, 20 per page (spec §9), each patient linking to the visit's portrait. */
export function ScheduleTable({ summaries, page, onPageChange, isRefreshing, onVisitIntent }: ScheduleTableProps) {
  const intent = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(intent.current), []);
  return (
    <Table<ScheduleSummary>
      rowKey="sid"
      columns={columns}
      dataSource={summaries}
      loading={isRefreshing}
      onRow={(summary) => ({
        // A pointer that rests on the row, not one passing over it on its way elsewhere.
        onPointerEnter: () => {
          clearTimeout(intent.current);
          intent.current = setTimeout(() => onVisitIntent?.(summary), INTENT_MS);
        },
        onPointerLeave: () => clearTimeout(intent.current),
        onFocus: () => onVisitIntent?.(summary),
      })}
      pagination={{
        current: page,
        pageSize: PATIENTS_PER_PAGE,
        total: summaries.length,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: onPageChange,
      }}
    />
  );
}
