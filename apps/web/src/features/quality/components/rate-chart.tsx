import type { QualityMeasureRates, QualityRateGrouping } from '@cairn/contracts';
import { theme } from 'antd';
import { useId, type CSSProperties } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ReferenceLine,
  Rectangle,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
} from 'recharts';
import { chartDescriptionOf, formatPercent, shortMonthOf } from '../utils/rates';

const PERCENT_TICKS = [0, 25, 50, 75, 100];
const LINE_HEIGHT = 280;
/** A bar's band, and the room of the axis around the bars. */
const BAR_BAND = 36;
const BAR_AXES = 48;
const TARGET_DASH = '6 4';
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

export interface RateChartProps {
  measure: QualityMeasureRates;
  grouping: QualityRateGrouping;
}

/**
 * A measure's rates as a chart: by month a line of the year-to-date rate, by provider or clinic a bar
 * each; the target as a dashed line and the side of it that meets the target shaded (above it, or
 * below it for an inverse measure). The drawing is hidden from screen readers: the figure's
 * description says what it shows, and the table under it holds every value.
 */
export function RateChart({ measure, grouping }: RateChartProps) {
  const descriptionId = useId();
  const title = `${measure.measureId} performance rate by ${grouping}`;
  return (
    <figure aria-label={title} aria-describedby={descriptionId} style={{ margin: 0, position: 'relative' }}>
      <p id={descriptionId} style={VISUALLY_HIDDEN}>
        {chartDescriptionOf(measure, grouping)}
      </p>
      <div aria-hidden="true">
        {grouping === 'month' ? <MonthChart measure={measure} /> : <GroupChart measure={measure} />}
      </div>
    </figure>
  );
}

function useChartColours() {
  const { token } = theme.useToken();
  return {
    grid: token.colorBorderSecondary,
    line: token.colorPrimary,
    met: token.colorSuccess,
    unmet: token.colorWarning,
    none: token.colorBorder,
    target: token.colorTextSecondary,
  };
}

/** A bar's colour and class: its rate meets the target, does not, or there is no rate. */
const stateOf = (isTargetMet: boolean | null): 'met' | 'unmet' | 'none' =>
  isTargetMet === null ? 'none' : isTargetMet ? 'met' : 'unmet';

/** The side of the target that meets it, for the shading. */
function metBand(measure: QualityMeasureRates): { y1: number; y2: number } {
  return measure.inverse ? { y1: 0, y2: measure.target.percent } : { y1: measure.target.percent, y2: 100 };
}

const targetLabel = (measure: QualityMeasureRates) => `Target ${formatPercent(measure.target.percent)}`;
const tooltipValue = (value: unknown) => formatPercent(typeof value === 'number' ? value : null);

function MonthChart({ measure }: { measure: QualityMeasureRates }) {
  const colours = useChartColours();
  const data = measure.rows.map((row) => ({ month: shortMonthOf(row.key ?? ''), rate: row.rate }));
  const band = metBand(measure);
  return (
    <ResponsiveContainer width="100%" height={LINE_HEIGHT}>
      <LineChart data={data} margin={{ top: 16, right: 24, bottom: 8, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke={colours.grid} />
        <XAxis dataKey="month" />
        <YAxis domain={[0, 100]} ticks={PERCENT_TICKS} tickFormatter={(value: number) => formatPercent(value)} />
        <ReferenceArea y1={band.y1} y2={band.y2} fill={colours.met} fillOpacity={0.08} />
        <ReferenceLine
          y={measure.target.percent}
          stroke={colours.target}
          strokeDasharray={TARGET_DASH}
          label={{ value: targetLabel(measure), position: 'insideTopRight', fontSize: 11 }}
        />
        <Tooltip formatter={(value) => [tooltipValue(value), 'Rate']} />
        <Line
          type="monotone"
          dataKey="rate"
          stroke={colours.line}
          strokeWidth={2}
          dot={{ r: 3 }}
          connectNulls={false}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

function GroupChart({ measure }: { measure: QualityMeasureRates }) {
  const colours = useChartColours();
  const data = measure.rows.map((row) => ({ name: row.label, rate: row.rate ?? 0, isTargetMet: row.isTargetMet }));
  const band = metBand(measure);
  return (
    <ResponsiveContainer width="100%" height={data.length * BAR_BAND + BAR_AXES}>
      <BarChart
        data={data}
        layout="vertical"
        margin={{ top: 16, right: 24, bottom: 8, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke={colours.grid} horizontal={false} />
        <XAxis
          type="number"
          domain={[0, 100]}
          ticks={PERCENT_TICKS}
          tickFormatter={(value: number) => formatPercent(value)}
        />
        <YAxis type="category" dataKey="name" width={180} />
        <ReferenceArea x1={band.y1} x2={band.y2} fill={colours.met} fillOpacity={0.08} />
        <Tooltip formatter={(value) => [tooltipValue(value), 'Rate']} />
        <Bar
          dataKey="rate"
          barSize={20}
          isAnimationActive={false}
          shape={(props: BarShapeProps) => {
            const state = stateOf(data[props.index]?.isTargetMet ?? null);
            return <Rectangle {...props} className={`rate-bar rate-bar-${state}`} fill={colours[state]} />;
          }}
        />
        <ReferenceLine
          x={measure.target.percent}
          stroke={colours.target}
          strokeDasharray={TARGET_DASH}
          label={{ value: targetLabel(measure), position: 'top', fontSize: 11 }}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
