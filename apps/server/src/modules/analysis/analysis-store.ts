import { and, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, conditions, patientAnalyses, postVisitReviews, summaryUpdates } from '../../db/clinical-schema';
import { publishSuggestionsChanged } from '../realtime';
import type { ComputedAnalysis } from './analysis-compute';
import { describeAnalysisChange, digestOf } from './analysis-updates';

/** One computed analysis to store, with the data version its record was read at. */
export interface AnalysisToStore {
  patientId: string;
  dataVersion: number;
  asOf: string;
  computed: ComputedAnalysis;
}

/** Visits that no longer happen get no updates. */
const CLOSED_VISIT_STATUSES = ['cancelled', 'noshow', 'entered-in-error'];

/**
 * Stores the analyses of one organisation's patients in one transaction. An analysis never replaces
 * one computed from newer data (a slower worker that read older data loses); a stored analysis that
 * changed the suggestions or care gaps adds an update to each of the patient's visits from `today` on;
 * visits that are over and whose encounter diagnoses are back become ready for post-visit review.
 * Answers the ids of the patients whose analysis was stored.
 */
export async function storeAnalyses(
  database: Db,
  organisationId: string,
  items: readonly AnalysisToStore[],
  today: string,
): Promise<string[]> {
  if (items.length === 0) return [];
  const patientIds = items.map((item) => item.patientId);
  const stored = await database.transaction(async (tx) => {
    const previous = await tx
      .select({
        patientId: patientAnalyses.patientId,
        suggestions: patientAnalyses.suggestions,
        careGaps: patientAnalyses.careGaps,
      })
      .from(patientAnalyses)
      .where(and(eq(patientAnalyses.organisationId, organisationId), inArray(patientAnalyses.patientId, patientIds)))
      .for('update');
    const written = await tx
      .insert(patientAnalyses)
      .values(
        items.map(({ patientId, dataVersion, asOf, computed }) => ({
          patientId,
          organisationId,
          dataVersion,
          asOf,
          suggestions: computed.suggestions,
          careGaps: computed.careGaps,
          riskScore: { ...computed.riskScore },
          openSuggestions: computed.openSuggestions,
          hccCount: computed.hccCount,
          openCareGaps: computed.openCareGaps,
        })),
      )
      .onConflictDoUpdate({
        target: patientAnalyses.patientId,
        set: {
          dataVersion: sql`excluded.data_version`,
          asOf: sql`excluded.as_of`,
          suggestions: sql`excluded.suggestions`,
          careGaps: sql`excluded.care_gaps`,
          riskScore: sql`excluded.risk_score`,
          openSuggestions: sql`excluded.open_suggestions`,
          hccCount: sql`excluded.hcc_count`,
          openCareGaps: sql`excluded.open_care_gaps`,
          computedAt: sql`now()`,
        },
        setWhere: sql`${patientAnalyses.dataVersion} <= excluded.data_version and ${patientAnalyses.organisationId} = excluded.organisation_id`,
      })
      .returning({ patientId: patientAnalyses.patientId });
    const writtenIds = new Set(written.map((row) => row.patientId));
    const changedVisits = await addSummaryUpdates(tx, organisationId, items, previous, writtenIds, today);
    await markPostVisitReviewsReady(tx, organisationId, [...writtenIds]);
    return { patientIds: [...writtenIds], changedVisits };
  });
  // After the commit: browsers on those visits reload their suggestions (issue 7 "Real time").
  await publishSuggestionsChanged(database, organisationId, stored.changedVisits);
  return stored.patientIds;
}

async function addSummaryUpdates(
  tx: Db,
  organisationId: string,
  items: readonly AnalysisToStore[],
  previous: readonly { patientId: string; suggestions: unknown[]; careGaps: unknown[] }[],
  writtenIds: ReadonlySet<string>,
  today: string,
): Promise<string[]> {
  const before = new Map(previous.map((row) => [row.patientId, digestOf(row.suggestions, row.careGaps)]));
  const changes = new Map<string, ReturnType<typeof describeAnalysisChange>>();
  for (const item of items) {
    const old = before.get(item.patientId);
    // The first analysis builds the summary; only later ones change it.
    if (!old || !writtenIds.has(item.patientId)) continue;
    const messages = describeAnalysisChange(old, digestOf(item.computed.suggestions, item.computed.careGaps));
    if (messages.length > 0) changes.set(item.patientId, messages);
  }
  if (changes.size === 0) return [];
  const visits = await tx
    .select({ id: appointments.id, patientId: appointments.patientId })
    .from(appointments)
    .where(
      and(
        eq(appointments.organisationId, organisationId),
        inArray(appointments.patientId, [...changes.keys()]),
        gte(appointments.serviceDate, today),
        notInArray(appointments.status, CLOSED_VISIT_STATUSES),
      ),
    );
  const rows = visits.flatMap((visit) =>
    (changes.get(visit.patientId) ?? []).map(({ kind, message }) => ({
      organisationId,
      appointmentId: visit.id,
      kind,
      message,
    })),
  );
  if (rows.length > 0) await tx.insert(summaryUpdates).values(rows);
  const suggestionsChanged = (patientId: string) =>
    (changes.get(patientId) ?? []).some((change) => change.kind === 'suggestions-changed');
  return visits.filter((visit) => suggestionsChanged(visit.patientId)).map((visit) => visit.id);
}

/** Visits that are over (`fulfilled`) whose encounter has encounter diagnoses: ready for post-visit review. */
export async function markPostVisitReviewsReady(
  tx: Db,
  organisationId: string,
  patientIds: readonly string[],
): Promise<void> {
  if (patientIds.length === 0) return;
  await tx.execute(sql`
    insert into ${postVisitReviews} (appointment_id, organisation_id)
    select a.id, a.organisation_id from ${appointments} a
    where a.organisation_id = ${organisationId}
      and a.patient_id in (${sql.join(
        patientIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      and a.status = 'fulfilled' and a.encounter_id is not null
      and exists (
        select 1 from ${conditions} c
        -- patient_id first: the conditions_patient index finds the visit's conditions without a scan.
        where c.patient_id = a.patient_id and c.encounter_id = a.encounter_id and c.category = 'encounter-diagnosis'
      )
    on conflict (appointment_id) do nothing`);
}
