import { daysBetween } from '../dates';
import type { NormalisedObservation } from '../observations';

/**
 * Persistence, as KDIGO 2012 requires for chronic kidney disease ("abnormalities ... present for
 * > 3 months"), defined here as: the most recent result meets the criterion, an earlier result at
 * least `minimumDays` before it also does, and every result between them meets it too (one normal
 * result in between contradicts persistence). With `maximumDays`, that confirming result must also be
 * less than `maximumDays` before the latest: two abnormal results years apart say nothing of the
 * months between them. Returns the results of the shortest such span, oldest first, or undefined.
 */
export function findPersistentSpan(
  results: readonly NormalisedObservation[],
  meets: (observation: NormalisedObservation) => boolean,
  minimumDays: number,
  maximumDays = Number.POSITIVE_INFINITY,
): NormalisedObservation[] | undefined {
  const latest = results.at(-1);
  if (!latest || !meets(latest)) return undefined;
  for (let position = results.length - 2; position >= 0; position -= 1) {
    const earlier = results[position];
    if (!earlier || !meets(earlier)) return undefined;
    const days = daysBetween(earlier.date, latest.date);
    // The closest result at least minimumDays back confirms, or none does.
    if (days >= minimumDays) return days < maximumDays ? results.slice(position) : undefined;
  }
  return undefined;
}

/** The result with the highest value (first among equals); undefined for an empty list. */
export function highestValue(results: readonly NormalisedObservation[]): NormalisedObservation | undefined {
  let highest: NormalisedObservation | undefined;
  for (const result of results)
    if (result.value !== undefined && (highest?.value === undefined || result.value > highest.value)) highest = result;
  return highest;
}
