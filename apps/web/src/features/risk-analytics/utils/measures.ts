import type { RiskDrillMeasure, RiskGroupRow, RiskMeasures } from '@cairn/contracts';
import type { DashboardColumn, ValueFormat } from '../../dashboards';
import type { MeasureSet } from './filters';

/** A number of the dashboard: its column, what it means, and the patients it opens. */
export interface MeasureColumn {
  key: string;
  title: string;
  value: (measures: RiskMeasures) => number | null | undefined;
  format: ValueFormat;
  /** The list its number opens; none for a number that is not of patients (a snapshot month). */
  drill?: RiskDrillMeasure;
  isExportOnly?: boolean;
}

/** What each drilled list is, as the drawer's title says it. */
export const DRILL_TITLES: Record<RiskDrillMeasure, string> = {
  recaptureDue: "Last year's chronic HCCs",
  recaptured: 'Chronic HCCs documented again',
  notRecaptured: 'Chronic HCCs not yet documented this year',
  decided: 'Suggestions decided',
  accepted: 'Suggestions accepted',
  rejected: 'Suggestions rejected',
  bothDecided: 'Codes decided by a coder and a provider',
  agreed: 'Codes a coder and a provider agreed on',
  disagreed: 'Codes a coder and a provider disagreed on',
  openSuggestions: 'Open suggestions',
  undecidedSuggestions: 'Open suggestions not yet decided',
  raf: 'Patients by RAF gap',
  pushesWritten: 'Codes written to the EHR',
  pushesFailed: 'Codes that failed to reach the EHR',
  pushesPending: 'Codes still being written to the EHR',
};

export const MEASURE_COLUMNS: Record<MeasureSet, MeasureColumn[]> = {
  recapture: [
    {
      key: 'due',
      title: "Last year's chronic HCCs",
      value: (m) => m.recapture.due,
      format: 'count',
      drill: 'recaptureDue',
    },
    {
      key: 'recaptured',
      title: 'Documented again',
      value: (m) => m.recapture.recaptured,
      format: 'count',
      drill: 'recaptured',
    },
    {
      key: 'notRecaptured',
      title: 'Not yet documented',
      value: (m) => m.recapture.due - m.recapture.recaptured,
      format: 'count',
      drill: 'notRecaptured',
    },
    {
      key: 'recaptureRate',
      title: 'Recapture rate',
      value: (m) => m.recapture.rate,
      format: 'percent',
      drill: 'recaptureDue',
    },
  ],
  decisions: [
    {
      key: 'decided',
      title: 'Suggestions decided',
      value: (m) => m.acceptance.decided,
      format: 'count',
      drill: 'decided',
    },
    { key: 'accepted', title: 'Accepted', value: (m) => m.acceptance.accepted, format: 'count', drill: 'accepted' },
    {
      key: 'acceptanceRate',
      title: 'Acceptance rate',
      value: (m) => m.acceptance.rate,
      format: 'percent',
      drill: 'decided',
    },
    {
      key: 'providerRate',
      title: 'Acceptance rate, providers',
      value: (m) => m.acceptance.byProvider.rate,
      format: 'percent',
      isExportOnly: true,
    },
    {
      key: 'coderRate',
      title: 'Acceptance rate, coders',
      value: (m) => m.acceptance.byCoder.rate,
      format: 'percent',
      isExportOnly: true,
    },
    {
      key: 'agreementRate',
      title: 'Coder-provider agreement',
      value: (m) => m.agreement.rate,
      format: 'percent',
      drill: 'bothDecided',
    },
    {
      key: 'disagreed',
      title: 'Disagreements',
      value: (m) => m.agreement.bothDecided - m.agreement.agreed,
      format: 'count',
      drill: 'disagreed',
    },
    {
      key: 'medianDays',
      title: 'Median days to decision',
      value: (m) => m.timeToDecision.medianDays,
      format: 'days',
      drill: 'decided',
    },
    {
      key: 'p90Days',
      title: 'Days to decision, 90th percentile',
      value: (m) => m.timeToDecision.p90Days,
      format: 'days',
      drill: 'decided',
    },
  ],
  suggestions: [
    {
      key: 'open',
      title: 'Open suggestions',
      value: (m) => m.openSuggestions?.count,
      format: 'count',
      drill: 'openSuggestions',
    },
    {
      key: 'undecided',
      title: 'Not yet decided',
      value: (m) => m.openSuggestions?.undecided,
      format: 'count',
      drill: 'undecidedSuggestions',
    },
    { key: 'patients', title: 'Patients analysed', value: (m) => m.raf.patients, format: 'count', drill: 'raf' },
    { key: 'rafNow', title: 'RAF now', value: (m) => m.raf.now, format: 'decimal', drill: 'raf' },
    { key: 'rafPotential', title: 'RAF if addressed', value: (m) => m.raf.potential, format: 'decimal', drill: 'raf' },
  ],
  pushes: [
    {
      key: 'written',
      title: 'Written to the EHR',
      value: (m) => m.pushes.written,
      format: 'count',
      drill: 'pushesWritten',
    },
    { key: 'failed', title: 'Failed', value: (m) => m.pushes.failed, format: 'count', drill: 'pushesFailed' },
    { key: 'pending', title: 'Pending', value: (m) => m.pushes.pending, format: 'count', drill: 'pushesPending' },
    {
      key: 'failureRate',
      title: 'Failure rate',
      value: (m) => m.pushes.failureRate,
      format: 'percent',
      drill: 'pushesFailed',
    },
  ],
};

export const MEASURE_SET_LABELS: Record<MeasureSet, string> = {
  recapture: 'Recapture',
  decisions: 'Decisions',
  suggestions: 'Open suggestions and RAF',
  pushes: 'Pushes to the EHR',
};

/** The number a panel's bar chart shows for each set. */
export const HEADLINE: Record<MeasureSet, string> = {
  recapture: 'recaptureRate',
  decisions: 'acceptanceRate',
  suggestions: 'open',
  pushes: 'failed',
};

/** The table's columns of a set: the group's name, then its numbers. */
export function groupColumns(
  set: MeasureSet,
  nameTitle: string,
  options: { isSnapshotDrillable: boolean },
): DashboardColumn<RiskGroupRow>[] {
  const name: DashboardColumn<RiskGroupRow> = { key: 'label', title: nameTitle, value: (row) => row.label };
  return [
    name,
    ...MEASURE_COLUMNS[set].map((column): DashboardColumn<RiskGroupRow> => ({
      key: column.key,
      title: column.title,
      value: (row) => column.value(row),
      format: column.format,
      isExportOnly: column.isExportOnly,
      isDrillable:
        column.drill !== undefined &&
        (options.isSnapshotDrillable || !['openSuggestions', 'undecidedSuggestions', 'raf'].includes(column.drill)),
    })),
  ];
}

/** The list a column's number opens. */
export function drillOfColumn(set: MeasureSet, columnKey: string): RiskDrillMeasure | undefined {
  return MEASURE_COLUMNS[set].find((column) => column.key === columnKey)?.drill;
}
