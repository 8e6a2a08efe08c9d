import type { CareGapEvidence, CareGapItem, CareGapStatus } from '@cairn/contracts';

/** The status of a gap as its tag reads, with the tag's colour (spec §3 "Quality Insights"). */
export const STATUS_LABELS: Record<CareGapStatus, { label: string; color: string }> = {
  open: { label: 'Open', color: 'red' },
  closed: { label: 'Closed', color: 'green' },
  excluded: { label: 'Excluded', color: 'default' },
  'not-applicable': { label: 'Not applicable', color: 'default' },
};

/** What a piece of evidence did for the gap, as the list of why names it. */
export const EVIDENCE_ROLE_LABELS: Record<CareGapEvidence['role'], string> = {
  population: 'In the measure',
  exclusion: 'Excluded by',
  numerator: 'Result',
};

/** A gap can be marked as addressed at the visit while it can still close: while it is open. */
export function isMarkable(gap: Pick<CareGapItem, 'status'>): boolean {
  return gap.status === 'open';
}

/** How many gaps of each status, in the order the tab lists them, leaving out statuses with none. */
export function countByStatus(
  gaps: readonly Pick<CareGapItem, 'status'>[],
): { status: CareGapStatus; count: number }[] {
  const order = Object.keys(STATUS_LABELS) as CareGapStatus[];
  return order
    .map((status) => ({ status, count: gaps.filter((gap) => gap.status === status).length }))
    .filter((entry) => entry.count > 0);
}
