import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hccOfCode, mapApplies, NO_ID, paymentAge, type RiskWindow } from './risk-rebuild-work';

/** The visit's provider and the clinic of the visit's department (else of the provider's department): `a` is the visit. */
const VISIT_ATTRIBUTION = sql`coalesce(a.provider_id, ${NO_ID}::uuid),
  coalesce(vd.clinic_id, pd.clinic_id, ${NO_ID}::uuid)`;
const VISIT_JOINS = sql`left join departments vd on vd.id = a.department_id
  left join providers vp on vp.id = a.provider_id
  left join departments pd on pd.id = vp.department_id`;
const utcDay = (column: string) => sql.raw(`(${column} at time zone 'UTC')::date`);

/**
 * Recapture, for this year and the previous one: each chronic payment HCC (the suspecting engine's
 * chronic codes, after the V28 hierarchy) a living patient had documented in the year before, and the
 * first day of the year it was documented again: the same HCC, or one that drops it in the hierarchy
 * (the condition documented as more severe).
 *
 * Set-based for 100,000 patients: each HCC documented this year is taken once, at its first day, and
 * expanded to the HCCs it covers (itself and those it drops), so that the previous year's HCCs find theirs
 * by an equality join (a join condition with `or exists` was a nested loop that did not finish).
 */
export async function writeRecaptures(tx: Db, window: RiskWindow): Promise<void> {
  const { organisationId, today, year } = window;
  await tx.execute(sql`insert into risk_recaptures (organisation_id, year, patient_id, hcc, provider_id, clinic_id,
      last_documented_on, recaptured_on, recapture_source, recapture_appointment_id, next_visit_id, next_visit_date)
    with years(year) as (values (${year - 1}::int), (${year}::int)),
    prior as materialized (
      select y.year, e.patient_id, m.hcc, max(e.on_date) as last_on
      from years y
      join risk_work_events e on e.on_date >= make_date(y.year - 1, 1, 1) and e.on_date < make_date(y.year, 1, 1)
      join risk_work_people p on p.patient_id = e.patient_id
        and (p.deceased_date is null or p.deceased_date >= make_date(y.year, 1, 1))
      join risk_work_map m on m.code = e.code and ${mapApplies('chronic', paymentAge(sql`y.year`))}
      group by y.year, e.patient_id, m.hcc
    ),
    dropped as (
      select distinct b.year, b.patient_id, h.child as hcc
      from prior b join risk_work_hierarchy h on h.parent = b.hcc
    ),
    kept as (
      select a.* from prior a
      left join dropped d on d.year = a.year and d.patient_id = a.patient_id and d.hcc = a.hcc
      where d.hcc is null
    ),
    documented as materialized (
      select distinct on (y.year, e.patient_id, m.hcc) y.year, e.patient_id, m.hcc, e.on_date, e.source, e.appointment_id
      from years y
      join risk_work_events e on e.on_date >= make_date(y.year, 1, 1)
        and e.on_date <= least(make_date(y.year, 12, 31), ${today}::date)
      join risk_work_people p on p.patient_id = e.patient_id
      join risk_work_map m on m.code = e.code and ${mapApplies('documented', paymentAge(sql`y.year + 1`))}
      order by y.year, e.patient_id, m.hcc, e.on_date, e.source
    ),
    covered as (
      select distinct on (year, patient_id, hcc) year, patient_id, hcc, on_date, source, appointment_id
      from (
        select year, patient_id, hcc, on_date, source, appointment_id from documented
        union all
        select d.year, d.patient_id, h.child, d.on_date, d.source, d.appointment_id
        from documented d join risk_work_hierarchy h on h.parent = d.hcc
      ) c
      order by year, patient_id, hcc, on_date, source
    )
    select ${organisationId}::uuid, k.year, k.patient_id, k.hcc, p.provider_id, p.clinic_id, k.last_on,
      c.on_date, c.source, c.appointment_id, p.next_visit_id, p.next_visit_date
    from kept k
    join risk_work_people p on p.patient_id = k.patient_id
    left join covered c on c.year = k.year and c.patient_id = k.patient_id and c.hcc = k.hcc`);
}

/**
 * Every decision on a visit's code since January 1 of the previous year, attributed to the visit's
 * provider, with the last status each role gave it (from the history: accept, reject, add, reset and
 * status changes, not notes) and, when both a coder and a provider decided, the day of the later.
 */
export async function writeDecisions(tx: Db, window: RiskWindow): Promise<void> {
  const { organisationId, eventsFrom } = window;
  const decidedOn = utcDay('d.decided_at');
  await tx.execute(sql`insert into risk_decisions (organisation_id, appointment_id, icd_code, patient_id, hcc,
      provider_id, clinic_id, is_added, status, decider_role, decided_on, month, visit_date, days_to_decision,
      is_before_visit, coder_status, provider_status, both_decided_on)
    with roles as (
      select distinct on (h.appointment_id, h.icd_code, h.role) h.appointment_id, h.icd_code, h.role, h.status, h.changed_at
      from dx_decision_history h
      where h.organisation_id = ${organisationId} and h.action <> 'note' and h.role in ('coder', 'provider')
      order by h.appointment_id, h.icd_code, h.role, h.changed_at desc, h.id desc
    )
    select ${organisationId}::uuid, d.appointment_id, d.icd_code, d.patient_id,
      ${hccOfCode(sql`d.icd_code`, paymentAge(sql`extract(year from a.service_date)::int + 1`))},
      ${VISIT_ATTRIBUTION}, d.is_added, d.status, d.decider_role, ${decidedOn},
      date_trunc('month', ${decidedOn})::date, a.service_date, greatest(${decidedOn} - a.service_date, 0),
      ${decidedOn} < a.service_date, rc.status, rp.status,
      case when rc.status in ('accepted', 'rejected') and rp.status in ('accepted', 'rejected')
        then (greatest(rc.changed_at, rp.changed_at) at time zone 'UTC')::date end
    from dx_decisions d
    join appointments a on a.id = d.appointment_id
    join risk_work_people p on p.patient_id = d.patient_id
    ${VISIT_JOINS}
    left join roles rc on rc.appointment_id = d.appointment_id and rc.icd_code = d.icd_code and rc.role = 'coder'
    left join roles rp on rp.appointment_id = d.appointment_id and rp.icd_code = d.icd_code and rp.role = 'provider'
    where d.organisation_id = ${organisationId} and d.decided_at >= ${eventsFrom}::date`);
}

/** Every code pushed to an EHR encounter since January 1 of the previous year, by the day of its first attempt. */
export async function writePushes(tx: Db, window: RiskWindow): Promise<void> {
  const { organisationId, eventsFrom } = window;
  const pushedOn = utcDay('w.created_at');
  await tx.execute(sql`insert into risk_pushes (organisation_id, write_id, appointment_id, patient_id, icd_code, hcc,
      provider_id, clinic_id, status, failure_reason, pushed_on, month)
    select ${organisationId}::uuid, w.id, w.appointment_id, a.patient_id, w.icd_code,
      ${hccOfCode(sql`w.icd_code`, paymentAge(sql`extract(year from a.service_date)::int + 1`))},
      ${VISIT_ATTRIBUTION}, w.status, w.failure_reason, ${pushedOn}, date_trunc('month', ${pushedOn})::date
    from ehr_condition_writes w
    join appointments a on a.id = w.appointment_id
    join risk_work_people p on p.patient_id = a.patient_id
    ${VISIT_JOINS}
    where w.organisation_id = ${organisationId} and w.created_at >= ${eventsFrom}::date`);
}

/**
 * Each living patient's current analysis (of their present data version, as every page shows it): RAF
 * now and with every suggestion, the suggestions, each with the latest decision on its code at one of
 * the patient's visits this year, and the patient's next visit from today.
 */
export async function writePatients(tx: Db, window: RiskWindow): Promise<void> {
  const { organisationId, today, year } = window;
  await tx.execute(sql`insert into risk_patients (organisation_id, patient_id, provider_id, clinic_id, raf_now,
      raf_potential, open_suggestions, next_visit_id, next_visit_date)
    select ${organisationId}::uuid, p.patient_id, p.provider_id, p.clinic_id,
      coalesce((pa.risk_score->>'current')::numeric, 0), coalesce((pa.risk_score->>'potential')::numeric, 0),
      jsonb_array_length(pa.suggestions), p.next_visit_id, p.next_visit_date
    from patient_analyses pa
    join patients pt on pt.id = pa.patient_id and pt.data_version = pa.data_version
    join risk_work_people p on p.patient_id = pa.patient_id
    where pa.organisation_id = ${organisationId} and (p.deceased_date is null or p.deceased_date > ${today}::date)`);
  await tx.execute(sql`insert into risk_open_suggestions (organisation_id, patient_id, icd_code, hcc, provider_id,
      clinic_id, category, suspect_kind, decision_status, next_visit_id, next_visit_date)
    with decided as (
      select distinct on (d.patient_id, d.icd_code) d.patient_id, d.icd_code, d.status
      from dx_decisions d join appointments a on a.id = d.appointment_id
      where d.organisation_id = ${organisationId} and d.status in ('accepted', 'rejected')
        and a.service_date >= make_date(${year}, 1, 1)
      order by d.patient_id, d.icd_code, d.decided_at desc
    )
    select distinct on (rp.patient_id, s->>'code') ${organisationId}::uuid, rp.patient_id, s->>'code',
      coalesce((s->'hcc'->'v28'->>0)::int, 0), rp.provider_id, rp.clinic_id, s->>'category', s->>'suspectKind',
      dc.status, rp.next_visit_id, rp.next_visit_date
    from risk_patients rp
    join patient_analyses pa on pa.patient_id = rp.patient_id
    cross join lateral jsonb_array_elements(pa.suggestions) s
    left join decided dc on dc.patient_id = rp.patient_id and dc.icd_code = s->>'code'
    where rp.organisation_id = ${organisationId}
    order by rp.patient_id, s->>'code'`);
}
