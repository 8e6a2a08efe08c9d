import type { RiskGroupRow } from '@cairn/contracts';
import { Segmented } from 'antd';
import { BreakdownBar, ChartPanel } from '../../dashboards';
import { BREAKDOWNS, MEASURE_SETS, type Breakdown, type MeasureSet } from '../utils/filters';
import { drillOfColumn, groupColumns, HEADLINE, MEASURE_COLUMNS, MEASURE_SET_LABELS } from '../utils/measures';
import type { RiskDrill } from './risk-drilldown';

const BREAKDOWN_LABELS: Record<Breakdown, string> = { clinic: 'Clinic', provider: 'Provider', hcc: 'HCC' };

const DESCRIPTIONS: Record<Breakdown, string> = {
  clinic:
    "By clinic: the clinic of the patient's primary care provider for recapture, RAF and open suggestions; of the visit for decisions and pushes.",
  provider:
    "By provider: the patient's primary care provider for recapture, RAF and open suggestions; the visit's provider for decisions and pushes.",
  hcc: 'By CMS-HCC V28 payment HCC of the code (RAF: the patients with an open suggestion in the HCC).',
};

export interface RiskBreakdownProps {
  by: Breakdown;
  set: MeasureSet;
  onChange: (change: { by?: Breakdown; measures?: MeasureSet }) => void;
  rows: RiskGroupRow[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onDrill: (drill: RiskDrill) => void;
}

/** The measures by clinic, provider or HCC: a bar of the headline number, the table of all, each count opening its patients. */
export function RiskBreakdown({ by, set, onChange, rows, isLoading, isError, onRetry, onDrill }: RiskBreakdownProps) {
  const headline = MEASURE_COLUMNS[set].find((column) => column.key === HEADLINE[set]);
  const title = `${MEASURE_SET_LABELS[set]} by ${BREAKDOWN_LABELS[by].toLowerCase()}`;
  return (
    <ChartPanel<RiskGroupRow>
      title={title}
      description={DESCRIPTIONS[by]}
      rows={rows}
      isLoading={isLoading}
      isError={isError}
      onRetry={onRetry}
      defaultView="table"
      columns={groupColumns(set, BREAKDOWN_LABELS[by], { isSnapshotDrillable: true })}
      rowKey={(row) => row.key}
      exportName={`analytics-${set}-by-${by}`}
      onDrill={(row, columnKey) => {
        const measure = drillOfColumn(set, columnKey);
        if (measure) onDrill({ measure, group: { by, key: row.key }, of: row.label });
      }}
      extra={
        <>
          <Segmented<Breakdown>
            size="small"
            aria-label="Group by"
            value={by}
            onChange={(value) => onChange({ by: value })}
            options={BREAKDOWNS.map((value) => ({ value, label: BREAKDOWN_LABELS[value] }))}
          />
          <Segmented<MeasureSet>
            size="small"
            aria-label="Measures"
            value={set}
            onChange={(value) => onChange({ measures: value })}
            options={MEASURE_SETS.map((value) => ({ value, label: MEASURE_SET_LABELS[value] }))}
          />
        </>
      }
      chart={(data) =>
        headline && (
          <BreakdownBar<RiskGroupRow>
            title={`${headline.title} by ${BREAKDOWN_LABELS[by].toLowerCase()}`}
            data={data}
            category={(row) => row.label}
            value={(row) => headline.value(row)}
            valueLabel={headline.title}
            format={headline.format}
            onSelect={(row) =>
              headline.drill && onDrill({ measure: headline.drill, group: { by, key: row.key }, of: row.label })
            }
          />
        )
      }
    />
  );
}
