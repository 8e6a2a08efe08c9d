import { sql } from 'drizzle-orm';
import { appointments } from '../../db/clinical-schema';
import type { CodedDiagnosis, EarlierRejection, VisitDecisionRow } from './dx.repository';
import { WITHDRAWN_STATUSES, type PartnerNoteRow } from './dx-partner-notes.repository';

/**
 * Everything the Diagnosis Summary tab reads besides the visit, as columns of the visit's own row
 * (`prepareVisitForCaller`): one statement per request, where separate reads queued behind each other
 * for the pool under load. The visit's decisions with each code's EHR write; the patient's rejections
 * at other visits of the last 12 months; each coding of a code from January 1 to the visit day
 * (conditions, claims; the service keeps the latest); the coverages; the patient's partner-organisation
 * notes up to the visit day with their latest action (`readNotes`' rule). Each part is an indexed read
 * by visit or patient, within the organisation.
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
      select coalesce(json_agg(json_build_object('icdCode', c.icd_code, 'lastCodedOn', c.day, 'source', c.source)), '[]'::json)
      from (
        select icd_code, coalesce(recorded_date, onset_date, updated_at::date)::text as day,
          case when source = 'HIE' then 'HIE' else 'EHR' end as source
        from conditions
        where patient_id = ${patient} and organisation_id = ${org} and icd_code is not null
          and coalesce(verification_status, '') not in ('refuted', 'entered-in-error')
          and coalesce(recorded_date, onset_date, updated_at::date) between ${yearStart} and ${day}
        union all
        select icd_code, service_date::text, 'Claim'
        from claim_diagnoses
        where patient_id = ${patient} and organisation_id = ${org} and service_date between ${yearStart} and ${day}) c)`,
    coverages: sql<CoverageJson[]>`(
      select coalesce(json_agg(json_build_object('payer', payer, 'plan', plan, 'typeCode', type_code, 'status', status)), '[]'::json)
      from coverages where patient_id = ${patient} and organisation_id = ${org})`,
    partnerNotes: sql<PartnerNoteJson[]>`(
      select coalesce(json_agg(json_build_object(
        'id', n.id, 'partner', n.partner, 'kind', n.kind, 'text', n.text, 'authoredOn', n.authored_on,
        'status', a.status, 'note', a.note, 'actedByName', case when u.id is null then null else ${userName('u')} end,
        'actorRole', a.actor_role, 'actedAt', a.acted_at, 'version', a.version)
        order by n.authored_on desc, n.id), '[]'::json)
      from partner_notes n
      left join partner_note_actions a on a.partner_note_id = n.id
      left join users u on u.id = a.acted_by
      where n.patient_id = ${patient} and n.organisation_id = ${org} and n.authored_on <= ${day}
        and n.status not in (${sql.raw(WITHDRAWN_STATUSES.map((status) => `'${status}'`).join(', '))}))`,
  };
}

/** The facts of {@link captureFactColumns} as the service uses them (dates as dates, lookups as maps). */
export function toCaptureFacts(row: {
  decisions: DecisionJson[];
  rejections: RejectionJson[];
  coded: CodedDiagnosis[];
  coverages: CoverageJson[];
  partnerNotes: PartnerNoteJson[];
}): CaptureFacts {
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
    coverages: row.coverages,
    partnerNotes: row.partnerNotes.map((note) => ({
      ...note,
      actedAt: note.actedAt === null ? null : new Date(note.actedAt),
    })),
  };
}

type DecisionJson = Omit<VisitDecisionRow, 'decidedAt' | 'pushedAt'> & { decidedAt: string; pushedAt: string | null };
type RejectionJson = Omit<EarlierRejection, 'decidedAt'> & { decidedAt: string };
type PartnerNoteJson = Omit<PartnerNoteRow, 'actedAt'> & { actedAt: string | null };
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
  coverages: CoverageJson[];
  partnerNotes: PartnerNoteRow[];
}
