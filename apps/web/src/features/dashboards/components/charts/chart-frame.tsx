import { theme } from 'antd';
import { useId, type CSSProperties, type ReactNode } from 'react';

/** Text for screen readers only: what the drawing shows, in words. */
export const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

/** Room for the axes around a chart's plot. */
export const CHART_MARGIN = { top: 16, right: 24, bottom: 8, left: 8 };

export interface ChartFrameProps {
  /** What the chart is of ('Admissions by month'): the image's name. */
  label: string;
  /** What it shows, in words: the image's description, read after its name. */
  summary: string;
  /** Clicking a bar or a point opens its patients: the pointer says so. */
  isSelectable: boolean;
  children: ReactNode;
}

/**
 * A chart as one image to assistive technology, named and described in words (its drawing and legend
 * are not read out). Its numbers, and a keyboard way to each one's patients, are in the table view.
 */
export function ChartFrame({ label, summary, isSelectable, children }: ChartFrameProps) {
  const summaryId = useId();
  return (
    <div style={{ position: 'relative', cursor: isSelectable ? 'pointer' : undefined }}>
      <div role="img" aria-label={label} aria-describedby={summaryId}>
        {children}
      </div>
      <p id={summaryId} style={VISUALLY_HIDDEN}>
        {summary}
      </p>
    </div>
  );
}

/** The colours of a chart's parts, from the app's antd theme (primary #5944EF first). */
export interface ChartColours {
  /** One per series, in order: the primary purple, then hues told apart from it (each 3:1 on white). */
  series: readonly string[];
  grid: string;
  axis: string;
  reference: string;
}

export function useChartColours(): ChartColours {
  const { token } = theme.useToken();
  return {
    series: [token.colorPrimary, token.cyan7, token.magenta7, token.orange7, token.green7, token.geekblue9],
    grid: token.colorBorderSecondary,
    axis: token.colorTextSecondary,
    reference: token.colorTextSecondary,
  };
}

/** The series' colour at `index`, the palette repeating past its end. */
export function colourAt(colours: ChartColours, index: number): string {
  return colours.series[index % colours.series.length] ?? colours.axis;
}
