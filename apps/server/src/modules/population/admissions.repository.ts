import type { AdmissionsCounts, PopulationStay, StayDrill, TransitionalCareRow } from '@cairn/contracts';
import { TRANSITIONAL_CARE_DAYS } from '@cairn/contracts';
import { ccsrCategories } from '@cairn/clinical';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NO_PROVIDER } from './population-builders';
import { rowsOf, type PopulationQuery } from './population-scope';

type Grouping = 'total' | 'month' | 'clinic' | 'provider';

interface CountsRow {
  breakdown: Grouping;
  key: string | null;
  admissions: number;
  observation_stays: number;
  emergency_visits: number;
  stays: number;
  discharges: number;
  readmitted: number;
  los_days: number;
  member_months: number;
}

type KeyedCounts = AdmissionsCounts & { key: string | null };

export interface AdmissionsBreakdown {
  totals: KeyedCounts;
  months: KeyedCounts[];
  byClinic: KeyedCounts[];
  byProvider: KeyedCounts[];
  topDiagnoses: DiagnosisCounts[];
}

interface DiagnosisCounts {
  category: string;
  description: string;
  admissions: number;
  observationStays: number;
  emergencyVisits: number;
}

/**
 * The admissions counts of the query's period from the rebuild's aggregates: stays admitted in the period
 * (by their admission month), inpatient discharges of the period for length of stay and readmissions (by
 * their discharge month) and member months, in total, by month, clinic and provider (`pop_stay_months`
 * and `pop_members`, a few thousand rows a year); and the CCSR categories of the period's admitted stays
 * (`pop_stay_diagnoses`), most admissions (then all stays) first, the first `diagnosisLimit`.
 */
export async function countAdmissions(
  db: Db,
  query: PopulationQuery,
  options: { diagnosisLimit: number },
): Promise<AdmissionsBreakdown> {
  const { from, to } = query.period;
  const [rows, diagnoses] = await Promise.all([
    rowsOf<CountsRow>(
      db,
      sql`
      with events as (
        select sm.month, sm.clinic_id, sm.provider_id, sm.kind, sm.admitted, sm.discharged, sm.readmitted,
          sm.los_days, 0 as members
        from pop_stay_months sm
        where ${query.attributed('sm')} and sm.month between date_trunc('month', ${from}::date) and ${to}::date
        union all
        select m.month, m.clinic_id, m.provider_id, null, 0, 0, 0, 0, m.members
        from pop_members m
        where ${query.attributed('m')} and m.month between date_trunc('month', ${from}::date) and ${to}::date
      )
      select
        case when grouping(month) = 0 then 'month' when grouping(clinic_id) = 0 then 'clinic'
          when grouping(provider_id) = 0 then 'provider' else 'total' end as breakdown,
        case when grouping(month) = 0 then to_char(month, 'YYYY-MM') when grouping(clinic_id) = 0 then clinic_id::text
          when grouping(provider_id) = 0 then provider_id::text end as key,
        coalesce(sum(admitted) filter (where kind = 'inpatient'), 0)::int as admissions,
        coalesce(sum(admitted) filter (where kind = 'observation'), 0)::int as observation_stays,
        coalesce(sum(admitted) filter (where kind = 'emergency'), 0)::int as emergency_visits,
        coalesce(sum(admitted), 0)::int as stays,
        coalesce(sum(discharged), 0)::int as discharges,
        coalesce(sum(readmitted), 0)::int as readmitted,
        coalesce(sum(los_days), 0)::int as los_days,
        coalesce(sum(members), 0)::int as member_months
      from events
      group by grouping sets ((), (month), (clinic_id), (provider_id))
      order by breakdown, key`,
    ),
    rowsOf<{ category: string; admissions: number; observation_stays: number; emergency_visits: number }>(
      db,
      sql`
      select d.ccsr_category as category, sum(d.admissions)::int as admissions,
        sum(d.observation_stays)::int as observation_stays, sum(d.emergency_visits)::int as emergency_visits
      from pop_stay_diagnoses d
      where ${query.attributed('d')} and d.period = ${query.period.key}
      group by d.ccsr_category
      order by 2 desc, sum(d.admissions + d.observation_stays + d.emergency_visits) desc, 1
      limit ${options.diagnosisLimit}`,
    ),
  ]);
  const keyed = (grouping: Grouping): KeyedCounts[] =>
    rows.filter((row) => row.breakdown === grouping).map((row) => ({ key: row.key, ...admissionsCountsOf(row) }));
  const descriptions = categoryDescriptions();
  return {
    totals: keyed('total')[0] ?? { key: null, ...admissionsCountsOf(emptyCounts()) },
    months: keyed('month'),
    byClinic: keyed('clinic'),
    byProvider: keyed('provider'),
    topDiagnoses: diagnoses.map((row) => ({
      category: row.category,
      description: descriptions.get(row.category) ?? 'No diagnosis given',
      admissions: row.admissions,
      observationStays: row.observation_stays,
      emergencyVisits: row.emergency_visits,
    })),
  };
}

function emptyCounts(): CountsRow {
  return {
    breakdown: 'total',
    key: null,
    admissions: 0,
    observation_stays: 0,
    emergency_visits: 0,
    stays: 0,
    discharges: 0,
    readmitted: 0,
    los_days: 0,
    member_months: 0,
  };
}

const round = (value: number, places: number): number => Math.round(value * 10 ** places) / 10 ** places;
/** A year's events per 1,000 members: events / member months x 12,000. */
const perThousand = (events: number, memberMonths: number): number | null =>
  memberMonths > 0 ? round((events / memberMonths) * 12_000, 1) : null;

function admissionsCountsOf(row: CountsRow): AdmissionsCounts {
  return {
    admissions: row.admissions,
    observationStays: row.observation_stays,
    emergencyVisits: row.emergency_visits,
    memberMonths: row.member_months,
    admissionsPer1000: perThousand(row.admissions, row.member_months),
    emergencyPer1000: perThousand(row.emergency_visits, row.member_months),
    averageLengthOfStay: row.discharges > 0 ? round(row.los_days / row.discharges, 1) : null,
    readmissions: {
      numerator: row.readmitted,
      denominator: row.discharges,
      rate: row.discharges > 0 ? round(row.readmitted / row.discharges, 4) : null,
    },
  };
}

const categoryDescriptions = (): Map<string, string> =>
  new Map(ccsrCategories().map((category) => [category.category, category.description]));

/** The drill's conditions on `pop_stays s`, beside the query's. */
function stayConditions(query: PopulationQuery, drill: StayDrill): SQL {
  const { from, to } = query.period;
  const conditions: SQL[] = [query.attributed('s')];
  conditions.push(
    drill.isDischargedInPeriod || drill.isReadmitted
      ? sql`s.kind = 'inpatient' and s.discharge_date between ${from}::date and ${to}::date`
      : sql`s.admit_date between ${from}::date and ${to}::date`,
  );
  if (drill.isReadmitted) conditions.push(sql`s.is_readmitted`);
  if (drill.kinds) conditions.push(sql`s.kind = any(${sql.param([...drill.kinds])}::text[])`);
  if (drill.month) {
    const column = sql.raw(drill.isDischargedInPeriod || drill.isReadmitted ? 's.discharge_date' : 's.admit_date');
    conditions.push(sql`to_char(${column}, 'YYYY-MM') = ${drill.month}`);
  }
  if (drill.clinicId !== undefined) {
    conditions.push(drill.clinicId === null ? sql`s.clinic_id is null` : sql`s.clinic_id = ${drill.clinicId}`);
  }
  if (drill.providerId !== undefined) {
    conditions.push(sql`s.provider_id = ${drill.providerId ?? NO_PROVIDER}`);
  }
  if (drill.ccsrCategory) conditions.push(sql`s.ccsr_category = ${drill.ccsrCategory}`);
  return sql.join(conditions, sql` and `);
}

interface StayRow {
  id: string;
  patient_id: string;
  first_name: string;
  last_name: string;
  birth_date: string;
  mrn: string | null;
  kind: PopulationStay['kind'];
  origin: PopulationStay['origin'];
  admit_date: string;
  discharge_date: string;
  length_of_stay: number;
  diagnosis_code: string | null;
  diagnosis_text: string | null;
  ccsr_category: string;
  is_readmission: boolean;
  is_readmitted: boolean;
  provider_name: string | null;
  clinic_name: string | null;
  total: number;
}

/** A page of the stays behind a number, newest admission first, with how many there are. */
export async function listStays(
  db: Db,
  query: PopulationQuery,
  options: { drill: StayDrill; limit: number; offset: number },
): Promise<{ rows: PopulationStay[]; total: number }> {
  // The page is cut from the matching stays' admission days alone (their ties at its last day kept), then joined
  // to its patients for their names: a window count and a sort over all of them joined to their names read every
  // stay's patient (57,000 a year on 100,000 patients).
  const rows = await rowsOf<StayRow>(
    db,
    sql`
    with matched as (
      select s.id, s.admit_date from pop_stays s where ${stayConditions(query, options.drill)}
    ),
    cut as (
      select id from matched order by admit_date desc fetch first ${options.limit + options.offset} rows with ties
    )
    select s.id, s.patient_id, p.first_name, p.last_name, p.birth_date::text as birth_date, p.mrn, s.kind, s.origin,
      s.admit_date::text as admit_date, s.discharge_date::text as discharge_date, s.length_of_stay, s.diagnosis_code,
      s.diagnosis_text, s.ccsr_category, s.is_readmission, s.is_readmitted,
      nullif(trim(concat(pr.first_name, ' ', pr.last_name)), '') as provider_name, c.name as clinic_name,
      (select count(*) from matched)::int as total
    from cut
    join pop_stays s on s.organisation_id = ${query.organisationId} and s.id = cut.id
    join patients p on p.id = s.patient_id
    left join providers pr on pr.id = s.provider_id
    left join clinics c on c.id = s.clinic_id
    order by s.admit_date desc, p.last_name, p.first_name, s.id
    limit ${options.limit} offset ${options.offset}`,
  );
  const descriptions = categoryDescriptions();
  return {
    total: rows[0]?.total ?? (options.offset > 0 ? await countStays(db, query, options.drill) : 0),
    rows: rows.map((row) => ({
      id: row.id,
      patient: patientOf(row),
      kind: row.kind,
      origin: row.origin,
      admitDate: row.admit_date,
      dischargeDate: row.discharge_date,
      lengthOfStay: row.length_of_stay,
      diagnosisCode: row.diagnosis_code,
      diagnosisText: row.diagnosis_text,
      ccsrCategory: row.ccsr_category,
      ccsrDescription: descriptions.get(row.ccsr_category) ?? null,
      isReadmission: row.is_readmission,
      isReadmitted: row.is_readmitted,
      providerName: row.provider_name,
      clinicName: row.clinic_name,
    })),
  };
}

async function countStays(db: Db, query: PopulationQuery, drill: StayDrill): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from pop_stays s where ${stayConditions(query, drill)}`,
  );
  return row?.total ?? 0;
}

export function patientOf(row: {
  patient_id: string;
  first_name: string;
  last_name: string;
  birth_date: string;
  mrn: string | null;
}) {
  return {
    cairnPatientId: row.patient_id,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: row.birth_date,
    mrn: row.mrn,
  };
}

interface TransitionalRow {
  id: string;
  patient_id: string;
  first_name: string;
  last_name: string;
  birth_date: string;
  mrn: string | null;
  phone: string | null;
  kind: 'inpatient' | 'observation';
  admit_date: string;
  discharge_date: string;
  days_since: number;
  diagnosis_code: string | null;
  diagnosis_text: string | null;
  is_readmission: boolean;
  provider_id: string | null;
  provider_name: string | null;
  clinic_name: string | null;
  next_sid: string | null;
  next_start: Date | string | null;
  next_provider: string | null;
  total: number;
}

/** Visits that are not a follow-up: the stays themselves, and what did not happen. */
const STAY_CLASSES = sql`('IMP', 'ACUTE', 'NONAC', 'OBSENC', 'EMER')`;

/** The stays (`s`) of the transitional-care window: inpatient or observation discharges of the last 14 days. */
function transitionalStays(query: PopulationQuery, today: string): SQL {
  return sql`${query.attributed('s')} and s.kind in ('inpatient', 'observation')
    and s.discharge_date between ${today}::date - ${TRANSITIONAL_CARE_DAYS}::int and ${today}::date`;
}

/** A discharge (`s`) with no visit since: no encounter of another class, not cancelled, on or after its day. */
const NOT_FOLLOWED_UP = sql`not exists (
  select 1 from encounters e
  where e.patient_id = s.patient_id and e.start_date >= s.discharge_date
    and coalesce(e.class_code, '') not in ${STAY_CLASSES}
    and e.status not in ('cancelled', 'entered-in-error', 'planned'))`;

/**
 * How many living patients the transitional-care worklist holds (`listTransitionalCare`'s total), counted from each
 * patient's latest discharge day alone (`pop_stays_discharge` holds every column it reads).
 */
export async function countTransitionalCare(db: Db, query: PopulationQuery, today: string): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`
    with latest as (
      select s.patient_id, max(s.discharge_date) as discharge_date
      from pop_stays s
      where ${transitionalStays(query, today)}
      group by s.patient_id
    )
    select count(*)::int as total from latest s
    -- Looked up by key: as a semi-join, the planner hashed all the patients (45 ms on 100,000).
    cross join lateral (select 1 from patients p where p.id = s.patient_id and p.deceased_date is null limit 1) p
    where ${NOT_FOLLOWED_UP}`,
  );
  return row?.total ?? 0;
}

/**
 * Transitional care: the latest inpatient or observation discharge of each patient in the last 14 days
 * (to `today`) with no visit since (an encounter of another class, not cancelled, on or after the discharge
 * day), longest waiting first; with their next booked visit. The follow-up is read from the encounters
 * as they are now, not from the rebuild.
 */
export async function listTransitionalCare(
  db: Db,
  query: PopulationQuery,
  options: { today: string; limit: number; offset: number },
): Promise<{ rows: TransitionalCareRow[]; total: number }> {
  // The page is cut before its next visits and names are looked up: with them for every waiting patient (1,255 on
  // 100,000 patients), the count alone took 200 ms. The patients are looked up by key, not scanned.
  const rows = await rowsOf<TransitionalRow>(
    db,
    sql`
    with latest as (
      select distinct on (s.patient_id) s.id, s.patient_id, s.kind, s.admit_date, s.discharge_date, s.diagnosis_code,
        s.diagnosis_text, s.is_readmission, s.provider_id, s.clinic_id
      from pop_stays s
      where ${transitionalStays(query, options.today)}
      order by s.patient_id, s.discharge_date desc, s.id
    ),
    waiting as (
      select s.*, p.first_name, p.last_name, p.birth_date, p.mrn, p.phone, count(*) over ()::int as total
      from latest s
      cross join lateral (select * from patients p where p.id = s.patient_id and p.deceased_date is null limit 1) p
      where ${NOT_FOLLOWED_UP}
      order by s.discharge_date, p.last_name, p.first_name, s.id
      limit ${options.limit} offset ${options.offset}
    )
    select s.id, s.patient_id, s.first_name, s.last_name, s.birth_date::text as birth_date, s.mrn, s.phone, s.kind,
      s.admit_date::text as admit_date, s.discharge_date::text as discharge_date,
      (${options.today}::date - s.discharge_date)::int as days_since, s.diagnosis_code, s.diagnosis_text, s.is_readmission,
      nullif(s.provider_id, ${NO_PROVIDER}::uuid) as provider_id,
      nullif(trim(concat(pr.first_name, ' ', pr.last_name)), '') as provider_name, c.name as clinic_name,
      next.id as next_sid, next.start_at as next_start,
      nullif(trim(concat(np.first_name, ' ', np.last_name)), '') as next_provider, s.total
    from waiting s
    left join providers pr on pr.id = s.provider_id
    left join clinics c on c.id = s.clinic_id
    left join lateral (
      select a.id, a.start_at, a.provider_id from appointments a
      where a.patient_id = s.patient_id and a.status in ('booked', 'pending', 'arrived', 'checked-in')
        and a.start_at >= ${options.today}::date
      order by a.start_at limit 1
    ) next on true
    left join providers np on np.id = next.provider_id
    order by s.discharge_date, s.last_name, s.first_name, s.id`,
  );
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map((row) => ({
      stayId: row.id,
      patient: patientOf(row),
      kind: row.kind,
      admitDate: row.admit_date,
      dischargeDate: row.discharge_date,
      daysSinceDischarge: row.days_since,
      diagnosisCode: row.diagnosis_code,
      diagnosisText: row.diagnosis_text,
      isReadmission: row.is_readmission,
      primaryProvider: row.provider_id ? { id: row.provider_id, name: row.provider_name ?? '' } : null,
      clinicName: row.clinic_name,
      phone: row.phone,
      nextVisit:
        row.next_sid && row.next_start
          ? {
              sid: row.next_sid,
              startAt: new Date(row.next_start).toISOString(),
              providerName: row.next_provider,
            }
          : null,
    })),
  };
}
