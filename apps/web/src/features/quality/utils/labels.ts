import type { QualityMeasure } from '@cairn/contracts';

/** The worklist's and archive's states in the user's words. */
export const GAP_STATUS_LABELS = {
  open: 'Open',
  closed: 'Closed',
  excluded: 'Excluded',
} as const;

export const GAP_STATUS_COLOURS = {
  open: 'red',
  closed: 'green',
  excluded: 'default',
} as const;

/** A measure as the filters offer it: its number, its title and how many open gaps it has. */
export function measureOptionLabel(measure: QualityMeasure): string {
  return `${measure.measureId} ${measure.measureTitle} (${measure.open.toLocaleString('en-US')} open)`;
}
