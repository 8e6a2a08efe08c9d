import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Text,
  Tooltip,
  XAxis,
  YAxis,
  type YAxisTickContentProps,
} from 'recharts';
import { valuesSummaryOf } from '../../utils/chart-summary';
import { formatAxisValue, formatValue, type ValueFormat } from '../../utils/format';
import { CHART_MARGIN, ChartFrame, useChartColours } from './chart-frame';

/** A bar's band, and the room of the axis around the bars. */
const BAR_BAND = 32;
const BAR_AXES = 56;
const DEFAULT_TOP = 10;
const LABEL_WIDTH = 180;

/**
 * A category's name on two lines at most, cut with an ellipsis past them (the table and the tooltip give it whole): a
 * longer one ran into its neighbours' (CCSR body systems: "Symptoms, signs and abnormal clinical and laboratory ...").
 * The axis's own tick passes only SVG attributes on, so not the line limit.
 */
function CategoryTick({ x, y, fill, payload }: YAxisTickContentProps) {
  return (
    <Text x={x} y={y} fill={fill} width={LABEL_WIDTH - 6} maxLines={2} textAnchor="end" verticalAnchor="middle">
      {String(payload.value)}
    </Text>
  );
}

export interface BreakdownBarProps<Datum> {
  /** What the chart is of ('Cost by service category'). */
  title: string;
  data: readonly Datum[];
  /** The bar's name ('Inpatient', 'Clinic North'). */
  category: (datum: Datum) => string;
  value: (datum: Datum) => number | null | undefined;
  /** The tooltip's name of the value ('Paid'). */
  valueLabel: string;
  format: ValueFormat;
  /** How many bars, the highest values; ten unless told. */
  top?: number;
  /** Highest first unless told; `none` keeps the data's order (severity groups, age bands). */
  order?: 'descending' | 'ascending' | 'none';
  /** Clicking a bar gives its datum: its patients open. */
  onSelect?: (datum: Datum) => void;
  summary?: string;
}

/** The data's bars in the order asked, the first `top` of them. */
export function barsOf<Datum>(
  data: readonly Datum[],
  value: (datum: Datum) => number | null | undefined,
  order: BreakdownBarProps<Datum>['order'],
  top: number,
): Datum[] {
  const sign = order === 'ascending' ? 1 : -1;
  const sorted =
    order === 'none'
      ? [...data]
      : [...data].sort((left, right) => sign * ((value(left) ?? -Infinity) - (value(right) ?? -Infinity)));
  return sorted.slice(0, top);
}

/**
 * Horizontal bars by category, sorted, the top N (the summary says "top 10 of 23"): the categories'
 * names stay readable however long, which a column chart's slanted labels are not.
 */
export function BreakdownBar<Datum>({
  title,
  data,
  category,
  value,
  valueLabel,
  format,
  top = DEFAULT_TOP,
  order = 'descending',
  onSelect,
  summary,
}: BreakdownBarProps<Datum>) {
  const colours = useChartColours();
  const shown = barsOf(data, value, order, top);
  const rows = shown.map((datum) => ({ category: category(datum), value: value(datum) ?? null }));
  const which = shown.length < data.length ? `top ${String(shown.length)} of ${String(data.length)}` : '';
  const direction = order === 'none' ? '' : order === 'ascending' ? 'lowest first' : 'highest first';
  const heading = [valueLabel, which, direction].filter((part) => part !== '').join(', ');
  const values = valuesSummaryOf(
    rows.map((row) => ({ label: row.category, value: row.value })),
    format,
  );
  const described = summary ?? `${heading}: ${values}`;

  return (
    <ChartFrame label={title} summary={described} isSelectable={onSelect !== undefined}>
      <ResponsiveContainer width="100%" height={rows.length * BAR_BAND + BAR_AXES}>
        <BarChart data={rows} layout="vertical" margin={CHART_MARGIN} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke={colours.grid} horizontal={false} />
          <XAxis type="number" tickFormatter={(tick: number) => formatAxisValue(tick, format)} />
          <YAxis type="category" dataKey="category" width={LABEL_WIDTH} interval={0} tick={CategoryTick} />
          <Tooltip
            formatter={(tooltipValue) => [
              formatValue(typeof tooltipValue === 'number' ? tooltipValue : null, format),
              valueLabel,
            ]}
          />
          <Bar
            dataKey="value"
            name={valueLabel}
            fill={colours.series[0]}
            barSize={20}
            isAnimationActive={false}
            onClick={(_bar, index) => {
              const datum = shown[index];
              if (datum !== undefined) onSelect?.(datum);
            }}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
