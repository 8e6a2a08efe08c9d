import { sql } from 'drizzle-orm';
import { appointments, patientAnalyses } from '../../db/clinical-schema';
import type { CodedDiagnosis, EarlierRejection, VisitDecisionRow } from './dx.repository';

/**
 * Everything the Diagnosis Summary tab reads besides the visit, as columns of the visit's own row
 * (`selectVisitInScope`): one statement per request, where six separate reads queued behind each other
 * for the pool under load. The visit's decisions with each code's EHR write; the patient's rejections
 * at other visits of the last 12 months; the codes coded from January 1 to the visit day (conditions,
 * claims); Cairn's id of the documents the suggestions cite (by source id or row id); the coverages.
 * Each part is an indexed read by visit or patient, within the organisation.
 */
export function captureFactColumns() {
  const visit = appointments.id;
  const patient = appointments.patientId;
  const org = appointments.organisationId;
  const day = appointments.serviceDate;
  const yearStart = sql`date_trunc('year', ${day})::date`;
  const userName = (alias: string) =>
    sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username)`);
  return {
    decisions: sql<DecisionJson[]>`(
      select coalesce(json_agg(json_build_object(
        'icdCode', d.icd_code, 'status', d.status, 'isAdded', d.is_added, 'reason', d.reason, 'note', d.note,
        'stopShowing', d.stop_showing, 'decidedById', d.decided_by, 'decidedByName', ${userName('u')},
        'deciderRole', d.decider_role, 'decidedAt', d.decided_at, 'version', d.version,
        'isPostVisit', d.is_post_visit, 'pushStatus', w.status, 'pushFailureReason', w.failure_reason,
        'pushedAt', w.updated_at)), '[]'::json)
      from dx_decisions d
      join users u on u.id = d.decided_by
      left join ehr_condition_writes w on w.appointment_id = d.appointment_id and w.icd_code = d.icd_code
      where d.organisation_id = ${org} and d.appointment_id = ${visit})`,
    rejections: sql<RejectionJson[]>`(
      select coalesce(json_agg(json_build_object(
        'icdCode', r.icd_code, 'stopShowing', r.stop_showing, 'deciderRole', r.decider_role,
        'decidedByName', r.name, 'decidedAt', r.decided_at)), '[]'::json)
      from (
        select distinct on (d.icd_code) d.icd_code, d.stop_showing, d.decider_role, d.decided_at,
          ${userName('u')} as name
        from dx_decisions d join users u on u.id = d.decided_by
        where d.patient_id = ${patient} and d.organisation_id = ${org} and d.status = 'rejected'
          and d.appointment_id <> ${visit} and d.decided_at >= ${day} - interval '1 year'
        order by d.icd_code, d.decided_at desc) r)`,
    coded: sql<CodedDiagnosis[]>`(
      select coalesce(json_agg(json_build_object('icdCode', c.icd_code, 'lastCodedOn', c.last, 'source', c.source)), '[]'::json)
      from (
        select icd_code, max(coalesce(recorded_date, onset_date, updated_at::date))::text as last,
          case when source = 'HIE' then 'HIE' else 'EHR' end as source
        from conditions
        where patient_id = ${patient} and organisation_id = ${org} and icd_code is not null
          and coalesce(verification_status, '') not in ('refuted', 'entered-in-error')
          and coalesce(recorded_date, onset_date, updated_at::date) between ${yearStart} and ${day}
        group by icd_code, 3
        union all
        select icd_code, max(service_date)::text, 'Claim'
        from claim_diagnoses
        where patient_id = ${patient} and organisation_id = ${org} and service_date between ${yearStart} and ${day}
        group by icd_code) c)`,
    documents: sql<{ id: string; sourceId: string }[]>`(
      select coalesce(json_agg(json_build_object('id', doc.id, 'sourceId', doc.source_id)), '[]'::json)
      from documents doc
      where doc.patient_id = ${patient} and doc.organisation_id = ${org}
        and (doc.source_id in (${citedDocuments}) or doc.id::text in (${citedDocuments})))`,
    coverages: sql<CoverageJson[]>`(
      select coalesce(json_agg(json_build_object('payer', payer, 'plan', plan, 'typeCode', type_code, 'status', status)), '[]'::json)
      from coverages where patient_id = ${patient} and organisation_id = ${org})`,
  };
}

/** The resource ids of the documents the current analysis's suggestions cite. */
const citedDocuments = sql`
  select evidence->>'resourceId'
  from jsonb_array_elements(coalesce(${patientAnalyses.suggestions}, '[]'::jsonb)) suggestion,
    jsonb_array_elements(suggestion->'evidence') evidence
  where evidence->>'resourceType' = 'DocumentReference'`;

/** The facts of {@link captureFactColumns} as the service uses them (dates as dates, lookups as maps). */
export function toCaptureFacts(row: {
  decisions: DecisionJson[];
  rejections: RejectionJson[];
  coded: CodedDiagnosis[];
  documents: { id: string; sourceId: string }[];
  coverages: CoverageJson[];
}): CaptureFacts {
  const documents = new Map<string, string>();
  for (const document of row.documents) {
    documents.set(document.sourceId, document.id);
    documents.set(document.id, document.id);
  }
  return {
    decisions: row.decisions.map((decision) => ({
      ...decision,
      decidedAt: new Date(decision.decidedAt),
      pushedAt: decision.pushedAt === null ? null : new Date(decision.pushedAt),
    })),
    rejections: new Map(
      row.rejections.map((rejection) => [
        rejection.icdCode,
        { ...rejection, decidedAt: new Date(rejection.decidedAt) },
      ]),
    ),
    coded: row.coded,
    documents,
    coverages: row.coverages,
  };
}

type DecisionJson = Omit<VisitDecisionRow, 'decidedAt' | 'pushedAt'> & { decidedAt: string; pushedAt: string | null };
type RejectionJson = Omit<EarlierRejection, 'decidedAt'> & { decidedAt: string };
interface CoverageJson {
  payer: string;
  plan: string | null;
  typeCode: string | null;
  status: string;
}

export interface CaptureFacts {
  decisions: VisitDecisionRow[];
  rejections: Map<string, EarlierRejection>;
  coded: CodedDiagnosis[];
  documents: Map<string, string>;
  coverages: CoverageJson[];
}
