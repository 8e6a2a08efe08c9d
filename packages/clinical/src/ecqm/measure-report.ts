/** Reading an individual MeasureReport back: each group's population counts by population code. */
import type { MeasureReport } from 'fhir/r4';

export interface ReportGroupCounts {
  /** The Measure's group id, when it has one. */
  groupId?: string;
  /** Count per population code (`initial-population`, `denominator`, ...): 0 or 1 for one patient. */
  populations: Record<string, number>;
}

/** The population counts of each group of `report`, in its order. */
export function reportPopulationCounts(report: MeasureReport): ReportGroupCounts[] {
  return (report.group ?? []).map((group) => ({
    ...(group.id ? { groupId: group.id } : {}),
    populations: Object.fromEntries(
      (group.population ?? []).map((population) => [population.code?.coding?.[0]?.code ?? '', population.count ?? 0]),
    ),
  }));
}
