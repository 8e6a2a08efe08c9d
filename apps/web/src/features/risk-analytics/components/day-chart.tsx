import { theme } from 'antd';
import { useId } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '../../../lib/dates';
import { formatValue, type ValueFormat } from '../../dashboards';

export interface DaySeries {
  key: string;
  label: string;
}

export interface DayChartProps {
  /** What the chart is of: the image's name. */
  title: string;
  /** One point per day (or ISO week's Monday), `YYYY-MM-DD`, with a value per series key. */
  data: readonly ({ period: string } & Record<string, number | string | null>)[];
  series: readonly DaySeries[];
  format: ValueFormat;
  /** What it shows, in words, for screen readers (the table view holds every number). */
  summary: string;
}

const HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' } as const;

/**
 * Lines over days or weeks (the dashboard kit's trend chart is by month): one image to assistive
 * technology, named and described in words; its numbers are in the panel's table view.
 */
export function DayChart({ title, data, series, format, summary }: DayChartProps) {
  const { token } = theme.useToken();
  const summaryId = useId();
  const colours = [token.colorPrimary, token.cyan7, token.magenta7, token.orange7, token.green7, token.geekblue9];
  return (
    <div style={{ position: 'relative' }}>
      <div role="img" aria-label={title} aria-describedby={summaryId}>
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={[...data]} margin={{ top: 16, right: 24, bottom: 8, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke={token.colorBorderSecondary} vertical={false} />
            <XAxis dataKey="period" tickFormatter={(value: string) => formatDate(value, 'shortDate')} />
            <YAxis tickFormatter={(value: number) => formatValue(value, format)} />
            <Tooltip
              labelFormatter={(label) => (typeof label === 'string' ? formatDate(label, 'date') : '')}
              formatter={(value, name) => [formatValue(typeof value === 'number' ? value : null, format), name]}
            />
            <Legend />
            {series.map((item, index) => (
              <Line
                key={item.key}
                dataKey={item.key}
                name={item.label}
                type="monotone"
                stroke={colours[index % colours.length]}
                strokeWidth={2}
                dot={{ r: 2 }}
                connectNulls={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <p id={summaryId} style={HIDDEN}>
        {summary}
      </p>
    </div>
  );
}
