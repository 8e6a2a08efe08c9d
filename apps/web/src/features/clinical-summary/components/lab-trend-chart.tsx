import type { ClinicalResultFlag, LabReferenceRange } from '@cairn/contracts';
import { theme } from 'antd';
import { useId, type CSSProperties } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dayjs, formatDate } from '../../../lib/dates';
import { formatNumber } from '../../../lib/clinical-format';
import { FLAG_LABELS } from '../utils/format';
import { normalBandOf, trendAxisOf } from '../utils/lab-trend-scale';

export interface ChartPoint {
  date: string;
  value: number;
  /** The decimal places the value was reported with, when known. */
  decimals?: number | null;
  flag?: ClinicalResultFlag | null;
}

const CHART_HEIGHT = 280;
/** Room right of the last point for half of its date label (MM/DD/YYYY at 12 px is about 64 px wide). */
const RIGHT_MARGIN = 40;
/** Shapes tell abnormal points apart without colour: a triangle up is high, down is low, a diamond abnormal. */
const FLAG_SYMBOLS: Record<ClinicalResultFlag, string> = { high: '▲', low: '▼', abnormal: '◆' };
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

/**
 * The results over time on a time scale (uneven gaps between tests stay uneven), with the normal side
 * of the reference range shaded: between the bounds, or from a single bound to the chart's edge.
 * Abnormal points are drawn as shapes, and every value is listed for screen readers with its flag.
 */
export function LabTrendChart({
  title,
  points,
  referenceRange,
}: {
  title: string;
  points: ChartPoint[];
  referenceRange: LabReferenceRange | null;
}) {
  const { token } = theme.useToken();
  const descriptionId = useId();
  const data = points.map((point) => ({
    time: dayjs(point.date).valueOf(),
    value: point.value,
    shown: formatNumber(point.value, point.decimals),
    flag: point.flag ?? null,
  }));
  const axis = trendAxisOf(
    data.map((point) => point.value),
    referenceRange,
  );
  const band = normalBandOf(referenceRange, axis);
  const hasFlags = data.some((point) => point.flag !== null);
  return (
    <figure
      aria-label={`${title} over time`}
      aria-describedby={descriptionId}
      data-normal-from={band?.from}
      data-normal-to={band?.to}
      style={{ margin: 0, position: 'relative' }}
    >
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <LineChart data={data} margin={{ top: 8, right: RIGHT_MARGIN, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            ticks={[...new Set(data.map((point) => point.time))]}
            interval="preserveStartEnd"
            tickFormatter={(time: number) => formatDate(new Date(time), 'date')}
          />
          <YAxis
            domain={axis.domain}
            ticks={axis.ticks}
            allowDataOverflow
            tickFormatter={(value: number) => formatNumber(value)}
          />
          {band && (
            <ReferenceArea
              y1={band.from}
              y2={band.to}
              fill={token.colorSuccess}
              fillOpacity={0.15}
              label={{ value: 'Normal range', position: 'insideTopRight', fontSize: 11 }}
            />
          )}
          <Tooltip
            labelFormatter={(time) => formatDate(new Date(Number(time)), 'date')}
            formatter={(value, _name, item) => {
              const payload = item.payload as { shown: string; flag: ClinicalResultFlag | null } | undefined;
              const flag = payload?.flag;
              return [
                `${payload?.shown ?? formatNumber(Number(value))}${flag ? ` (${FLAG_LABELS[flag]})` : ''}`,
                title,
              ];
            }}
          />
          <Line
            type="monotone"
            dataKey="value"
            stroke={token.colorPrimary}
            strokeWidth={2}
            dot={(props: DotProps) => (
              <TrendDot key={props.index} {...props} color={token.colorPrimary} abnormalColor={token.colorError} />
            )}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
      {hasFlags && (
        <figcaption aria-hidden style={{ fontSize: 12, color: token.colorTextSecondary }}>
          {(['high', 'low', 'abnormal'] as const)
            .map((flag) => `${FLAG_SYMBOLS[flag]} ${FLAG_LABELS[flag]}`)
            .join('   ')}
        </figcaption>
      )}
      <ul id={descriptionId} aria-label={`${title} results`} style={VISUALLY_HIDDEN}>
        {data.map((point, index) => (
          <li key={index}>
            {`${formatDate(new Date(point.time), 'date')}: ${point.shown}${point.flag ? `, ${FLAG_LABELS[point.flag].toLowerCase()}` : ''}`}
          </li>
        ))}
      </ul>
    </figure>
  );
}

interface DotProps {
  cx?: number;
  cy?: number;
  index?: number;
  payload?: { flag: ClinicalResultFlag | null };
}

function TrendDot({ cx, cy, payload, color, abnormalColor }: DotProps & { color: string; abnormalColor: string }) {
  if (cx === undefined || cy === undefined) return null;
  const flag = payload?.flag ?? null;
  if (flag === null) return <circle className="trend-dot" cx={cx} cy={cy} r={3} fill="#fff" stroke={color} />;
  const size = 6;
  const path = {
    high: `M${cx},${cy - size} L${cx + size},${cy + size} L${cx - size},${cy + size} Z`,
    low: `M${cx},${cy + size} L${cx + size},${cy - size} L${cx - size},${cy - size} Z`,
    abnormal: `M${cx},${cy - size} L${cx + size},${cy} L${cx},${cy + size} L${cx - size},${cy} Z`,
  }[flag];
  return <path className={`trend-dot trend-dot-${flag}`} d={path} fill={abnormalColor} stroke="#fff" />;
}
