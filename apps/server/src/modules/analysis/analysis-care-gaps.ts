import type { CareGap } from '@cairn/clinical';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  careGaps,
  patients,
  type CareGapExclusionKind,
  type CareGapState,
  type StoredClosingEvidence,
} from '../../db/clinical-schema';

/** One `care_gaps` row as the store sends it (snake_case: the keys of `jsonb_to_recordset`). */
export interface CareGapRow {
  patient_id: string;
  measure_id: string;
  measure_version: string;
  title: string;
  status: CareGapState;
  due_date: string | null;
  period_start: string;
  period_end: string;
  reason: string;
  closing_evidence: StoredClosingEvidence[];
  exclusion_kind: CareGapExclusionKind | null;
  as_of: string;
}

/** A denominator exclusion, and a denominator exception (the CQL engine's `excepted`), count as excluded. */
const EXCLUDING_REASONS: ReadonlySet<string> = new Set(['excluded', 'excepted']);

/**
 * The Quality Workspace's state of a gap: open, prospective and closed as the engine says; a measure
 * the patient is excluded (or excepted) from is `excluded`, as the Quality Insights tab shows it; one
 * that does not apply otherwise (age, sex, diagnosis, not in the population) is no gap at all.
 */
export function careGapStateOf(gap: Pick<CareGap, 'status' | 'notApplicableReason'>): CareGapState | undefined {
  if (gap.status !== 'not-applicable') return gap.status;
  return gap.notApplicableReason && EXCLUDING_REASONS.has(gap.notApplicableReason) ? 'excluded' : undefined;
}

/** An excluded gap's kind: the CQL engine's `excepted` is a denominator exception, any other exclusion an exclusion. */
function exclusionKindOf(gap: CareGap, state: CareGapState): CareGapExclusionKind | null {
  if (state !== 'excluded') return null;
  return gap.notApplicableReason === 'excepted' ? 'exception' : 'exclusion';
}

/** What closed a closed gap (its numerator evidence) or excluded an excluded one (its exclusion evidence). */
function closingEvidenceOf(gap: CareGap, state: CareGapState): StoredClosingEvidence[] {
  const role = state === 'closed' ? 'numerator' : state === 'excluded' ? 'exclusion' : undefined;
  if (!role) return [];
  return gap.evidence
    .filter((evidence) => evidence.role === role)
    .map(({ resourceType, resourceId, date, code, description }) => ({
      resourceType,
      resourceId,
      date,
      ...(code === undefined ? {} : { code }),
      description,
    }));
}

/** The rows of one patient's care gaps (the engine's `CareGap`, whatever measures it evaluates). */
export function careGapRowsOf(patientId: string, asOf: string, gaps: readonly CareGap[]): CareGapRow[] {
  return gaps.flatMap((gap): CareGapRow[] => {
    const status = careGapStateOf(gap);
    if (!status) return [];
    return [
      {
        patient_id: patientId,
        measure_id: gap.measureId,
        measure_version: gap.measureVersion,
        title: gap.title,
        status,
        due_date: gap.dueDate ?? null,
        period_start: gap.measurementPeriod.start,
        period_end: gap.measurementPeriod.end,
        reason: gap.reason,
        closing_evidence: closingEvidenceOf(gap, status),
        exclusion_kind: exclusionKindOf(gap, status),
        as_of: asOf,
      },
    ];
  });
}

/**
 * Replaces the `care_gaps` rows of the given patients with their new analyses' gaps, in one statement
 * whatever the batch's size (the rows as one JSON parameter): a measure no longer a gap of the patient
 * loses its row, the others are upserted (a row left as it was is not rewritten). `closed_at`
 * (`excluded_at`) is set when a gap becomes closed (excluded) and kept while it stays so;
 * `first_seen_at` stays from the first analysis that showed it; `as_of` is the analysis that last changed it;
 * the patient's primary provider is copied (and followed by a trigger on `patients`, migration 0020).
 */
export async function writeCareGaps(
  tx: Db,
  organisationId: string,
  analyses: readonly { patientId: string; asOf: string; careGaps: readonly CareGap[] }[],
): Promise<void> {
  if (analyses.length === 0) return;
  const rows = analyses.flatMap((analysis) => careGapRowsOf(analysis.patientId, analysis.asOf, analysis.careGaps));
  await tx.execute(sql`
    with incoming as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as row(patient_id uuid, measure_id text,
        measure_version text, title text, status text, due_date date, period_start date, period_end date, reason text,
        closing_evidence jsonb, exclusion_kind text, as_of date)
    ), removed as (
      delete from ${careGaps} gap
      where gap.organisation_id = ${organisationId}
        and gap.patient_id = any(${sql.param(analyses.map((analysis) => analysis.patientId))}::uuid[])
        and not exists (select 1 from incoming where incoming.patient_id = gap.patient_id
          and incoming.measure_id = gap.measure_id)
    )
    insert into ${careGaps} as gap (organisation_id, patient_id, primary_provider_id, measure_id, measure_version,
      title, status, due_date, period_start, period_end, reason, closing_evidence, exclusion_kind, closed_at, excluded_at,
      as_of)
    select ${organisationId}, incoming.patient_id, patient.primary_provider_id, measure_id, measure_version, title,
      status, due_date, period_start, period_end, reason, closing_evidence, exclusion_kind,
      case when status = 'closed' then now() end, case when status = 'excluded' then now() end, as_of
    from incoming join ${patients} patient on patient.id = incoming.patient_id
    on conflict (patient_id, measure_id) do update set primary_provider_id = excluded.primary_provider_id,
      measure_version = excluded.measure_version,
      title = excluded.title, status = excluded.status, due_date = excluded.due_date,
      period_start = excluded.period_start, period_end = excluded.period_end, reason = excluded.reason,
      closing_evidence = excluded.closing_evidence, exclusion_kind = excluded.exclusion_kind, as_of = excluded.as_of,
      updated_at = now(),
      closed_at = case when excluded.status <> 'closed' then null
        when gap.status = 'closed' then gap.closed_at else excluded.closed_at end,
      excluded_at = case when excluded.status <> 'excluded' then null
        when gap.status = 'excluded' then gap.excluded_at else excluded.excluded_at end
    where gap.organisation_id = excluded.organisation_id
      -- A gap the new analysis left as it was is not written again (most changes are in the suggestions).
      and (gap.primary_provider_id, gap.measure_version, gap.title, gap.status, gap.due_date, gap.period_start,
        gap.period_end, gap.reason, gap.closing_evidence, gap.exclusion_kind) is distinct from (excluded.primary_provider_id,
        excluded.measure_version, excluded.title, excluded.status, excluded.due_date, excluded.period_start,
        excluded.period_end, excluded.reason, excluded.closing_evidence, excluded.exclusion_kind)`);
}
