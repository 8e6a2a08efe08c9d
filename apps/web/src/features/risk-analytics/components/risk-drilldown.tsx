import type { RiskAnalyticsFilters, RiskDrillMeasure, RiskDrillRow, RiskGroupKey } from '@cairn/contracts';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/dates';
import { PatientDrilldown, patientColumns, type DashboardColumn } from '../../dashboards';
import { fetchAllRiskPatients, fetchRiskPatients } from '../api/risk-analytics-queries';
import { DRILL_TITLES } from '../utils/measures';

/** A number being drilled: its list, the grouping's row it belongs to, and how the drawer names it. */
export interface RiskDrill {
  measure: RiskDrillMeasure;
  group?: RiskGroupKey;
  /** The row's name ('Maya Rivera, MD', 'March 2026'); none for a headline number. */
  of?: string;
}

const visitHref = (row: RiskDrillRow): string | undefined =>
  row.visit
    ? paths.patientAppointment.href({ cairnPatientId: row.patient.cairnPatientId, cairnAppointmentId: row.visit.sid })
    : undefined;

const OPEN_LISTS: readonly RiskDrillMeasure[] = ['openSuggestions', 'undecidedSuggestions', 'raf', 'notRecaptured'];
const RECAPTURE_LISTS: readonly RiskDrillMeasure[] = ['recaptureDue', 'recaptured', 'notRecaptured'];
const DECISION_LISTS: readonly RiskDrillMeasure[] = ['decided', 'accepted', 'rejected'];

/** What a list's day is: when it was decided, pushed, documented. None where the visit's day says it. */
function dayTitle(measure: RiskDrillMeasure): string | undefined {
  if (RECAPTURE_LISTS.includes(measure)) return measure === 'notRecaptured' ? 'Last documented' : 'Documented';
  if (DECISION_LISTS.includes(measure)) return 'Decided';
  if (measure === 'bothDecided' || measure === 'agreed' || measure === 'disagreed') return 'Decided by both';
  if (measure === 'pushesWritten' || measure === 'pushesFailed' || measure === 'pushesPending') return 'Pushed';
  return undefined;
}

/**
 * The columns of a list: the patient, the visit (linking to its portrait: where it happened, or the next
 * one for what is still open), the code and HCC, what happened and when, the provider and the clinic.
 */
export function drillColumns(measure: RiskDrillMeasure): DashboardColumn<RiskDrillRow>[] {
  const columns: DashboardColumn<RiskDrillRow>[] = [
    ...patientColumns<RiskDrillRow>((row) => row.patient),
    {
      key: 'visit',
      title: OPEN_LISTS.includes(measure) ? 'Next visit' : 'Visit',
      value: (row) => row.visit?.date ?? '',
      render: (row) => {
        const href = visitHref(row);
        return href && row.visit ? <Link to={href}>{formatDate(row.visit.date, 'date')}</Link> : 'None';
      },
    },
  ];
  if (measure !== 'raf' && !RECAPTURE_LISTS.includes(measure)) {
    columns.push({ key: 'code', title: 'Code', value: (row) => row.icdCode ?? '' });
  }
  if (measure !== 'raf') {
    columns.push({
      key: 'hcc',
      title: 'HCC',
      value: (row) =>
        row.hcc === null ? '' : row.hcc === 0 ? (row.hccLabel ?? '') : `HCC ${String(row.hcc)} ${row.hccLabel ?? ''}`,
    });
  }
  columns.push({ key: 'status', title: 'What happened', value: (row) => row.status });
  if (measure === 'raf') {
    columns.push(
      { key: 'rafNow', title: 'RAF now', value: (row) => row.rafNow, format: 'decimal', isDrillable: false },
      {
        key: 'rafPotential',
        title: 'RAF if addressed',
        value: (row) => row.rafPotential,
        format: 'decimal',
        isDrillable: false,
      },
    );
  }
  const day = dayTitle(measure);
  if (day) columns.push({ key: 'date', title: day, value: (row) => (row.date ? formatDate(row.date, 'date') : '') });
  if (DECISION_LISTS.includes(measure)) {
    columns.push({
      key: 'days',
      title: 'Days to decision',
      value: (row) => row.days,
      format: 'days',
      isDrillable: false,
    });
  }
  columns.push(
    { key: 'provider', title: 'Provider', value: (row) => row.providerName ?? 'None' },
    { key: 'clinic', title: 'Clinic', value: (row) => row.clinicName ?? 'None' },
  );
  return columns;
}

const rowKey = (row: RiskDrillRow): string =>
  [row.patient.cairnPatientId, row.visit?.sid, row.icdCode, row.hcc].map(String).join('|');

export interface RiskDrilldownProps {
  drill: RiskDrill | undefined;
  filters: RiskAnalyticsFilters;
  onClose: () => void;
}

/** The patients and visits behind a number, in a drawer: the same facts and filters as the number. */
export function RiskDrilldown({ drill, filters, onClose }: RiskDrilldownProps) {
  const measure = drill?.measure ?? 'decided';
  const title = `${DRILL_TITLES[measure]}${drill?.of ? `: ${drill.of}` : ''}`;
  const base = { filters, measure, group: drill?.group };
  return (
    <PatientDrilldown<RiskDrillRow>
      open={drill !== undefined}
      title={title}
      onClose={onClose}
      queryKey={['risk-analytics', 'patients', base]}
      fetchPage={(page, pageSize) => fetchRiskPatients({ ...base, page, pageSize })}
      exportAll={() => fetchAllRiskPatients(base)}
      exportName={`analytics-${measure}`}
      columns={drillColumns(measure)}
      rowKey={rowKey}
    />
  );
}
