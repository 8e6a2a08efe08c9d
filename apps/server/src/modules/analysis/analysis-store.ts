import { createHash } from 'node:crypto';
import { and, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  appointments,
  conditions,
  patientAnalyses,
  postVisitReviews,
  qualityJobs,
  summaryUpdates,
} from '../../db/clinical-schema';
import { markPopulationChanged } from '../population';
import { publishSuggestionsChanged } from '../realtime';
import type { ComputedAnalysis } from './analysis-compute';
import { ANALYSIS_CHANNEL } from './analysis-queue';
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
export const CLOSED_VISIT_STATUSES = ['cancelled', 'noshow', 'entered-in-error'];

/**
 * Stores the analyses of one organisation's patients in one transaction. An analysis never replaces
 * one computed from newer data (a slower worker that read older data loses); a stored analysis that
 * changed the suggestions adds an update to each of the patient's visits from `today` on; visits that
 * are over and whose encounter diagnoses are back become ready for post-visit review. A patient whose
 * stored analysis is now of data (or a day) their care gaps were not evaluated at gets a quality job
 * (`quality_jobs`). Answers the ids of the patients whose analysis was stored.
 */
export async function storeAnalyses(
  database: Db,
  organisationId: string,
  items: readonly AnalysisToStore[],
  today: string,
): Promise<string[]> {
  if (items.length === 0) return [];
  // Each analysis as its JSON and a digest of its content: a re-analysis that computes what is stored
  // (a rule update leaves most patients as they were) writes only its data version and date.
  const serialised = items.map((item): SerialisedAnalysis => {
    const json = {
      suggestions: JSON.stringify(item.computed.suggestions),
      riskScore: JSON.stringify(item.computed.riskScore),
    };
    const hash = createHash('sha256').update(`${json.suggestions}\n${json.riskScore}`);
    return { item, json, hash: hash.digest('base64') };
  });
  const patientIds = sql.param(items.map((item) => item.patientId));
  const stored = await database.transaction(async (tx) => {
    // Which stored analyses have the same content; of the others, only the part a summary update
    // compares (the suggested codes), not the whole stored JSON.
    const previous = rowsOf<{ patient_id: string; is_same: boolean; digest: AnalysisDigest | null }>(
      await tx.execute(sql`
        select patient_id, content_hash is not distinct from incoming.hash as is_same,
          case when content_hash is distinct from incoming.hash then jsonb_build_object(
            'suggestionCodes', (select coalesce(jsonb_agg(coalesce(s->>'code', '')), '[]') from jsonb_array_elements(suggestions) s),
            'careGaps', '[]'::jsonb
          ) end as digest
        from ${patientAnalyses}
        join unnest(${patientIds}::uuid[], ${sql.param(serialised.map(({ hash }) => hash))}::text[]) as incoming(id, hash)
          on incoming.id = ${patientAnalyses}.patient_id
        where organisation_id = ${organisationId}
        for update of ${patientAnalyses}`),
    );
    const same = new Set(previous.filter((row) => row.is_same).map((row) => row.patient_id));
    const unchanged = items.filter((item) => same.has(item.patientId));
    const changed = serialised.filter(({ item }) => !same.has(item.patientId));
    const touched = await touchAnalyses(tx, organisationId, unchanged);
    const upserted = new Set(await upsertAnalyses(tx, organisationId, changed));
    const written = [...touched, ...upserted];
    const writtenIds = new Set(written);
    await queueQualityJobs(tx, organisationId, written);
    if (written.length > 0) await markPopulationChanged(tx, organisationId);
    const changedVisits = await addSummaryUpdates(
      tx,
      organisationId,
      changed.map(({ item }) => item),
      previous.flatMap(({ patient_id, digest }) => (digest ? [{ patient_id, digest }] : [])),
      writtenIds,
      today,
    );
    await markPostVisitReviewsReady(tx, organisationId, [...writtenIds]);
    return { patientIds: [...writtenIds], changedVisits };
  });
  // After the commit: browsers on those visits reload their suggestions (issue 7 "Real time").
  await publishSuggestionsChanged(database, organisationId, stored.changedVisits);
  return stored.patientIds;
}

/**
 * The quality pass follows the suggestion pass: a patient whose stored analysis is of a data version or a
 * day their care gaps were not evaluated at gets a quality job (one statement; a re-analysis of the same
 * data on the same day, as after a rule update, queues none). The workers are woken on the analysis
 * channel, which they listen on for both queues.
 */
async function queueQualityJobs(tx: Db, organisationId: string, patientIds: readonly string[]): Promise<void> {
  if (patientIds.length === 0) return;
  const queued = rowsOf<{ patient_id: string }>(
    await tx.execute(sql`
      insert into ${qualityJobs} (organisation_id, patient_id)
      select organisation_id, patient_id from ${patientAnalyses}
      where organisation_id = ${organisationId} and patient_id = any(${sql.param([...patientIds])}::uuid[])
        and (quality_data_version is distinct from data_version or quality_as_of is distinct from as_of)
      on conflict (patient_id) where status = 'pending' do nothing
      returning patient_id`),
  );
  if (queued.length > 0) await tx.execute(sql`select pg_notify(${ANALYSIS_CHANNEL}, ${organisationId})`);
}

/** The analyses whose content is stored already: their data version and date move on, nothing else. */
async function touchAnalyses(tx: Db, organisationId: string, items: readonly AnalysisToStore[]): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = rowsOf<{ patient_id: string }>(
    await tx.execute(sql`
      update ${patientAnalyses} set data_version = incoming.data_version, as_of = incoming.as_of, computed_at = now()
      from unnest(${sql.param(items.map((item) => item.patientId))}::uuid[],
        ${sql.param(items.map((item) => item.dataVersion))}::bigint[],
        ${sql.param(items.map((item) => item.asOf))}::date[]) as incoming(patient_id, data_version, as_of)
      where ${patientAnalyses}.patient_id = incoming.patient_id and ${patientAnalyses}.organisation_id = ${organisationId}
        and ${patientAnalyses}.data_version <= incoming.data_version
      returning ${patientAnalyses}.patient_id`),
  );
  return rows.map((row) => row.patient_id);
}

/** An analysis to store with its parts as JSON and the digest of their content. */
interface SerialisedAnalysis {
  item: AnalysisToStore;
  json: { suggestions: string; riskScore: string };
  hash: string;
}

/**
 * New or changed analyses: the whole batch as one JSON parameter (one statement whatever its size),
 * joined from the parts already serialised for their digest. The care gaps and their count are the
 * quality pass's: a new row starts with none, an update leaves them.
 */
async function upsertAnalyses(tx: Db, organisationId: string, items: readonly SerialisedAnalysis[]): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = items.map(({ item, json, hash }) => {
    const scalars = JSON.stringify({
      patient_id: item.patientId,
      data_version: item.dataVersion,
      as_of: item.asOf,
      open_suggestions: item.computed.openSuggestions,
      hcc_count: item.computed.hccCount,
      content_hash: hash,
    });
    return `${scalars.slice(0, -1)},"suggestions":${json.suggestions},"risk_score":${json.riskScore}}`;
  });
  const batch = `[${rows.join(',')}]`;
  const written = rowsOf<{ patient_id: string }>(
    await tx.execute(sql`
      insert into ${patientAnalyses} (patient_id, organisation_id, data_version, as_of, suggestions, care_gaps,
        risk_score, open_suggestions, hcc_count, open_care_gaps, content_hash)
      select patient_id, ${organisationId}, data_version, as_of, suggestions, '[]'::jsonb, risk_score,
        open_suggestions, hcc_count, 0, content_hash
      from jsonb_to_recordset(${batch}::text::jsonb) as item(patient_id uuid, data_version bigint, as_of date,
        suggestions jsonb, risk_score jsonb, open_suggestions int, hcc_count int, content_hash text)
      on conflict (patient_id) do update set data_version = excluded.data_version, as_of = excluded.as_of,
        suggestions = excluded.suggestions, risk_score = excluded.risk_score,
        open_suggestions = excluded.open_suggestions, hcc_count = excluded.hcc_count,
        content_hash = excluded.content_hash, computed_at = now()
      where ${patientAnalyses}.data_version <= excluded.data_version
        and ${patientAnalyses}.organisation_id = excluded.organisation_id
      returning patient_id`),
  );
  return written.map((row) => row.patient_id);
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
    const messages = describeAnalysisChange(old, digestOf(item.computed.suggestions, []));
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
