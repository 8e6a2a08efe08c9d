/**
 * The gap status of a measure for one patient, read from their individual MeasureReport, as the DEQM
 * care-gaps operation defines it (OperationDefinition care-gaps, parameter `status`): for a positive
 * proportion measure a gap is open when the patient is in the denominator and not in the numerator; for
 * an inverse one (CMS122, HbA1c poor control) when they are in the numerator. A patient outside the
 * denominator, excluded or excepted from it, has no gap either way.
 */
import type { MeasureReport } from 'fhir/r4';
import { measureFacts, type EcqmMeasureId } from '../ecqm/measure-catalog';
import { reportPopulationCounts, type ReportGroupCounts } from '../ecqm/measure-report';
import type { GapStatus } from './deqm-urls';

/** The group that decides the gap: the measure's care-gap group, else the first the patient is counted in. */
function decidingGroup(groups: readonly ReportGroupCounts[], measureId: EcqmMeasureId): ReportGroupCounts | undefined {
  const { careGapGroup } = measureFacts(measureId);
  if (careGapGroup !== 'any') return groups[careGapGroup];
  return groups.find((group) => isCounted(group));
}

function isCounted(group: ReportGroupCounts): boolean {
  const count = (code: string): number => group.populations[code] ?? 0;
  return count('denominator') > 0 && count('denominator-exclusion') === 0 && count('denominator-exception') === 0;
}

/** `open-gap` or `closed-gap`, or `undefined` when the measure holds no gap for the patient (see the module comment). */
export function gapStatusOf(report: MeasureReport, measureId: EcqmMeasureId): GapStatus | undefined {
  const group = decidingGroup(reportPopulationCounts(report), measureId);
  if (!group || !isCounted(group)) return undefined;
  const isInNumerator = (group.populations.numerator ?? 0) > 0 && (group.populations['numerator-exclusion'] ?? 0) === 0;
  const isMet = measureFacts(measureId).inverse ? !isInNumerator : isInNumerator;
  return isMet ? 'closed-gap' : 'open-gap';
}
