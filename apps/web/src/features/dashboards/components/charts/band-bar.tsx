import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { valuesSummaryOf } from '../../utils/chart-summary';
import { formatAxisValue, formatValue, type ValueFormat } from '../../utils/format';
import { CHART_MARGIN, ChartFrame, useChartColours } from './chart-frame';

const DEFAULT_HEIGHT = 280;
const REFERENCE_DASH = '6 4';

export interface BandBarProps<Datum> {
  /** What the chart is of ('Cost per member per month by RAF band'). */
  title: string;
  /** One datum per band, in the bands' order (lowest risk first). */
  data: readonly Datum[];
  /** The band's name on the x axis ('0.5–1.0'). */
  band: (datum: Datum) => string;
  /** The x axis's name, for the summary ('RAF band'). */
  bandLabel: string;
  value: (datum: Datum) => number | null | undefined;
  /** The tooltip's name of the value ('PMPM'). */
  valueLabel: string;
  format: ValueFormat;
  /** A dashed line across, to compare each band with ('All patients $612.40'). */
  reference?: { value: number; label: string };
  /** Clicking a bar gives its datum: its patients open. */
  onSelect?: (datum: Datum) => void;
  summary?: string;
}

/**
 * A value across ordered bands, such as cost against risk (PMPM by RAF band): the bands keep their
 * order, so a band that costs more than its risk predicts stands out, against an optional reference.
 */
export function BandBar<Datum>({
  title,
  data,
  band,
  bandLabel,
  value,
  valueLabel,
  format,
  reference,
  onSelect,
  summary,
}: BandBarProps<Datum>) {
  const colours = useChartColours();
  const rows = data.map((datum) => ({ band: band(datum), value: value(datum) ?? null }));
  const against = reference ? ` ${reference.label}: ${formatValue(reference.value, format)}.` : '';
  const described =
    summary ??
    `${valueLabel} by ${bandLabel}: ${valuesSummaryOf(
      rows.map((row) => ({ label: row.band, value: row.value })),
      format,
    )}${against}`;

  return (
    <ChartFrame label={title} summary={described} isSelectable={onSelect !== undefined}>
      <ResponsiveContainer width="100%" height={DEFAULT_HEIGHT}>
        <BarChart data={rows} margin={CHART_MARGIN} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke={colours.grid} vertical={false} />
          <XAxis dataKey="band" interval={0} />
          <YAxis tickFormatter={(tick: number) => formatAxisValue(tick, format)} />
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
            maxBarSize={48}
            isAnimationActive={false}
            onClick={(_bar, index) => {
              const datum = data[index];
              if (datum !== undefined) onSelect?.(datum);
            }}
          />
          {reference && (
            <ReferenceLine
              y={reference.value}
              stroke={colours.reference}
              strokeDasharray={REFERENCE_DASH}
              label={{ value: reference.label, position: 'insideTopRight', fontSize: 11 }}
            />
          )}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
