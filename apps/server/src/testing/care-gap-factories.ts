import type { CareGap, CareGapEvidence } from '@cairn/clinical';
import { and, eq } from 'drizzle-orm';
import { qualityJobs } from '../db/clinical-schema';
import type { Db } from '../db/client';
import { storeAnalyses, storeQualityResults, type ComputedAnalysis } from '../modules/analysis';

/** Care gaps as the engine gives them, and stored as the analysis pipeline stores them, for server tests. */

/** A care gap of the engine's shape; open, due at the end of 2026, unless told otherwise. */
export function aCareGap(overrides: Partial<CareGap> = {}): CareGap {
  return {
    measureId: 'CMS130',
    measureVersion: 'CMS130v14',
    title: 'Colorectal Cancer Screening',
    status: 'open',
    inverse: false,
    measurementPeriod: { start: '2026-01-01', end: '2026-12-31' },
    numeratorMet: false,
    dueDate: '2026-12-31',
    reason: 'No colorectal cancer screening on record',
    evidence: [],
    ...overrides,
  };
}

/** The evidence that closes a gap (its numerator) or excludes a patient from it. */
export function anEvidence(overrides: Partial<CareGapEvidence> = {}): CareGapEvidence {
  return {
    role: 'numerator',
    resourceType: 'Procedure',
    resourceId: 'procedure-1',
    date: '2026-03-02',
    code: '45378',
    description: 'Colonoscopy (CPT 45378)',
    ...overrides,
  };
}

/**
 * Stores an analysis of the patient holding exactly these care gaps, through the analysis store and the
 * quality pass's store (so the Quality Workspace's table is written as in production), as if the quality
 * pass had evaluated them: the quality job the analysis store queued is done. Each call needs a higher
 * `dataVersion` than the last one stored for the patient, or it is ignored as older data.
 */
export async function storeCareGaps(
  db: Db,
  options: {
    organisationId: string;
    patientId: string;
    gaps: CareGap[];
    dataVersion?: number;
    asOf?: string;
    /** The current RAF: another one changes the analysis's content while its gaps stay. */
    currentRaf?: number;
  },
): Promise<void> {
  const asOf = options.asOf ?? '2026-06-01';
  const dataVersion = options.dataVersion ?? 1;
  const computed: ComputedAnalysis = {
    suggestions: [],
    riskScore: { model: 'v28', current: options.currentRaf ?? 0, potential: options.currentRaf ?? 0 },
    openSuggestions: 0,
    hccCount: 0,
  };
  await storeAnalyses(
    db,
    options.organisationId,
    [{ patientId: options.patientId, dataVersion, asOf, computed }],
    asOf,
  );
  const period = { start: `${asOf.slice(0, 4)}-01-01`, end: `${asOf.slice(0, 4)}-12-31` };
  await storeQualityResults(
    db,
    options.organisationId,
    [
      {
        patientId: options.patientId,
        dataVersion,
        asOf,
        period,
        digest: `test ${String(dataVersion)}`,
        computed: { careGaps: options.gaps, reports: [] },
      },
    ],
    asOf,
  );
  await db
    .update(qualityJobs)
    .set({ status: 'done' })
    .where(and(eq(qualityJobs.patientId, options.patientId), eq(qualityJobs.status, 'pending')));
}
