import type { RiskMeasures } from '@cairn/contracts';
import type { CountSums, SnapshotSums } from './risk-analytics.repository';

/** Percent to one decimal; null when there is nothing to divide by. */
export function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((1000 * part) / whole) / 10;
}

/**
 * The nearest-rank percentile of a histogram of whole days: the smallest number of days within which at
 * least `fraction` of the decisions were made (PostgreSQL's `percentile_disc`). Null when it is empty.
 */
export function percentileOf(
  histogram: readonly { days: number; decisions: number }[],
  fraction: number,
): number | null {
  const total = histogram.reduce((sum, bucket) => sum + bucket.decisions, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(fraction * total));
  let seen = 0;
  for (const bucket of [...histogram].sort((left, right) => left.days - right.days)) {
    seen += bucket.decisions;
    if (seen >= rank) return bucket.days;
  }
  return null;
}

const ZERO_COUNTS: Omit<CountSums, 'key'> = {
  recaptureDue: 0,
  recaptured: 0,
  decided: 0,
  accepted: 0,
  decidedByCoder: 0,
  acceptedByCoder: 0,
  decidedByProvider: 0,
  acceptedByProvider: 0,
  decidedBeforeVisit: 0,
  bothDecided: 0,
  agreed: 0,
  pushesWritten: 0,
  pushesFailed: 0,
  pushesPending: 0,
};

const rounded = (value: number): number => Math.round(value * 1000) / 1000;

/** The measures of one group from its counters, its days-to-decision histogram and its RAF snapshot (if any). */
export function measuresOf(
  counts: Omit<CountSums, 'key'> | undefined,
  days: readonly { days: number; decisions: number }[],
  snapshot: Omit<SnapshotSums, 'key'> | undefined,
): RiskMeasures {
  const c = counts ?? ZERO_COUNTS;
  const decisions = (decided: number, accepted: number) => ({ decided, accepted, rate: percent(accepted, decided) });
  const patients = snapshot?.patients ?? 0;
  const now = snapshot && patients > 0 ? rounded(snapshot.rafNowSum / patients) : null;
  const potential = snapshot && patients > 0 ? rounded(snapshot.rafPotentialSum / patients) : null;
  const pushes = c.pushesWritten + c.pushesFailed;
  return {
    recapture: { due: c.recaptureDue, recaptured: c.recaptured, rate: percent(c.recaptured, c.recaptureDue) },
    acceptance: {
      ...decisions(c.decided, c.accepted),
      byCoder: decisions(c.decidedByCoder, c.acceptedByCoder),
      byProvider: decisions(c.decidedByProvider, c.acceptedByProvider),
    },
    agreement: { bothDecided: c.bothDecided, agreed: c.agreed, rate: percent(c.agreed, c.bothDecided) },
    timeToDecision: {
      decisions: days.reduce((sum, bucket) => sum + bucket.decisions, 0),
      medianDays: percentileOf(days, 0.5),
      p90Days: percentileOf(days, 0.9),
      beforeVisit: c.decidedBeforeVisit,
    },
    raf: {
      patients,
      now,
      potential,
      gap: now !== null && potential !== null ? rounded(potential - now) : null,
    },
    openSuggestions: snapshot
      ? { count: snapshot.openSuggestions, undecided: snapshot.undecidedSuggestions, patients }
      : null,
    pushes: {
      written: c.pushesWritten,
      failed: c.pushesFailed,
      pending: c.pushesPending,
      failureRate: percent(c.pushesFailed, pushes),
    },
  };
}

/** Month rows: recapture made cumulative from January (the rate at each month's end), events per month. */
export function cumulativeRecapture(
  byMonth: ReadonlyMap<string, CountSums>,
  months: readonly string[],
): Map<string, Omit<CountSums, 'key'>> {
  const due = [...byMonth.values()].reduce((sum, row) => sum + row.recaptureDue, 0);
  let recaptured = 0;
  const out = new Map<string, Omit<CountSums, 'key'>>();
  for (const month of months) {
    const row = byMonth.get(month) ?? { ...ZERO_COUNTS, key: month };
    recaptured += row.recaptured;
    out.set(month, { ...row, recaptureDue: due, recaptured });
  }
  return out;
}
