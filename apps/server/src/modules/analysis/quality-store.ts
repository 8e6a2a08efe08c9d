import { and, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, measureReports, patientAnalyses, summaryUpdates } from '../../db/clinical-schema';
import { publishCareGapsChanged } from '../realtime';
import { writeCareGaps } from './analysis-care-gaps';
import { CLOSED_VISIT_STATUSES } from './analysis-store';
import { describeAnalysisChange, digestOf, type AnalysisDigest } from './analysis-updates';
import type { ComputedQuality } from './quality-compute';

/** Rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** One patient's quality evaluation to store, with the data version and day its record was read at. */
export interface QualityToStore {
  patientId: string;
  dataVersion: number;
  asOf: string;
  /** The input's digest (`qualityInputOf`). */
  digest: string;
  period: { start: string; end: string };
  /** The results; absent when the digest equals the stored one and nothing was evaluated. */
  computed?: ComputedQuality;
}

/**
 * Stores the quality evaluations of one organisation's patients in one transaction, each only over an
 * evaluation of older data (a slower worker that read older data loses): the care gaps and their open
 * count on `patient_analyses` with the version, day and digest evaluated; the `care_gaps` rows of the
 * Quality Workspace; the measure reports of the period (a measure the patient left has its report of
 * that period removed; other periods' stay). An evaluation skipped for an unchanged digest moves only the
 * version and day. Gaps that opened or closed add an update to each of the patient's visits from `today`
 * on and, after the commit, a `care-gaps.changed` event to those visits. Answers the patients stored.
 */
export async function storeQualityResults(
  db: Db,
  organisationId: string,
  items: readonly QualityToStore[],
  today: string,
): Promise<string[]> {
  if (items.length === 0) return [];
  const stored = await db.transaction(async (tx) => {
    const previous = await previousGaps(tx, organisationId, items);
    const skipped = await markEvaluated(
      tx,
      organisationId,
      items.filter((item) => !item.computed),
    );
    const evaluated = items.filter((item) => item.computed);
    const written = new Set(await writeEvaluations(tx, organisationId, evaluated));
    const writtenItems = evaluated.filter((item) => written.has(item.patientId));
    await writeCareGaps(
      tx,
      organisationId,
      writtenItems.map((item) => ({
        patientId: item.patientId,
        asOf: item.asOf,
        careGaps: item.computed?.careGaps ?? [],
      })),
    );
    await writeMeasureReports(tx, organisationId, writtenItems);
    const changedVisits = await addGapUpdates(tx, { organisationId, items: writtenItems, previous, today });
    return { patientIds: [...skipped, ...written], changedVisits };
  });
  await publishCareGapsChanged(db, organisationId, stored.changedVisits);
  return stored.patientIds;
}

/** The stored gaps' measures and statuses, for the summary's "Care gap closed" updates; locks the rows. */
async function previousGaps(
  tx: Db,
  organisationId: string,
  items: readonly QualityToStore[],
): Promise<Map<string, AnalysisDigest>> {
  const rows = rowsOf<{ patient_id: string; care_gaps: unknown[]; evaluated: boolean }>(
    await tx.execute(sql`
      select patient_id, quality_data_version is not null as evaluated,
        (select coalesce(jsonb_agg(jsonb_build_object('measureId', g->>'measureId', 'title', g->>'title',
          'status', g->>'status')), '[]') from jsonb_array_elements(care_gaps) g) as care_gaps
      from ${patientAnalyses}
      where organisation_id = ${organisationId} and patient_id = any(${sql.param(items.map((item) => item.patientId))}::uuid[])
      for update`),
  );
  // The first evaluation builds the summary's gaps; only later ones change them.
  return new Map(rows.filter((row) => row.evaluated).map((row) => [row.patient_id, digestOf([], row.care_gaps)]));
}

/** Guards every write: never over an evaluation of newer data. */
const NOT_NEWER = sql`coalesce(${patientAnalyses.qualityDataVersion}, -1) <= incoming.data_version`;

/** Evaluations skipped for an unchanged input: their version and day move on, nothing else. */
async function markEvaluated(tx: Db, organisationId: string, items: readonly QualityToStore[]): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = rowsOf<{ patient_id: string }>(
    await tx.execute(sql`
      update ${patientAnalyses} set quality_data_version = incoming.data_version, quality_as_of = incoming.as_of,
        quality_computed_at = now()
      from unnest(${sql.param(items.map((item) => item.patientId))}::uuid[],
        ${sql.param(items.map((item) => item.dataVersion))}::bigint[],
        ${sql.param(items.map((item) => item.asOf))}::date[]) as incoming(patient_id, data_version, as_of)
      where ${patientAnalyses}.patient_id = incoming.patient_id and ${patientAnalyses}.organisation_id = ${organisationId}
        and ${NOT_NEWER}
      returning ${patientAnalyses}.patient_id`),
  );
  return rows.map((row) => row.patient_id);
}

/** New evaluations: gaps, open count, version, day and digest, the batch as one JSON parameter. */
async function writeEvaluations(tx: Db, organisationId: string, items: readonly QualityToStore[]): Promise<string[]> {
  if (items.length === 0) return [];
  const batch = items.map((item) => ({
    patient_id: item.patientId,
    data_version: item.dataVersion,
    as_of: item.asOf,
    digest: item.digest,
    care_gaps: item.computed?.careGaps ?? [],
    open_care_gaps: (item.computed?.careGaps ?? []).filter((gap) => gap.status === 'open').length,
  }));
  const rows = rowsOf<{ patient_id: string }>(
    await tx.execute(sql`
      update ${patientAnalyses} set care_gaps = incoming.care_gaps, open_care_gaps = incoming.open_care_gaps,
        quality_data_version = incoming.data_version, quality_as_of = incoming.as_of,
        quality_digest = incoming.digest, quality_computed_at = now()
      from jsonb_to_recordset(${JSON.stringify(batch)}::text::jsonb) as incoming(patient_id uuid, data_version bigint,
        as_of date, digest text, care_gaps jsonb, open_care_gaps int)
      where ${patientAnalyses}.patient_id = incoming.patient_id and ${patientAnalyses}.organisation_id = ${organisationId}
        and ${NOT_NEWER}
      returning ${patientAnalyses}.patient_id`),
  );
  return rows.map((row) => row.patient_id);
}

/**
 * The period's reports of these patients: upserted, and a measure no longer reported (the patient left
 * its initial population) loses its report of that period. A report whose content is unchanged but
 * for its random id is left as it is.
 */
async function writeMeasureReports(tx: Db, organisationId: string, items: readonly QualityToStore[]): Promise<void> {
  if (items.length === 0) return;
  const rows = items.flatMap((item) =>
    (item.computed?.reports ?? []).map((report) => ({
      patient_id: item.patientId,
      measure_id: report.measureId,
      measure_url: report.measureUrl,
      measure_version: report.measureVersion,
      period_start: item.period.start,
      period_end: item.period.end,
      report: report.report,
      evaluated_resources: report.evaluatedResources,
      input_digest: item.digest,
    })),
  );
  await tx.execute(sql`
    with incoming as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as row(patient_id uuid, measure_id text,
        measure_url text, measure_version text, period_start date, period_end date, report jsonb,
        evaluated_resources jsonb, input_digest text)
    ), evaluated as (
      select * from unnest(${sql.param(items.map((item) => item.patientId))}::uuid[],
        ${sql.param(items.map((item) => item.period.start))}::date[]) as evaluated(patient_id, period_start)
    ), removed as (
      delete from ${measureReports} report using evaluated
      where report.organisation_id = ${organisationId} and report.patient_id = evaluated.patient_id
        and report.period_start = evaluated.period_start
        and not exists (select 1 from incoming where incoming.patient_id = report.patient_id
          and incoming.measure_id = report.measure_id and incoming.period_start = report.period_start)
    )
    insert into ${measureReports} as stored (organisation_id, patient_id, measure_id, measure_url, measure_version,
      period_start, period_end, report, evaluated_resources, input_digest)
    select ${organisationId}, patient_id, measure_id, measure_url, measure_version, period_start, period_end, report,
      evaluated_resources, input_digest
    from incoming
    on conflict (patient_id, measure_id, period_start) do update set measure_url = excluded.measure_url,
      measure_version = excluded.measure_version, period_end = excluded.period_end, report = excluded.report,
      evaluated_resources = excluded.evaluated_resources, input_digest = excluded.input_digest, computed_at = now()
    where stored.organisation_id = excluded.organisation_id`);
}

/**
 * "Care gap closed: <measure>" (or opened) on each of the patient's visits from `today` on, for the gaps
 * an evaluation changed; answers those visits.
 */
async function addGapUpdates(
  tx: Db,
  options: {
    organisationId: string;
    items: readonly QualityToStore[];
    previous: Map<string, AnalysisDigest>;
    today: string;
  },
): Promise<string[]> {
  const changes = new Map<string, ReturnType<typeof describeAnalysisChange>>();
  for (const item of options.items) {
    const before = options.previous.get(item.patientId);
    if (!before) continue;
    const messages = describeAnalysisChange(before, digestOf([], item.computed?.careGaps ?? []));
    if (messages.length > 0) changes.set(item.patientId, messages);
  }
  if (changes.size === 0) return [];
  const visits = await tx
    .select({ id: appointments.id, patientId: appointments.patientId })
    .from(appointments)
    .where(
      and(
        eq(appointments.organisationId, options.organisationId),
        inArray(appointments.patientId, [...changes.keys()]),
        gte(appointments.serviceDate, options.today),
        notInArray(appointments.status, CLOSED_VISIT_STATUSES),
      ),
    );
  const rows = visits.flatMap((visit) =>
    (changes.get(visit.patientId) ?? []).map(({ kind, message }) => ({
      organisationId: options.organisationId,
      appointmentId: visit.id,
      kind,
      message,
    })),
  );
  if (rows.length > 0) await tx.insert(summaryUpdates).values(rows);
  return visits.map((visit) => visit.id);
}
