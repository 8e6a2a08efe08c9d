import type { RiskDrillMeasure } from '@cairn/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from './risk-rebuild-work';
import { attributionWhere, monthStart, periodEnd, type RiskSelection } from './risk-selection';

/** One fact behind a measure, with its patient, names and visit, before it is put in words. */
export interface DrillFact {
  patientId: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  mrn: string | null;
  providerName: string | null;
  clinicName: string | null;
  visitId: string | null;
  visitDate: string | null;
  icdCode: string | null;
  hcc: number | null;
  onDate: string | null;
  /** What the measure's facts say, by measure: status, role, source, category, reason (see `drillSource`). */
  first: string | null;
  second: string | null;
  third: string | null;
  rafNow: number | null;
  rafPotential: number | null;
  days: number | null;
}

interface DrillSource {
  /** A query of patient_id, provider_id, clinic_id, visit_id, icd_code, hcc, on_date, first, second, third, raf_now, raf_potential, days. */
  query: SQL;
  /** The list's order, on the facts' own columns (then patient, code and HCC): a page is cut before names are joined. */
  order: SQL;
}

const NO_RAF = sql`null::numeric as raf_now, null::numeric as raf_potential`;

function recaptureSource(
  selection: RiskSelection,
  measure: 'recaptureDue' | 'recaptured' | 'notRecaptured',
): DrillSource {
  const end = periodEnd(selection);
  const isRecaptured = sql`t.recaptured_on <= ${end}::date`;
  const which = {
    recaptureDue: sql`true`,
    recaptured: isRecaptured,
    notRecaptured: sql`(t.recaptured_on is null or t.recaptured_on > ${end}::date)`,
  }[measure];
  return {
    query: sql`select t.patient_id, t.provider_id, t.clinic_id,
        case when ${isRecaptured} then t.recapture_appointment_id else t.next_visit_id end as visit_id,
        null::text as icd_code, t.hcc, case when ${isRecaptured} then t.recaptured_on else t.last_documented_on end as on_date,
        case when ${isRecaptured} then t.recapture_source end as first, null::text as second, null::text as third,
        ${NO_RAF}, null::int as days
      from risk_recaptures t
      where ${attributionWhere(selection, 't')} and t.year = ${selection.year} and ${which}`,
    order: sql`on_date desc`,
  };
}

function decisionSource(selection: RiskSelection, measure: 'decided' | 'accepted' | 'rejected'): DrillSource {
  const statuses = measure === 'decided' ? ['accepted', 'rejected'] : [measure];
  return {
    query: sql`select t.patient_id, t.provider_id, t.clinic_id, t.appointment_id as visit_id, t.icd_code, t.hcc,
        t.decided_on as on_date, t.status as first, t.decider_role as second, null::text as third, ${NO_RAF},
        t.days_to_decision as days
      from risk_decisions t
      where ${attributionWhere(selection, 't')} and not t.is_added
        and t.status in (${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )})
        and t.month between ${monthStart(selection, selection.fromMonth)}::date and ${monthStart(selection, selection.toMonth)}::date`,
    order: sql`on_date desc`,
  };
}

function agreementSource(selection: RiskSelection, measure: 'bothDecided' | 'agreed' | 'disagreed'): DrillSource {
  const agree = {
    bothDecided: sql`true`,
    agreed: sql`t.coder_status = t.provider_status`,
    disagreed: sql`t.coder_status <> t.provider_status`,
  }[measure];
  return {
    query: sql`select t.patient_id, t.provider_id, t.clinic_id, t.appointment_id as visit_id, t.icd_code, t.hcc,
        t.both_decided_on as on_date, t.coder_status as first, t.provider_status as second, null::text as third,
        ${NO_RAF}, null::int as days
      from risk_decisions t
      where ${attributionWhere(selection, 't')} and ${agree}
        and t.both_decided_on between ${monthStart(selection, selection.fromMonth)}::date and ${periodEnd(selection)}::date`,
    order: sql`on_date desc`,
  };
}

function suggestionSource(selection: RiskSelection, measure: 'openSuggestions' | 'undecidedSuggestions'): DrillSource {
  return {
    query: sql`select t.patient_id, t.provider_id, t.clinic_id, t.next_visit_id as visit_id, t.icd_code, t.hcc,
        t.next_visit_date as on_date, t.category as first, t.suspect_kind as second, t.decision_status as third,
        ${NO_RAF}, null::int as days
      from risk_open_suggestions t
      where ${attributionWhere(selection, 't')}
        ${measure === 'undecidedSuggestions' ? sql`and t.decision_status is null` : sql``}`,
    // The soonest visit first: what can be addressed this week.
    order: sql`on_date nulls last`,
  };
}

function rafSource(selection: RiskSelection): DrillSource {
  const withHcc =
    selection.hcc === undefined
      ? sql``
      : sql`and exists (select 1 from risk_open_suggestions o where o.organisation_id = t.organisation_id
          and o.patient_id = t.patient_id and o.hcc = ${selection.hcc})`;
  return {
    query: sql`select t.patient_id, t.provider_id, t.clinic_id, t.next_visit_id as visit_id, null::text as icd_code,
        null::int as hcc, t.next_visit_date as on_date, t.open_suggestions::text as first, null::text as second,
        null::text as third, t.raf_now, t.raf_potential, null::int as days
      from risk_patients t
      where ${attributionWhere(selection, 't', 'ignore')} ${withHcc}`,
    order: sql`raf_potential - raf_now desc`,
  };
}

function pushSource(selection: RiskSelection, status: 'written' | 'failed' | 'pending'): DrillSource {
  const which = status === 'pending' ? sql`t.status not in ('written', 'failed')` : sql`t.status = ${status}`;
  return {
    query: sql`select t.patient_id, t.provider_id, t.clinic_id, t.appointment_id as visit_id, t.icd_code, t.hcc,
        t.pushed_on as on_date, t.status as first, t.failure_reason as second, null::text as third, ${NO_RAF},
        null::int as days
      from risk_pushes t
      where ${attributionWhere(selection, 't')} and ${which}
        and t.month between ${monthStart(selection, selection.fromMonth)}::date and ${monthStart(selection, selection.toMonth)}::date`,
    order: sql`on_date desc`,
  };
}

/** The facts behind a measure: the same tables and conditions as its number. */
function drillSource(selection: RiskSelection, measure: RiskDrillMeasure): DrillSource {
  switch (measure) {
    case 'recaptureDue':
    case 'recaptured':
    case 'notRecaptured':
      return recaptureSource(selection, measure);
    case 'decided':
    case 'accepted':
    case 'rejected':
      return decisionSource(selection, measure);
    case 'bothDecided':
    case 'agreed':
    case 'disagreed':
      return agreementSource(selection, measure);
    case 'openSuggestions':
    case 'undecidedSuggestions':
      return suggestionSource(selection, measure);
    case 'raf':
      return rafSource(selection);
    case 'pushesWritten':
      return pushSource(selection, 'written');
    case 'pushesFailed':
      return pushSource(selection, 'failed');
    case 'pushesPending':
      return pushSource(selection, 'pending');
  }
}

/**
 * A page of the facts behind a measure, in the list's order, with the total, in one statement over the facts read
 * once (counting them in a statement of its own read them twice: "not recaptured" scans a year's recaptures). The
 * page is cut from the facts alone, then its rows are joined to their patients, providers, clinics and visits:
 * joining every fact before sorting took seconds for an organisation's 200,000 decisions. A page past the end is
 * one row with the total and no fact.
 */
export async function findDrillFacts(
  db: Db,
  selection: RiskSelection,
  options: { measure: RiskDrillMeasure; limit: number; offset: number },
): Promise<{ facts: DrillFact[]; total: number }> {
  const source = drillSource(selection, options.measure);
  const rows = rowsOf<DrillFact & { total: number; position: number | null }>(
    await db.execute(sql`with matched as materialized (${source.query}),
      page as (
        select *, row_number() over () as position from (
          select * from matched
          order by ${source.order}, patient_id, icd_code nulls first, hcc
          limit ${options.limit} offset ${options.offset}
        ) ordered
      ),
      listed as (
        select s.position, s.patient_id as "patientId", p.first_name as "firstName", p.last_name as "lastName",
          p.birth_date::text as "birthDate", p.mrn as "mrn",
          trim(concat_ws(' ', pr.first_name, pr.last_name)) || coalesce(', ' || pr.suffix, '') as "providerName",
          c.name as "clinicName", v.id as "visitId", v.service_date::text as "visitDate", s.icd_code as "icdCode",
          s.hcc as "hcc", s.on_date::text as "onDate", s.first as "first", s.second as "second", s.third as "third",
          s.raf_now::float8 as "rafNow", s.raf_potential::float8 as "rafPotential", s.days as "days"
        from page s
        join patients p on p.id = s.patient_id and p.organisation_id = ${selection.organisationId}
        left join providers pr on pr.id = s.provider_id
        left join clinics c on c.id = s.clinic_id
        left join appointments v on v.id = s.visit_id
      )
      select (select count(*)::int from matched) as "total", l.*
      from (select 1) one left join listed l on true
      order by l.position`),
  );
  const facts = rows.flatMap(({ total: _total, position, ...fact }) => (position === null ? [] : [fact]));
  return { facts, total: rows[0]?.total ?? 0 };
}
