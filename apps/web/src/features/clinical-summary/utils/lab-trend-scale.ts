import type { LabReferenceRange } from '@cairn/contracts';

/** The value axis of a trend: its exact extent and the ticks drawn on it. */
export interface TrendAxis {
  domain: [number, number];
  ticks: number[];
}

/** The part of the value axis that is normal: the band the chart shades. */
export interface NormalBand {
  from: number;
  to: number;
}

const TICK_COUNT = 4;
const PADDING = 0.1;

/**
 * A value axis holding every value and every bound of the range, padded and rounded to even ticks.
 * The chart uses it as its exact domain, so a one-sided range can be shaded to the axis's edge.
 */
export function trendAxisOf(values: readonly number[], range: LabReferenceRange | null): TrendAxis {
  const bounds = [range?.low, range?.high].filter((bound): bound is number => typeof bound === 'number');
  const all = [...values, ...bounds];
  if (all.length === 0) return { domain: [0, 1], ticks: [0, 1] };
  const lowest = Math.min(...all);
  const highest = Math.max(...all);
  const span = highest - lowest || Math.abs(highest) * 0.2 || 1;
  const step = niceStep(((highest - lowest || span) * (1 + 2 * PADDING)) / TICK_COUNT);
  let min = Math.floor((lowest - span * PADDING) / step) * step;
  // Results that cannot be negative (every one seen so far) do not get a negative axis.
  if (lowest >= 0 && min < 0) min = 0;
  const max = Math.ceil((highest + span * PADDING) / step) * step;
  const ticks: number[] = [];
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(Number(tick.toPrecision(12)));
  return { domain: [ticks[0] ?? min, ticks.at(-1) ?? max], ticks };
}

function niceStep(rough: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const normalised = rough / magnitude;
  const nice = [1, 2, 2.5, 5].find((candidate) => normalised <= candidate) ?? 10;
  return nice * magnitude;
}

/**
 * The normal side of the range on the axis: between the bounds of a two-sided range, from the axis's
 * bottom up to the high bound (FHIR `high` only: "<= 200"), or from the low bound up to the axis's top
 * (`low` only: ">= 40"). A range given only as text, or none, shades nothing.
 */
export function normalBandOf(range: LabReferenceRange | null, axis: TrendAxis): NormalBand | null {
  const [bottom, top] = axis.domain;
  const low = range?.low ?? null;
  const high = range?.high ?? null;
  if (low === null && high === null) return null;
  return { from: low ?? bottom, to: high ?? top };
}
