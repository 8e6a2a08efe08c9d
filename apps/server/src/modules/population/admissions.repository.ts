import type { AdmissionsCounts, PopulationStay, StayDrill, TransitionalCareRow } from '@cairn/contracts';
import { TRANSITIONAL_CARE_DAYS } from '@cairn/contracts';
import { ccsrCategories } from '@cairn/clinical';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NO_PROVIDER } from './population-builders';
import { rowsOf, type PopulationQuery } from './population-scope';

type Grouping = 'total' | 'month' | 'clinic' | 'provider' | 'diagnosis';

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
 * The admissions counts of the query's period in one pass over its stays: stays admitted in the period
 * (by their admission month), inpatient discharges of the period for length of stay and readmissions (by
 * their discharge month), and member months; in total, by month, clinic and provider, and the CCSR
 * categories of the admitted stays, most admissions (then all stays) first, the first `diagnosisLimit`.
 */
export async function countAdmissions(
  db: Db,
  query: PopulationQuery,
  options: { diagnosisLimit: number },
): Promise<AdmissionsBreakdown> {
  const { from, to } = query.period;
  const isAdmitted = sql`s.admit_date between ${from}::date and ${to}::date`;
  const isDischarged = sql`s.kind = 'inpatient' and s.discharge_date between ${from}::date and ${to}::date`;
  // A stay is an event of its admission month, an event of its discharge month, or both.
  const rows = await rowsOf<CountsRow>(
    db,
    sql`
    with events as (
      select e.is_admission, e.month, s.kind, s.clinic_id, s.provider_id, s.ccsr_category, s.is_readmitted,
        s.length_of_stay, 0 as members
      from pop_stays s
      cross join lateral (values
        (true, date_trunc('month', s.admit_date::timestamp)::date, ${isAdmitted}),
        (false, date_trunc('month', s.discharge_date::timestamp)::date, ${isDischarged})
      ) e(is_admission, month, is_counted)
      where ${query.attributed('s')} and ((${isAdmitted}) or (${isDischarged})) and e.is_counted
      union all
      select null, date_trunc('month', m.month::timestamp)::date, null, m.clinic_id, m.provider_id, null, null, null,
        m.members
      from pop_members m
      where ${query.attributed('m')} and m.month between date_trunc('month', ${from}::date) and ${to}::date
    ),
    counts as (
      select
        case when grouping(month) = 0 then 'month' when grouping(clinic_id) = 0 then 'clinic'
          when grouping(provider_id) = 0 then 'provider' when grouping(ccsr_category) = 0 then 'diagnosis'
          else 'total' end as breakdown,
        case when grouping(month) = 0 then to_char(month, 'YYYY-MM') when grouping(clinic_id) = 0 then clinic_id::text
          when grouping(provider_id) = 0 then provider_id::text when grouping(ccsr_category) = 0 then ccsr_category
          end as key,
        count(*) filter (where is_admission and kind = 'inpatient')::int as admissions,
        count(*) filter (where is_admission and kind = 'observation')::int as observation_stays,
        count(*) filter (where is_admission and kind = 'emergency')::int as emergency_visits,
        count(*) filter (where is_admission)::int as stays,
        count(*) filter (where not is_admission)::int as discharges,
        count(*) filter (where not is_admission and is_readmitted)::int as readmitted,
        coalesce(sum(length_of_stay) filter (where not is_admission), 0)::int as los_days,
        coalesce(sum(members), 0)::int as member_months
      from events
      group by grouping sets ((), (month), (clinic_id), (provider_id), (ccsr_category))
    )
    select * from counts
    where breakdown <> 'diagnosis' or stays > 0
    order by breakdown, case when breakdown = 'diagnosis' then -admissions end,
      case when breakdown = 'diagnosis' then -stays end, key`,
  );
  const keyed = (grouping: Grouping): KeyedCounts[] =>
    rows.filter((row) => row.breakdown === grouping).map((row) => ({ key: row.key, ...admissionsCountsOf(row) }));
  const descriptions = categoryDescriptions();
  return {
    totals: keyed('total')[0] ?? { key: null, ...admissionsCountsOf(emptyCounts()) },
    months: keyed('month'),
    byClinic: keyed('clinic'),
    byProvider: keyed('provider'),
    topDiagnoses: rows
      .filter((row) => row.breakdown === 'diagnosis')
      .slice(0, options.diagnosisLimit)
      .map((row) => ({
        category: row.key ?? '',
        description: descriptions.get(row.key ?? '') ?? 'No diagnosis given',
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
  const rows = await rowsOf<StayRow>(
    db,
    sql`
    select s.id, s.patient_id, p.first_name, p.last_name, p.birth_date::text as birth_date, p.mrn, s.kind, s.origin,
      s.admit_date::text as admit_date, s.discharge_date::text as discharge_date, s.length_of_stay, s.diagnosis_code,
      s.diagnosis_text, s.ccsr_category, s.is_readmission, s.is_readmitted,
      nullif(trim(concat(pr.first_name, ' ', pr.last_name)), '') as provider_name, c.name as clinic_name,
      count(*) over ()::int as total
    from pop_stays s
    join patients p on p.id = s.patient_id
    left join providers pr on pr.id = s.provider_id
    left join clinics c on c.id = s.clinic_id
    where ${stayConditions(query, options.drill)}
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
  const rows = await rowsOf<TransitionalRow>(
    db,
    sql`
    with latest as (
      select distinct on (s.patient_id) s.*
      from pop_stays s
      where ${query.attributed('s')} and s.kind in ('inpatient', 'observation')
        and s.discharge_date between ${options.today}::date - ${TRANSITIONAL_CARE_DAYS}::int and ${options.today}::date
      order by s.patient_id, s.discharge_date desc, s.id
    )
    select s.id, s.patient_id, p.first_name, p.last_name, p.birth_date::text as birth_date, p.mrn, p.phone, s.kind,
      s.admit_date::text as admit_date, s.discharge_date::text as discharge_date,
      (${options.today}::date - s.discharge_date)::int as days_since, s.diagnosis_code, s.diagnosis_text, s.is_readmission,
      nullif(s.provider_id, ${NO_PROVIDER}::uuid) as provider_id,
      nullif(trim(concat(pr.first_name, ' ', pr.last_name)), '') as provider_name, c.name as clinic_name,
      next.id as next_sid, next.start_at as next_start,
      nullif(trim(concat(np.first_name, ' ', np.last_name)), '') as next_provider,
      count(*) over ()::int as total
    from latest s
    join patients p on p.id = s.patient_id
    left join providers pr on pr.id = s.provider_id
    left join clinics c on c.id = s.clinic_id
    left join lateral (
      select a.id, a.start_at, a.provider_id from appointments a
      where a.patient_id = s.patient_id and a.status in ('booked', 'pending', 'arrived', 'checked-in')
        and a.start_at >= ${options.today}::date
      order by a.start_at limit 1
    ) next on true
    left join providers np on np.id = next.provider_id
    where p.deceased_date is null and not exists (
      select 1 from encounters e
      where e.patient_id = s.patient_id and e.start_date >= s.discharge_date
        and coalesce(e.class_code, '') not in ${STAY_CLASSES}
        and e.status not in ('cancelled', 'entered-in-error', 'planned'))
    order by s.discharge_date, p.last_name, p.first_name, s.id
    limit ${options.limit} offset ${options.offset}`,
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
