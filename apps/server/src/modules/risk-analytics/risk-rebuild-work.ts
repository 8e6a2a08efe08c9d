import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hierarchyPairs, mapCodes } from './risk-code-map';

/** The zero uuid: no provider, or no clinic (grouped and filtered as one). */
export const NO_ID = '00000000-0000-0000-0000-000000000000';

/** What one rebuild covers: the organisation, its today, and the windows that follow from it. */
export interface RiskWindow {
  organisationId: string;
  today: string;
  year: number;
  /** Documentation is read from January 1 two years back: the previous year's recapture needs its prior year. */
  documentedFrom: string;
  /** Decisions and pushes are kept from January 1 of the previous year. */
  eventsFrom: string;
  /** The first day of today's month: the snapshot's month. */
  month: string;
}

export function riskWindowOf(organisationId: string, today: string): RiskWindow {
  const year = Number(today.slice(0, 4));
  return {
    organisationId,
    today,
    year,
    documentedFrom: `${String(year - 2)}-01-01`,
    eventsFrom: `${String(year - 1)}-01-01`,
    month: `${today.slice(0, 7)}-01`,
  };
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Age in whole years on February 1 of `paymentYear` (CMS's age for the year's diagnoses), of `risk_work_people p`. */
export function paymentAge(paymentYear: SQL): SQL {
  return sql`date_part('year', age(make_date(${paymentYear}, 2, 1), p.birth_date))::int`;
}

/** The mapping rows `m` of `kind` that apply to the patient `p` at `age`. */
export function mapApplies(kind: 'documented' | 'chronic', age: SQL): SQL {
  return sql`m.kind = ${kind} and m.age_low <= ${age} and (m.age_high is null or ${age} < m.age_high)
    and (m.sex is null or m.sex = p.sex)`;
}

/** The code's V28 payment HCC for patient `p` at `age` (the lowest-numbered when it has two), 0 when none. */
export function hccOfCode(code: SQL, age: SQL): SQL {
  return sql`coalesce((select min(m.hcc) from risk_work_map m where m.code = ${code} and ${mapApplies('documented', age)}), 0)`;
}

/**
 * The rebuild's work tables, dropped at its commit: the organisation's patients with their attribution
 * (primary provider, that provider's department's clinic), the V28 mapping of the codes on record, the
 * hierarchy, and every documentation of a code in the window (encounter diagnoses, claim diagnoses,
 * accepted decisions written to the EHR) with its service day.
 */
export async function prepareWorkTables(tx: Db, window: RiskWindow): Promise<void> {
  const { organisationId, today, documentedFrom } = window;
  for (const name of ['people', 'events', 'map', 'hierarchy'])
    await tx.execute(sql.raw(`drop table if exists risk_work_${name}`));
  await tx.execute(sql`create temp table risk_work_people (patient_id uuid primary key, birth_date date not null,
    sex text not null, provider_id uuid not null, clinic_id uuid not null, deceased_date date,
    next_visit_id uuid, next_visit_date date) on commit drop`);
  // The next visit: the first booked from today on (not cancelled, no-show or entered in error).
  await tx.execute(sql`insert into risk_work_people
    select pt.id, pt.birth_date, case when pt.gender = 'female' then 'F' else 'M' end,
      coalesce(pt.primary_provider_id, ${NO_ID}::uuid), coalesce(d.clinic_id, ${NO_ID}::uuid), pt.deceased_date,
      nv.id, nv.service_date
    from patients pt
    left join providers pr on pr.id = pt.primary_provider_id
    left join departments d on d.id = pr.department_id
    left join (select distinct on (patient_id) patient_id, id, service_date from appointments
      where organisation_id = ${organisationId} and service_date >= ${today}::date
        and status not in ('cancelled', 'noshow', 'entered-in-error')
      order by patient_id, start_at) nv on nv.patient_id = pt.id
    where pt.organisation_id = ${organisationId}`);
  await tx.execute(sql`create temp table risk_work_events (patient_id uuid not null, code text not null,
    on_date date not null, source text not null, appointment_id uuid) on commit drop`);
  await tx.execute(sql`insert into risk_work_events
    select c.patient_id, c.icd_code, coalesce(e.start_date, c.recorded_date, c.onset_date), 'encounter', va.appointment_id
    from conditions c
    left join encounters e on e.id = c.encounter_id
    left join (select distinct on (encounter_id) encounter_id, id as appointment_id from appointments
      where organisation_id = ${organisationId} and encounter_id is not null order by encounter_id, start_at) va
      on va.encounter_id = c.encounter_id
    where c.organisation_id = ${organisationId} and c.category = 'encounter-diagnosis' and c.icd_code is not null
      and coalesce(c.verification_status, '') not in ('refuted', 'entered-in-error')
      and coalesce(e.start_date, c.recorded_date, c.onset_date) between ${documentedFrom}::date and ${today}::date
    union all
    select patient_id, icd_code, service_date, 'claim', null from claim_diagnoses
    where organisation_id = ${organisationId} and service_date between ${documentedFrom}::date and ${today}::date
    union all
    select d.patient_id, d.icd_code, a.service_date, 'decision', a.id
    from dx_decisions d
    join appointments a on a.id = d.appointment_id
    join ehr_condition_writes w on w.appointment_id = d.appointment_id and w.icd_code = d.icd_code and w.status = 'written'
    where d.organisation_id = ${organisationId} and d.status = 'accepted'
      and a.service_date between ${documentedFrom}::date and ${today}::date`);
  await writeCodeMap(tx, window);
  // Temporary tables have no statistics until analysed: without them the planner guesses their sizes.
  for (const name of ['people', 'events', 'map', 'hierarchy']) await tx.execute(sql.raw(`analyze risk_work_${name}`));
}

async function writeCodeMap(tx: Db, window: RiskWindow): Promise<void> {
  const { organisationId, eventsFrom } = window;
  const codes = rowsOf<{ code: string }>(
    await tx.execute(sql`select code from risk_work_events
      union select icd_code from dx_decisions where organisation_id = ${organisationId}
        and decided_at >= ${eventsFrom}::date
      union select icd_code from ehr_condition_writes where organisation_id = ${organisationId}
        and created_at >= ${eventsFrom}::date`),
  ).map((row) => row.code);
  await tx.execute(sql`create temp table risk_work_map (code text not null, kind text not null, hcc int not null,
    age_low int not null, age_high int, sex text) on commit drop`);
  await tx.execute(sql`insert into risk_work_map
    select * from jsonb_to_recordset(${JSON.stringify(mapCodes(codes))}::jsonb)
      as m(code text, kind text, hcc int, "ageLow" int, "ageHigh" int, sex text)`);
  await tx.execute(sql`create index on risk_work_map (code)`);
  await tx.execute(sql`create temp table risk_work_hierarchy (parent int not null, child int not null) on commit drop`);
  await tx.execute(sql`insert into risk_work_hierarchy
    select * from jsonb_to_recordset(${JSON.stringify(hierarchyPairs())}::jsonb) as h(parent int, child int)`);
}
