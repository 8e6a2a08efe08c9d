import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type MouseHandlerDataParam,
} from 'recharts';
import { trendSummaryOf } from '../../utils/chart-summary';
import { formatAxisValue, formatMonth, formatMonthTick, formatValue, type ValueFormat } from '../../utils/format';
import { CHART_MARGIN, ChartFrame, colourAt, useChartColours } from './chart-frame';

const DEFAULT_HEIGHT = 280;
/** A series on the right axis is dashed, so it is told apart without its colour. */
const RIGHT_AXIS_DASH = '6 4';

export interface TrendSeries<Datum> {
  /** Unique among the chart's series. */
  key: string;
  /** The legend's and tooltip's name ('Admissions'). */
  label: string;
  value: (datum: Datum) => number | null | undefined;
  /** Lines by default; bars for counts beside a rate line. */
  kind?: 'line' | 'bar';
  /** The right axis holds a second unit, such as a rate beside counts. */
  axis?: 'left' | 'right';
}

export interface TrendChartProps<Datum> {
  /** What the chart is of ('Admissions and rate per 1,000 by month'). */
  title: string;
  /** One datum per month, in order. */
  data: readonly Datum[];
  /** The datum's month, `YYYY-MM`. */
  month: (datum: Datum) => string;
  series: readonly TrendSeries<Datum>[];
  /** How the left axis's series are written; counts unless told. */
  leftFormat?: ValueFormat;
  /** How the right axis's series are written; needed when a series is on the right. */
  rightFormat?: ValueFormat;
  /** Clicking a month (a bar, a point or the space above it) gives its datum: its patients open. */
  onSelect?: (datum: Datum) => void;
  /** Replaces the summary written from the data. */
  summary?: string;
  height?: number;
}

/**
 * The month a click chose: the one the tooltip shows (recharts answers the index as a string). A click
 * before any tooltip showed chooses none, rather than the first month recharts would answer.
 */
function indexOf(state: MouseHandlerDataParam): number | undefined {
  if (!state.isTooltipActive) return undefined;
  const index = Number(state.activeTooltipIndex ?? state.activeIndex);
  return Number.isInteger(index) && index >= 0 ? index : undefined;
}

/**
 * Months on the x axis and one or more series as lines or bars, a second axis on the right for a rate
 * beside counts, with a tooltip and a legend. The summary for screen readers names each series' first,
 * last and highest month.
 */
export function TrendChart<Datum>({
  title,
  data,
  month,
  series,
  leftFormat = 'count',
  rightFormat = 'percent',
  onSelect,
  summary,
  height = DEFAULT_HEIGHT,
}: TrendChartProps<Datum>) {
  const colours = useChartColours();
  const formatOf = (item: TrendSeries<Datum>) => (item.axis === 'right' ? rightFormat : leftFormat);
  const rows = data.map((datum) => ({
    month: month(datum),
    ...Object.fromEntries(series.map((item) => [item.key, item.value(datum) ?? null])),
  }));
  const hasRightAxis = series.some((item) => item.axis === 'right');
  const described =
    summary ??
    trendSummaryOf(
      rows.map((row) => row.month),
      series.map((item) => ({ label: item.label, format: formatOf(item), values: data.map(item.value) })),
    );
  const select = (state: MouseHandlerDataParam) => {
    const index = indexOf(state);
    const datum = index === undefined ? undefined : data[index];
    if (datum !== undefined) onSelect?.(datum);
  };

  return (
    <ChartFrame label={title} summary={described} isSelectable={onSelect !== undefined}>
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart
          data={rows}
          margin={CHART_MARGIN}
          accessibilityLayer={false}
          onClick={onSelect ? select : undefined}
        >
          <CartesianGrid strokeDasharray="3 3" stroke={colours.grid} vertical={false} />
          <XAxis dataKey="month" tickFormatter={(value: string, index) => formatMonthTick(value, index === 0)} />
          <YAxis yAxisId="left" tickFormatter={(value: number) => formatAxisValue(value, leftFormat)} />
          {hasRightAxis && (
            <YAxis
              yAxisId="right"
              orientation="right"
              tickFormatter={(value: number) => formatAxisValue(value, rightFormat)}
            />
          )}
          <Tooltip
            labelFormatter={(label) => (typeof label === 'string' ? formatMonth(label) : '')}
            formatter={(value, _name, item) => {
              const shown = series.find((candidate) => candidate.key === item.dataKey);
              const number = typeof value === 'number' ? value : null;
              return [formatValue(number, shown ? formatOf(shown) : leftFormat), shown?.label ?? ''];
            }}
          />
          <Legend />
          {series.map((item, index) => {
            const axis = item.axis ?? 'left';
            const name = axis === 'right' && series.length > 1 ? `${item.label} (right axis)` : item.label;
            const colour = colourAt(colours, index);
            return item.kind === 'bar' ? (
              <Bar
                key={item.key}
                dataKey={item.key}
                name={name}
                yAxisId={axis}
                fill={colour}
                maxBarSize={32}
                isAnimationActive={false}
              />
            ) : (
              <Line
                key={item.key}
                dataKey={item.key}
                name={name}
                yAxisId={axis}
                type="monotone"
                stroke={colour}
                strokeWidth={2}
                strokeDasharray={axis === 'right' ? RIGHT_AXIS_DASH : undefined}
                dot={{ r: 3 }}
                connectNulls={false}
                isAnimationActive={false}
              />
            );
          })}
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
