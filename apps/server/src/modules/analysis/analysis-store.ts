import { and, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, conditions, patientAnalyses, postVisitReviews, summaryUpdates } from '../../db/clinical-schema';
import { publishSuggestionsChanged } from '../realtime';
import type { ComputedAnalysis } from './analysis-compute';
import { type AnalysisDigest, describeAnalysisChange, digestOf } from './analysis-updates';

/** Rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

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
  const patientIds = sql.param(items.map((item) => item.patientId));
  const stored = await database.transaction(async (tx) => {
    // Only the parts a summary update compares (codes, measures), not the whole stored JSON.
    const previous = rowsOf<{ patient_id: string; digest: AnalysisDigest }>(
      await tx.execute(sql`
        select patient_id, jsonb_build_object(
          'suggestionCodes', (select coalesce(jsonb_agg(coalesce(s->>'code', '')), '[]') from jsonb_array_elements(suggestions) s),
          'careGaps', (select coalesce(jsonb_agg(jsonb_build_object('measureId', coalesce(g->>'measureId', ''),
            'title', coalesce(g->>'title', ''), 'status', coalesce(g->>'status', ''))), '[]') from jsonb_array_elements(care_gaps) g)
        ) as digest
        from ${patientAnalyses}
        where organisation_id = ${organisationId} and patient_id = any(${patientIds}::uuid[])
        for update`),
    );
    // The whole batch as one JSON parameter: one statement of two parameters, whatever the batch size.
    const batch = JSON.stringify(
      items.map(({ patientId, dataVersion, asOf, computed }) => ({
        patient_id: patientId,
        data_version: dataVersion,
        as_of: asOf,
        suggestions: computed.suggestions,
        care_gaps: computed.careGaps,
        risk_score: computed.riskScore,
        open_suggestions: computed.openSuggestions,
        hcc_count: computed.hccCount,
        open_care_gaps: computed.openCareGaps,
      })),
    );
    const written = rowsOf<{ patient_id: string }>(
      await tx.execute(sql`
        insert into ${patientAnalyses} (patient_id, organisation_id, data_version, as_of, suggestions, care_gaps,
          risk_score, open_suggestions, hcc_count, open_care_gaps)
        select patient_id, ${organisationId}, data_version, as_of, suggestions, care_gaps, risk_score,
          open_suggestions, hcc_count, open_care_gaps
        from jsonb_to_recordset(${batch}::text::jsonb) as item(patient_id uuid, data_version bigint, as_of date,
          suggestions jsonb, care_gaps jsonb, risk_score jsonb, open_suggestions int, hcc_count int, open_care_gaps int)
        on conflict (patient_id) do update set data_version = excluded.data_version, as_of = excluded.as_of,
          suggestions = excluded.suggestions, care_gaps = excluded.care_gaps, risk_score = excluded.risk_score,
          open_suggestions = excluded.open_suggestions, hcc_count = excluded.hcc_count,
          open_care_gaps = excluded.open_care_gaps, computed_at = now()
        where ${patientAnalyses}.data_version <= excluded.data_version
          and ${patientAnalyses}.organisation_id = excluded.organisation_id
        returning patient_id`),
    ).map((row) => ({ patientId: row.patient_id }));
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
  previous: readonly { patient_id: string; digest: AnalysisDigest }[],
  writtenIds: ReadonlySet<string>,
  today: string,
): Promise<string[]> {
  const before = new Map(previous.map((row) => [row.patient_id, row.digest]));
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
  const ids = sql.param([...patientIds]);
  await tx.execute(sql`
    insert into ${postVisitReviews} (appointment_id, organisation_id)
    select a.id, a.organisation_id from ${appointments} a
    where a.organisation_id = ${organisationId}
      and a.patient_id = any(${ids}::uuid[])
      and a.status = 'fulfilled' and a.encounter_id is not null
      and not exists (select 1 from ${postVisitReviews} r where r.appointment_id = a.id)
      and exists (
        select 1 from ${conditions} c
        -- The batch's patients named here too: the conditions_patient index then finds the visit's
        -- conditions, where a join on a.patient_id alone made the planner scan every condition.
        where c.patient_id = any(${ids}::uuid[]) and c.patient_id = a.patient_id
          and c.encounter_id = a.encounter_id and c.category = 'encounter-diagnosis'
      )
    on conflict (appointment_id) do nothing`);
}
