import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { FIT_RESULT_CODES } from './fit-result-codes';
import { readFitResult, reportedText, type ReportedValue } from './fit-result-reading';

/** A kit a result arrived for. */
export interface MatchedKit {
  kitId: string;
  patientId: string;
  observationId: string;
}

interface Candidate extends ReportedValue {
  kit_id: string;
  patient_id: string;
  mailed_on: string;
  observation_id: string;
  effective_date: string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Results the kits that a FOBT or FIT-DNA result now in the patients' records answers: a kit mailed
 * (returned, or marked lost) on or before the result's collection day, the latest such kit for each
 * result, each kit and each Observation used once. Called by every write of patient data (ingestion, in
 * its transaction), so a result arriving by the results import, an EHR sync or an HIE bundle results
 * its kit the same way. A result without a value (CMS130 counts only a test with a result) results none.
 */
export async function matchFitResults(
  db: Db,
  options: { organisationId: string; patientIds: readonly string[] },
): Promise<MatchedKit[]> {
  if (options.patientIds.length === 0) return [];
  const candidates = rowsOf<Candidate>(
    await db.execute(sql`
      select kit.id as kit_id, kit.patient_id, kit.mailed_on::text as mailed_on, result.id as observation_id,
        result.effective_date::text as effective_date, result.value, result.unit, result.value_code as "valueCode",
        result.value_text as "valueText", result.interpretation
      from fit_kits kit
      join observations result on result.patient_id = kit.patient_id and result.organisation_id = kit.organisation_id
        and result.loinc = any(${sql.param(Object.keys(FIT_RESULT_CODES))}::text[])
        and result.effective_date >= kit.mailed_on
        and (result.value is not null or result.value_code is not null or result.value_text is not null)
      where kit.organisation_id = ${options.organisationId}
        and kit.patient_id = any(${sql.param([...options.patientIds])}::uuid[])
        and kit.status in ('mailed', 'returned', 'lost')
        and not exists (select 1 from fit_kits used where used.observation_id = result.id)
      order by result.effective_date, result.id, kit.mailed_on desc`),
  );
  const matched: (MatchedKit & { candidate: Candidate })[] = [];
  const usedKits = new Set<string>();
  const usedResults = new Set<string>();
  for (const candidate of candidates) {
    if (usedKits.has(candidate.kit_id) || usedResults.has(candidate.observation_id)) continue;
    usedKits.add(candidate.kit_id);
    usedResults.add(candidate.observation_id);
    matched.push({
      kitId: candidate.kit_id,
      patientId: candidate.patient_id,
      observationId: candidate.observation_id,
      candidate,
    });
  }
  if (matched.length === 0) return [];
  const updates = matched.map(({ kitId, observationId, candidate }) => ({
    kit_id: kitId,
    observation_id: observationId,
    resulted_on: candidate.effective_date,
    result: readFitResult(candidate),
    result_text: reportedText(candidate),
  }));
  await db.execute(sql`
    update fit_kits set status = 'resulted', observation_id = item.observation_id, resulted_on = item.resulted_on,
      result = item.result, result_text = item.result_text, status_changed_at = now(), status_changed_by = null
    from jsonb_to_recordset(${JSON.stringify(updates)}::text::jsonb)
      as item(kit_id uuid, observation_id uuid, resulted_on date, result text, result_text text)
    where fit_kits.id = item.kit_id`);
  return matched.map(({ kitId, patientId, observationId }) => ({ kitId, patientId, observationId }));
}
