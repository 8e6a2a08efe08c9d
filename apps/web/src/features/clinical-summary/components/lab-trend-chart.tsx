import type { LabReferenceRange } from '@cairn/contracts';
import { theme } from 'antd';
import { CartesianGrid, Line, LineChart, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dayjs, formatDate } from '../../../lib/dates';
import { formatNumber } from '../utils/format';

export interface ChartPoint {
  date: string;
  value: number;
}

const CHART_HEIGHT = 280;

/**
 * The results over time on a time scale (uneven gaps between tests stay uneven), with the reference
 * range as a shaded band; a range open on one side shades to the edge of the chart.
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
  const data = points.map((point) => ({ time: dayjs(point.date).valueOf(), value: point.value }));
  return (
    <figure aria-label={`${title} over time`} style={{ margin: 0 }}>
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} />
          <XAxis
            dataKey="time"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(time: number) => formatDate(new Date(time), 'date')}
          />
          <YAxis domain={['auto', 'auto']} tickFormatter={(value: number) => formatNumber(value)} />
          {referenceRange && (
            <ReferenceArea
              y1={referenceRange.low ?? undefined}
              y2={referenceRange.high ?? undefined}
              fill={token.colorSuccess}
              fillOpacity={0.15}
              ifOverflow="extendDomain"
              label={{ value: 'Reference range', position: 'insideTopRight', fontSize: 11 }}
            />
          )}
          <Tooltip
            labelFormatter={(time) => formatDate(new Date(Number(time)), 'date')}
            formatter={(value) => [formatNumber(Number(value)), title]}
          />
          <Line
            type="monotone"
            dataKey="value"
            stroke={token.colorPrimary}
            strokeWidth={2}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
