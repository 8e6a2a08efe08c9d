import { SERVICE_CATEGORIES } from '@cairn/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { groupsOfDiagnoses } from './diagnosis-groups';
import type { PopulationBuilder, RebuildContext } from './population-refresh';
import { OUTLIER_FACTOR, riskBandCase } from './risk-bands';
import { rowsOf } from './population-scope';
import { populationWindow } from './population-window';
import { riskAnalyticsBuilder } from '../risk-analytics';

/** The provider id of patients without a primary care provider (the tables' keys are not null). */
export const NO_PROVIDER = '00000000-0000-0000-0000-000000000000';

/**
 * Who belongs to the organisation's population, to whom, and when (a temporary table the other builders
 * read). Attribution: the patient's primary care provider, that provider's department's clinic. A patient
 * is a member from the start of their coverage (the earliest one; without coverage, their first visit or
 * claim) to its end (the latest; open when one has none) or their death.
 */
const attribution: PopulationBuilder = {
  name: 'attribution',
  async rebuild(tx, { organisationId }) {
    await tx.execute(sql`
      create temporary table pop_attribution on commit drop as
      select p.id as patient_id,
        coalesce(p.primary_provider_id, ${NO_PROVIDER}::uuid) as provider_id,
        d.clinic_id,
        greatest(p.birth_date, coalesce(cov.first_start, activity.first_date)) as member_from,
        case when cov.patient_id is not null and not cov.is_open then least(cov.last_end, p.deceased_date)
          else p.deceased_date end as member_to
      from patients p
      left join providers pr on pr.id = p.primary_provider_id
      left join departments d on d.id = pr.department_id
      left join lateral (
        select c.patient_id, min(coalesce(c.period_start, p.birth_date)) as first_start,
          max(c.period_end) as last_end, bool_or(c.period_end is null) as is_open
        from coverages c
        where c.patient_id = p.id and c.status not in ('cancelled', 'entered-in-error')
        group by c.patient_id
      ) cov on true
      left join lateral (
        select least(
          (select min(e.start_date) from encounters e where e.patient_id = p.id),
          (select min(cl.service_start) from claims cl where cl.patient_id = p.id)
        ) as first_date
      ) activity on true
      where p.organisation_id = ${organisationId}`);
    await tx.execute(sql`create index on pop_attribution (patient_id)`);
  },
};

/**
 * The claims the cost dashboards count: every ExplanationOfBenefit, and every Claim that no
 * ExplanationOfBenefit adjudicates; its cost is the allowed amount (a Claim's billed amount when it has
 * no adjudication), within the window, with its patient's attribution.
 */
const countedClaims: PopulationBuilder = {
  name: 'counted claims',
  async rebuild(tx, { organisationId, today }) {
    const window = populationWindow(today);
    await tx.execute(sql`
      create temporary table pop_claims on commit drop as
      select cl.id, cl.patient_id, a.provider_id, a.clinic_id, cl.encounter_id, cl.claim_type,
        cl.service_category, cl.service_start, cl.service_end, cl.principal_icd,
        date_trunc('month', cl.service_start)::date as month,
        coalesce(cl.allowed, case when cl.resource_type = 'Claim' then cl.billed end, 0) as allowed,
        coalesce(cl.paid, 0) as paid
      from claims cl
      join pop_attribution a on a.patient_id = cl.patient_id
      where cl.organisation_id = ${organisationId}
        and cl.service_start between ${window.from}::date and ${window.to}::date
        and (cl.resource_type = 'ExplanationOfBenefit' or not exists (
          select 1 from claims eob
          where eob.organisation_id = cl.organisation_id and eob.source = cl.source
            and eob.resource_type = 'ExplanationOfBenefit' and eob.claim_source_id = cl.source_id))`);
    // The stay builder looks up each stay's claims by encounter: without it, a scan of every claim per stay.
    await tx.execute(sql`create index on pop_claims (encounter_id)`);
  },
};

/** The allowed amounts of a group of counted claims (`alias` on `pop_claims`, or '') by service category, as JSON. */
function allowedByCategory(alias: string): SQL {
  const column = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  const pairs = SERVICE_CATEGORIES.map(
    (category) =>
      sql`${category}::text, coalesce(sum(${column('allowed')}) filter (where ${column('service_category')} = ${category}), 0)`,
  );
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

const members: PopulationBuilder = {
  name: 'members',
  async rebuild(tx, { organisationId, today }) {
    const window = populationWindow(today);
    await tx.execute(sql`delete from pop_members where organisation_id = ${organisationId}`);
    await tx.execute(sql`
      insert into pop_members (organisation_id, month, provider_id, clinic_id, members)
      select ${organisationId}, m.month, a.provider_id, min(a.clinic_id::text)::uuid, count(*)
      from generate_series(${window.from}::date, ${window.lastMonth}::date, interval '1 month') as m(month)
      join pop_attribution a on a.member_from < m.month + interval '1 month'
        and (a.member_to is null or a.member_to >= m.month)
      group by m.month, a.provider_id`);
  },
};

/** The counted claims' amounts by month, provider and category, and by period, provider and body system. */
const costs: PopulationBuilder = {
  name: 'costs',
  async rebuild(tx, { organisationId, today }) {
    await tx.execute(sql`delete from pop_costs where organisation_id = ${organisationId}`);
    await tx.execute(sql`delete from pop_cost_body_systems where organisation_id = ${organisationId}`);
    await tx.execute(sql`
      insert into pop_costs (organisation_id, month, provider_id, clinic_id, service_category, allowed, paid, claims)
      select ${organisationId}, c.month, c.provider_id, min(c.clinic_id::text)::uuid, c.service_category, sum(c.allowed),
        sum(c.paid), count(*)
      from pop_claims c
      group by c.month, c.provider_id, c.service_category`);
    await tx.execute(sql`
      insert into pop_cost_body_systems (organisation_id, period, provider_id, clinic_id, body_system, allowed, paid, claims)
      select ${organisationId}, pe.key, c.provider_id, min(c.clinic_id::text)::uuid, ${bodySystemOf('c', 'g')},
        sum(c.allowed), sum(c.paid), count(*)
      from pop_claims c
      join ${periodRows(today)} on c.service_start between pe.from_date and pe.to_date
      left join pop_groups g on g.code = c.principal_icd
      group by pe.key, c.provider_id, ${bodySystemOf('c', 'g')}`);
  },
};

/** Each patient's amounts in each month they had a counted claim: the cost trend's month drill-down. */
const patientMonths: PopulationBuilder = {
  name: 'patient months',
  async rebuild(tx, { organisationId }) {
    await tx.execute(sql`delete from pop_patient_months where organisation_id = ${organisationId}`);
    await tx.execute(sql`
      insert into pop_patient_months (organisation_id, month, patient_id, allowed, paid, by_category)
      select ${organisationId}, c.month, c.patient_id, sum(c.allowed), sum(c.paid), ${allowedByCategory('c')}
      from pop_claims c
      group by c.month, c.patient_id
      -- In the order of the key: its index grows at its end, and a month's rows lie together (a quarter less
      -- time on a fifth of the 100,000-patient organisation: 18.2 s against 24.2 s for 837,161 rows).
      order by c.month, c.patient_id`);
  },
};

/**
 * Orders a stay's encounter diagnoses (`alias` on `conditions`) the one new to the stay first: FHIR's
 * Encounter.diagnosis rank is not kept, and a stay lists the patient's chronic conditions beside the
 * reason they came in (hyperlipidaemia beside a myocardial infarction), which their problem list holds.
 */
function newToTheStay(alias: SQL): SQL {
  return sql`exists (select 1 from conditions known where known.patient_id = ${alias}.patient_id
    and known.category = 'problem-list-item' and known.icd_code = ${alias}.icd_code)`;
}

/**
 * Inpatient stays, observation stays and emergency visits: the EHR's encounters of those classes, and
 * the institutional claims of a stay or visit that no encounter of the patient accounts for (known from
 * claims alone, such as an admission elsewhere). The discharge diagnosis is the stay's claim's principal
 * diagnosis, else its encounter diagnosis new to the stay, else its first coded reason. A readmission is an
 * inpatient admission 1 to 30 days after an inpatient discharge (a same-day one is a transfer).
 */
const stayRows: PopulationBuilder = {
  name: 'stay rows',
  async rebuild(tx, { organisationId, today }) {
    const window = populationWindow(today);
    await tx.execute(sql`
      create temporary table pop_stay_rows on commit drop as
      with encounter_stays as (
        select e.id, e.patient_id,
          case when e.class_code in ('IMP', 'ACUTE', 'NONAC') then 'inpatient'
            when e.class_code = 'OBSENC' then 'observation' else 'emergency' end as kind,
          'encounter' as origin, e.start_date as admit_date,
          case when e.class_code = 'EMER' then e.start_date else coalesce(e.end_date, e.start_date) end as discharge_date,
          coalesce(
            (select c.principal_icd from pop_claims c where c.encounter_id = e.id and c.principal_icd is not null
              and c.service_category in ('inpatient', 'emergency', 'outpatient') order by c.service_start, c.id limit 1),
            (select dx.icd_code from conditions dx where dx.encounter_id = e.id and dx.category = 'encounter-diagnosis'
              and dx.icd_code is not null order by ${newToTheStay(sql`dx`)}, dx.recorded_date nulls last, dx.id limit 1),
            e.reasons -> 0 ->> 'icdCode') as diagnosis_code,
          coalesce(
            (select dx.display from conditions dx where dx.encounter_id = e.id and dx.category = 'encounter-diagnosis'
              and dx.icd_code is not null order by ${newToTheStay(sql`dx`)}, dx.recorded_date nulls last, dx.id limit 1),
            e.reason) as diagnosis_text
        from encounters e
        join pop_attribution a on a.patient_id = e.patient_id
        where e.organisation_id = ${organisationId}
          and e.class_code in ('IMP', 'ACUTE', 'NONAC', 'OBSENC', 'EMER')
          and e.status not in ('cancelled', 'entered-in-error', 'planned', 'in-progress', 'arrived')
          and e.start_date between ${window.from}::date and ${window.to}::date
      ),
      claim_stays as (
        select distinct on (c.patient_id, c.service_category, c.service_start) c.id, c.patient_id,
          case when c.service_category = 'inpatient' then 'inpatient' else 'emergency' end as kind,
          'claim' as origin, c.service_start as admit_date,
          case when c.service_category = 'inpatient' then coalesce(c.service_end, c.service_start) else c.service_start end as discharge_date,
          c.principal_icd as diagnosis_code, cd.display as diagnosis_text
        from pop_claims c
        left join claim_diagnoses cd on cd.patient_id = c.patient_id and cd.icd_code = c.principal_icd and cd.service_date = c.service_start
        where c.encounter_id is null and c.service_category in ('inpatient', 'emergency')
          and coalesce(c.claim_type, 'institutional') = 'institutional'
          and not exists (
            select 1 from encounter_stays s where s.patient_id = c.patient_id
              and s.kind = case when c.service_category = 'inpatient' then 'inpatient' else 'emergency' end
              and c.service_start between s.admit_date - 1 and s.discharge_date + 1)
        order by c.patient_id, c.service_category, c.service_start, c.id
      )
      select * from encounter_stays union all select * from claim_stays`);
    // Readmissions look up the patient's other stays: without it, a scan of every stay per stay.
    await tx.execute(sql`create index on pop_stay_rows (patient_id)`);
  },
};

/**
 * The CCSR category and body system of every principal and discharge diagnosis counted (a temporary
 * table `pop_groups`), grouped here by `packages/clinical`'s CCSR grouper.
 */
const diagnosisGroups: PopulationBuilder = {
  name: 'diagnosis groups',
  async rebuild(tx) {
    const codes = await rowsOf<{ code: string }>(
      tx,
      sql`select principal_icd as code from pop_claims where principal_icd is not null
        union select diagnosis_code from pop_stay_rows where diagnosis_code is not null`,
    );
    const groups = groupsOfDiagnoses(codes.map((row) => row.code));
    await tx.execute(sql`
      create temporary table pop_groups on commit drop as
      select * from unnest(${sql.param(groups.map((group) => group.code))}::text[],
        ${sql.param(groups.map((group) => group.category))}::text[],
        ${sql.param(groups.map((group) => group.bodySystem))}::text[]) as g(code, category, body_system)`);
    await tx.execute(sql`create index on pop_groups (code)`);
  },
};

const stays: PopulationBuilder = {
  name: 'stays',
  async rebuild(tx, { organisationId }) {
    await tx.execute(sql`delete from pop_stays where organisation_id = ${organisationId}`);
    await tx.execute(sql`
      insert into pop_stays (organisation_id, id, patient_id, provider_id, clinic_id, kind, origin, admit_date,
        discharge_date, length_of_stay, diagnosis_code, diagnosis_text, ccsr_category, is_readmission, is_readmitted)
      select ${organisationId}, s.id, s.patient_id, a.provider_id, a.clinic_id, s.kind, s.origin, s.admit_date,
        s.discharge_date, greatest(s.discharge_date - s.admit_date, case when s.kind = 'inpatient' then 1 else 0 end),
        s.diagnosis_code, s.diagnosis_text, coalesce(g.category, 'UNK'),
        s.kind = 'inpatient' and exists (select 1 from pop_stay_rows p where p.patient_id = s.patient_id
          and p.kind = 'inpatient' and p.id <> s.id and s.admit_date - p.discharge_date between 1 and 30),
        s.kind = 'inpatient' and exists (select 1 from pop_stay_rows n where n.patient_id = s.patient_id
          and n.kind = 'inpatient' and n.id <> s.id and n.admit_date - s.discharge_date between 1 and 30)
      from pop_stay_rows s
      join pop_attribution a on a.patient_id = s.patient_id
      left join pop_groups g on g.code = s.diagnosis_code`);
  },
};

/**
 * Each patient in each period (the trailing twelve months and every calendar year of the window) in
 * which they were a member or had a cost: member months, amounts by category and body system, RAF and
 * its band, admissions and emergency visits.
 */
const patientPeriods: PopulationBuilder = {
  name: 'patient periods',
  async rebuild(tx, context: RebuildContext) {
    const { organisationId, today } = context;
    await tx.execute(sql`delete from pop_patient_periods where organisation_id = ${organisationId}`);
    await tx.execute(sql`
      insert into pop_patient_periods (organisation_id, period, patient_id, provider_id, clinic_id, member_months,
        allowed, paid, by_category, by_body_system, raf, raf_band, admissions, emergency_visits, is_outlier_allowed,
        is_outlier_paid)
      with periods as (
        select * from ${periodRows(today)}
      ),
      amounts as (
        select pe.key, c.patient_id, c.service_category, ${bodySystemOf('c', 'g')} as body_system,
          sum(c.allowed) as allowed, sum(c.paid) as paid
        from pop_claims c join periods pe on c.service_start between pe.from_date and pe.to_date
        left join pop_groups g on g.code = c.principal_icd
        group by pe.key, c.patient_id, c.service_category, ${bodySystemOf('c', 'g')}
      ),
      by_patient as (
        select key, patient_id, sum(allowed) as allowed, sum(paid) as paid,
          ${allowedByCategory('')} as by_category,
          null::jsonb as by_body_system
        from amounts group by key, patient_id
      ),
      by_body as (
        select key, patient_id, jsonb_object_agg(body_system, allowed) as by_body_system from (
          select key, patient_id, body_system, sum(allowed) as allowed from amounts group by key, patient_id, body_system
        ) systems group by key, patient_id
      ),
      membership as (
        select pe.key, a.patient_id, count(m.month) as member_months
        from periods pe cross join pop_attribution a
        join lateral generate_series(date_trunc('month', pe.from_date), pe.to_date, interval '1 month') as m(month)
          on a.member_from < m.month + interval '1 month' and (a.member_to is null or a.member_to >= m.month)
        group by pe.key, a.patient_id
      ),
      visits as (
        select pe.key, s.patient_id, count(*) filter (where s.kind = 'inpatient') as admissions,
          count(*) filter (where s.kind = 'emergency') as emergency_visits
        from pop_stays s join periods pe on s.admit_date between pe.from_date and pe.to_date
        where s.organisation_id = ${organisationId}
        group by pe.key, s.patient_id
      ),
      keys as (select key, patient_id from membership union select key, patient_id from by_patient),
      patient_rows as (
        select k.key, k.patient_id, a.provider_id, a.clinic_id, coalesce(m.member_months, 0) as member_months,
          coalesce(b.allowed, 0) as allowed, coalesce(b.paid, 0) as paid,
          coalesce(b.by_category, '{"inpatient":0,"outpatient":0,"emergency":0,"professional":0,"pharmacy":0,"other":0}'::jsonb) as by_category,
          coalesce(bb.by_body_system, '{}'::jsonb) as by_body_system, r.raf, ${riskBandCase(sql`r.raf`)} as raf_band,
          coalesce(v.admissions, 0) as admissions, coalesce(v.emergency_visits, 0) as emergency_visits
        from keys k
        join pop_attribution a on a.patient_id = k.patient_id
        left join membership m on m.key = k.key and m.patient_id = k.patient_id
        left join by_patient b on b.key = k.key and b.patient_id = k.patient_id
        left join by_body bb on bb.key = k.key and bb.patient_id = k.patient_id
        left join visits v on v.key = k.key and v.patient_id = k.patient_id
        left join lateral (select (pa.risk_score ->> 'current')::numeric as raf from patient_analyses pa
          where pa.patient_id = k.patient_id) r on true
      )
      select ${organisationId}, key, patient_id, provider_id, clinic_id, member_months, allowed, paid, by_category,
        by_body_system, raf, raf_band, admissions, emergency_visits,
        ${isOutlier('allowed')}, ${isOutlier('paid')}
      from patient_rows
      window band as (partition by key, raf_band)`);
  },
};

/**
 * Whether a patient's PMPM of an amount (a row of the window \`band\`: the organisation's patients of the period
 * and RAF band) is over OUTLIER_FACTOR times the band's.
 */
function isOutlier(amount: 'allowed' | 'paid'): SQL {
  const column = sql.raw(amount);
  return sql`coalesce(member_months > 0 and ${column} / member_months
    > ${OUTLIER_FACTOR} * sum(${column}) over band / nullif(sum(member_months) over band, 0), false)`;
}

/**
 * The admissions summary's aggregates: the stays by month, provider and kind (admitted in the month; inpatient
 * discharges of the month, the readmitted ones and their days), and the stays admitted in each period by
 * provider and CCSR category. The summary sums a few thousand of their rows, not the stays.
 */
const stayCounts: PopulationBuilder = {
  name: 'stay counts',
  async rebuild(tx, { organisationId, today }) {
    await tx.execute(sql`delete from pop_stay_months where organisation_id = ${organisationId}`);
    await tx.execute(sql`delete from pop_stay_diagnoses where organisation_id = ${organisationId}`);
    await tx.execute(sql`
      insert into pop_stay_months (organisation_id, month, provider_id, clinic_id, kind, admitted, discharged,
        readmitted, los_days)
      select ${organisationId}, e.month, s.provider_id, min(s.clinic_id::text)::uuid, s.kind,
        count(*) filter (where e.is_admission), count(*) filter (where not e.is_admission),
        count(*) filter (where not e.is_admission and s.is_readmitted),
        coalesce(sum(s.length_of_stay) filter (where not e.is_admission), 0)
      from pop_stays s
      cross join lateral (values (true, date_trunc('month', s.admit_date::timestamp)::date),
        (false, case when s.kind = 'inpatient' then date_trunc('month', s.discharge_date::timestamp)::date end)
      ) e(is_admission, month)
      where s.organisation_id = ${organisationId} and e.month is not null
      group by e.month, s.provider_id, s.kind`);
    await tx.execute(sql`
      insert into pop_stay_diagnoses (organisation_id, period, provider_id, clinic_id, ccsr_category, admissions,
        observation_stays, emergency_visits)
      select ${organisationId}, pe.key, s.provider_id, min(s.clinic_id::text)::uuid, s.ccsr_category,
        count(*) filter (where s.kind = 'inpatient'), count(*) filter (where s.kind = 'observation'),
        count(*) filter (where s.kind = 'emergency')
      from pop_stays s
      join ${periodRows(today)} on s.admit_date between pe.from_date and pe.to_date
      where s.organisation_id = ${organisationId}
      group by pe.key, s.provider_id, s.ccsr_category`);
  },
};

/**
 * Each patient period's narrow rows for the drill-downs: its totals (every member), and its amounts by service category
 * and body system, a row each when over zero.
 */
const patientAmounts: PopulationBuilder = {
  name: 'patient amounts',
  async rebuild(tx, { organisationId }) {
    await tx.execute(sql`delete from pop_patient_amounts where organisation_id = ${organisationId}`);
    await tx.execute(sql`
      insert into pop_patient_amounts (organisation_id, period, grouping, code, patient_id, provider_id, clinic_id,
        raf_band, allowed, paid_total, is_outlier_allowed, is_outlier_paid)
      select ${organisationId}, pp.period, a.grouping, a.code, pp.patient_id, pp.provider_id, pp.clinic_id, pp.raf_band,
        a.allowed, pp.paid, pp.is_outlier_allowed, pp.is_outlier_paid
      from pop_patient_periods pp
      cross join lateral (
        select 'total' as grouping, 'all' as code, pp.allowed
        union all
        select 'category', key, value::numeric from jsonb_each_text(pp.by_category)
        union all
        select 'bodySystem', key, value::numeric from jsonb_each_text(pp.by_body_system)
      ) a
      where pp.organisation_id = ${organisationId} and (a.grouping = 'total' or a.allowed > 0)
      order by pp.period, a.grouping, a.code, pp.patient_id`);
  },
};

/** Cost against risk: the patient periods by provider and RAF band, with their outliers and those with a cost. */
const costBands: PopulationBuilder = {
  name: 'cost bands',
  async rebuild(tx, { organisationId }) {
    await tx.execute(sql`delete from pop_cost_bands where organisation_id = ${organisationId}`);
    await tx.execute(sql`
      insert into pop_cost_bands (organisation_id, period, provider_id, clinic_id, raf_band, patients, member_months,
        allowed, paid, outliers_allowed, outliers_paid, with_allowed, with_paid)
      select ${organisationId}, period, provider_id, min(clinic_id::text)::uuid, raf_band, count(*), sum(member_months),
        sum(allowed), sum(paid), count(*) filter (where is_outlier_allowed), count(*) filter (where is_outlier_paid),
        count(*) filter (where allowed > 0), count(*) filter (where paid > 0)
      from pop_patient_periods
      where organisation_id = ${organisationId}
      group by period, provider_id, raf_band`);
  },
};

/**
 * A counted claim's (`claim`) body system from its diagnosis group (`group`): `PHA` for a pharmacy fill,
 * which names no diagnosis; `UNK` for another claim without one.
 */
function bodySystemOf(claim: string, group: string): SQL {
  return sql.raw(
    `coalesce(${group}.body_system, case when ${claim}.service_category = 'pharmacy' then 'PHA' else 'UNK' end)`,
  );
}

/**
 * The periods the dashboards offer for a day taken as today, as rows `pe(key, from_date, to_date)`: the trailing
 * twelve months and each calendar year of the window.
 */
function periodRows(today: string): SQL {
  const { periods } = populationWindow(today);
  return sql`unnest(${sql.param(periods.map((period) => period.key))}::text[],
    ${sql.param(periods.map((period) => period.from))}::date[], ${sql.param(periods.map((period) => period.to))}::date[])
    as pe(key, from_date, to_date)`;
}

/** Every part of the population tables, rebuilt in this order (later ones read the temporary tables of earlier ones). */
export const POPULATION_BUILDERS: readonly PopulationBuilder[] = [
  attribution,
  countedClaims,
  stayRows,
  diagnosisGroups,
  members,
  costs,
  patientMonths,
  stays,
  stayCounts,
  patientPeriods,
  patientAmounts,
  costBands,
  riskAnalyticsBuilder,
];
