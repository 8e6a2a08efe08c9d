import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { patientAnalyses, patients } from '../../db/clinical-schema';

/** The risk score stored with an analysis (CMS-HCC V28 RAF). */
export interface StoredRiskScore {
  model: 'v28';
  /** RAF of the diagnoses documented this year. */
  current: number;
  /** RAF if the open suggestions were documented too. */
  potential: number;
}

/** The schedule's and banner's view of an analysis that matches the patient's current data. */
export interface AnalysisCounts {
  openSuggestions: number;
  hccCount: number;
  openCareGaps: number;
  riskScore: StoredRiskScore;
  asOf: string;
  computedAt: Date;
}

/**
 * The join condition of a patient (a query that reads `patients`) to their analysis, met only when the
 * analysis was computed from the patient's present data version. Every page that shows analysis results
 * joins through it, so nothing computed from older data is shown beside newer data.
 */
export const currentAnalysisJoin: SQL = and(
  eq(patientAnalyses.patientId, patients.id),
  eq(patientAnalyses.dataVersion, patients.dataVersion),
) as SQL;

/**
 * Counts of each patient's current analysis. A patient whose data changed since their last analysis
 * (data versions differ) or who was never analysed is absent from the map: the analysis is pending,
 * and nothing computed from older data is shown beside newer data.
 */
export async function currentAnalysisCounts(
  db: Db,
  organisationId: string,
  patientIds: readonly string[],
): Promise<Map<string, AnalysisCounts>> {
  if (patientIds.length === 0) return new Map();
  const rows = await db
    .select({
      patientId: patientAnalyses.patientId,
      openSuggestions: patientAnalyses.openSuggestions,
      hccCount: patientAnalyses.hccCount,
      openCareGaps: patientAnalyses.openCareGaps,
      riskScore: patientAnalyses.riskScore,
      asOf: patientAnalyses.asOf,
      computedAt: patientAnalyses.computedAt,
    })
    .from(patientAnalyses)
    .innerJoin(patients, currentAnalysisJoin)
    .where(
      and(eq(patientAnalyses.organisationId, organisationId), inArray(patientAnalyses.patientId, [...patientIds])),
    );
  return new Map(
    rows.map(({ patientId, riskScore, ...counts }) => [
      patientId,
      { ...counts, riskScore: riskScore as unknown as StoredRiskScore },
    ]),
  );
}
