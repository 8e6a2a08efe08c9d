import type { CareGap } from '@cairn/clinical';
import { eq } from 'drizzle-orm';
import { patientAnalyses, patients } from '../../db/clinical-schema';
import type { Db } from '../../db/client';

/** Helpers of the Quality Insights tab's server tests. */

/** An open CMS165 gap as the engine stores it: hypertension, then a most recent reading of 152/94. */
export function openBloodPressureGap(overrides: Partial<CareGap> = {}): CareGap {
  return {
    measureId: 'CMS165',
    measureVersion: 'CMS165v14',
    title: 'Controlling High Blood Pressure',
    status: 'open',
    inverse: false,
    measurementPeriod: { start: '2026-01-01', end: '2026-12-31' },
    numeratorMet: false,
    dueDate: '2026-12-31',
    reason: 'In the measure; most recent blood pressure 152/94 mmHg on 2026-05-02 is not below 140/90.',
    evidence: [
      {
        role: 'numerator',
        resourceType: 'Observation',
        resourceId: 'obs-systolic',
        date: '2026-05-02',
        code: '8480-6',
        value: 152,
        unit: 'mm[Hg]',
        description: 'Systolic 152 mmHg',
      },
      {
        role: 'population',
        resourceType: 'Condition',
        resourceId: 'condition-hypertension',
        date: '2024-03-01',
        code: 'I10',
        description: 'Essential (primary) hypertension (I10)',
      },
    ],
    ...overrides,
  };
}

/** Stores the patient's analysis of their present data holding these care gaps (so the tab shows them). */
export async function storeCareGapAnalysis(
  db: Db,
  options: { organisationId: string; patientId: string; careGaps: CareGap[]; asOf?: string },
): Promise<void> {
  const [patient] = await db
    .select({ dataVersion: patients.dataVersion })
    .from(patients)
    .where(eq(patients.id, options.patientId));
  const dataVersion = patient?.dataVersion ?? 1;
  const asOf = options.asOf ?? '2026-06-15';
  const values = {
    organisationId: options.organisationId,
    dataVersion,
    asOf,
    // As the quality pass leaves them: evaluated from the patient's present data.
    qualityDataVersion: dataVersion,
    qualityAsOf: asOf,
    suggestions: [],
    careGaps: options.careGaps,
    riskScore: { model: 'v28', current: 0, potential: 0 },
    openSuggestions: 0,
    hccCount: 0,
    openCareGaps: options.careGaps.filter((gap) => gap.status === 'open').length,
  };
  await db
    .insert(patientAnalyses)
    .values({ patientId: options.patientId, ...values })
    .onConflictDoUpdate({ target: patientAnalyses.patientId, set: values });
}
