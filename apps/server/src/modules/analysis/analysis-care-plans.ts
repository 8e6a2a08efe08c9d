import type { CarePlanRecord, CodedReason, SourceType } from '@cairn/clinical';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carePlans, type StoredConcept, type StoredReason } from '../../db/clinical-schema';

/** Coded reasons and care plans as the clinical engine reads them (`analysis-record.ts` loads the rest). */

const STATUSES = ['draft', 'active', 'on-hold', 'revoked', 'completed', 'entered-in-error', 'unknown'] as const;

/** A stored reason as the engine's `CodedReason`: codings without a system or code are left out. */
export function codedReasonRecord(reason: StoredReason): CodedReason {
  const codings = reason.codings.flatMap((coding) =>
    coding.system && coding.code ? [{ system: coding.system, code: coding.code, display: coding.display }] : [],
  );
  return { display: reason.display, ...(reason.icdCode ? { icdCode: reason.icdCode } : {}), codings };
}

/** A concept's words: its text and the displays of its codings, each once. */
function wordsOf(concept: StoredConcept): string[] {
  const words = [concept.text, ...concept.codings.map((coding) => coding.display)];
  return [...new Set(words.filter((word): word is string => typeof word === 'string' && word.trim() !== ''))];
}

export interface CarePlanRow {
  id: string;
  patientId: string;
  status: string;
  intent: string;
  title: string | null;
  description: string | null;
  categories: StoredConcept[];
  periodStart: string | null;
  periodEnd: string | null;
  createdDate: string | null;
  updatedDate: string;
  activities: (typeof carePlans.$inferSelect)['activities'];
  /** The condition rows its `addresses` resolve to (same organisation, source and patient). */
  addressedConditionIds: string[];
  source: string;
}

export function carePlanRecord(row: CarePlanRow): CarePlanRecord {
  const status = STATUSES.find((value) => value === row.status) ?? 'unknown';
  return {
    id: row.id,
    status,
    intent: row.intent,
    date: row.periodStart ?? row.createdDate ?? row.updatedDate,
    ...(row.periodEnd ? { endDate: row.periodEnd } : {}),
    ...(row.title ? { title: row.title } : {}),
    ...(row.description ? { description: row.description } : {}),
    categories: [...new Set(row.categories.flatMap(wordsOf))],
    addressedConditionIds: row.addressedConditionIds,
    activities: row.activities.map((activity) => {
      const display = activity.code ? wordsOf(activity.code)[0] : undefined;
      return {
        ...(display === undefined ? {} : { display }),
        ...(activity.status ? { status: activity.status } : {}),
        reasons: activity.reasons.map(codedReasonRecord),
      };
    }),
    source: (row.source === 'HIE' ? 'HIE' : 'EHR') satisfies SourceType,
  };
}

/**
 * The care plans of a batch of patients (`where` scopes them to the organisation and the patients),
 * each with the condition rows its `addresses` point at: a Condition of the same organisation, source
 * and patient, whichever import brought it. Dates come as `YYYY-MM-DD`.
 */
export async function loadCarePlanRows(db: Db, where: SQL): Promise<CarePlanRow[]> {
  return db
    .select({
      id: carePlans.id,
      patientId: carePlans.patientId,
      status: carePlans.status,
      intent: carePlans.intent,
      title: carePlans.title,
      description: carePlans.description,
      categories: carePlans.categories,
      periodStart: carePlans.periodStart,
      periodEnd: carePlans.periodEnd,
      createdDate: carePlans.createdDate,
      updatedDate: sql<string>`to_char(${carePlans.updatedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      activities: carePlans.activities,
      addressedConditionIds: sql<string[]>`coalesce((
        select array_agg(addressed.id::text) from conditions addressed
        where addressed.organisation_id = ${carePlans.organisationId} and addressed.source = ${carePlans.source}
          and addressed.patient_id = ${carePlans.patientId}
          and addressed.source_id in (
            select item ->> 'conditionSourceId' from jsonb_array_elements(${carePlans.addresses}) as item)
      ), '{}'::text[])`,
      source: carePlans.source,
    })
    .from(carePlans)
    .where(where);
}
