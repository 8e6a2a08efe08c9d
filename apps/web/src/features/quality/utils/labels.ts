import type { QualityMeasure } from '@cairn/contracts';

/** The worklist's and archive's states in the user's words. */
export const GAP_STATUS_LABELS = {
  open: 'Open',
  prospective: 'Prospective',
  closed: 'Closed',
  excluded: 'Excluded',
} as const;

export const GAP_STATUS_COLOURS = {
  open: 'red',
  prospective: 'gold',
  closed: 'green',
  excluded: 'default',
} as const;

/** A measure as the filters offer it: its number, its title and how many open gaps it has. */
export function measureOptionLabel(measure: QualityMeasure): string {
  const open = measure.open + measure.prospective;
  return `${measure.measureId} ${measure.measureTitle} (${open.toLocaleString('en-US')} open)`;
}
