import { getHccModel, getIcdCatalog, type Suggestion, type SuggestionEvidence } from '@cairn/clinical';
import type { VisitEventInput } from '../realtime';
import { patientAnalyses, patients } from '../../db/clinical-schema';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { TestApp } from '../../testing/build-test-app';

/** Helpers of the diagnosis workflow's server tests. */

/** A suggestion as the clinical engine stores it, with its V28/V24 HCCs from the models. */
export function suggestionOf(
  code: string,
  options: Partial<Pick<Suggestion, 'category' | 'suspectKind' | 'explanationGroup'>> & {
    evidence?: Partial<SuggestionEvidence>[];
  } = {},
): Suggestion {
  const hccs = (model: 'v28' | 'v24') => {
    const hccModel = getHccModel(model);
    return hccModel.conditionCategories(code).filter((hcc) => hccModel.isPaymentHcc(hcc));
  };
  const category = options.category ?? 'Suspect';
  return {
    code,
    description: getIcdCatalog().get(code)?.longDescription ?? code,
    hcc: { v28: hccs('v28'), v24: hccs('v24') },
    category,
    suspectKind: category === 'Suspect' ? (options.suspectKind ?? 'meets-diagnostic-criteria') : undefined,
    explanationGroup: options.explanationGroup ?? (category === 'Recapture' ? 'readdress' : 'new-hcc'),
    evidence: (options.evidence ?? [{}]).map((item) => ({
      resourceType: 'Condition',
      resourceId: 'row-id',
      date: '2025-04-02',
      source: 'EHR',
      ruleId: 'test-rule',
      ruleSource: 'CMS-HCC V28',
      ...item,
    })),
    ruleIds: ['test-rule'],
  };
}

/** Stores the patient's analysis as computed from their present data (so pages show it). */
export async function storeAnalysis(
  db: Db,
  options: { organisationId: string; patientId: string; suggestions: Suggestion[]; asOf: string },
): Promise<void> {
  const [patient] = await db
    .select({ dataVersion: patients.dataVersion })
    .from(patients)
    .where(eq(patients.id, options.patientId));
  const values = {
    organisationId: options.organisationId,
    dataVersion: patient?.dataVersion ?? 1,
    asOf: options.asOf,
    suggestions: options.suggestions,
    careGaps: [],
    riskScore: { model: 'v28', current: 0, potential: 0 },
    openSuggestions: options.suggestions.length,
    hccCount: 0,
    openCareGaps: 0,
  };
  await db
    .insert(patientAnalyses)
    .values({ patientId: options.patientId, ...values })
    .onConflictDoUpdate({ target: patientAnalyses.patientId, set: values });
}

/** Records the visit events the app publishes, on top of its real publisher. */
export function recordVisitEvents(test: TestApp): VisitEventInput[] {
  const events: VisitEventInput[] = [];
  const realtime = test.app.realtime;
  const publish = realtime.publish.bind(realtime);
  realtime.publish = async (input) => {
    events.push(input);
    await publish(input);
  };
  return events;
}
