import type { QualityRateGrouping } from '@cairn/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { CareScope } from '../../access';
import type { CareGapState } from '../../db/clinical-schema';
import type { Db } from '../../db/client';
import { gapOfPatientInScope } from './quality-rows.repository';
import { rowsOf } from './quality-sql';

/**
 * The one place that says which states of `care_gaps` a performance rate counts and as what: a closed
 * gap is met, an open one is not, an excluded one (a denominator exclusion or exception) is in the
 * denominator and taken out of it again. Any other state (`prospective`: not in the population until
 * the next qualifying visit) is outside the denominator.
 */
export const RATE_STATES = { met: 'closed', unmet: 'open', removed: 'excluded' } as const satisfies Record<
  string,
  CareGapState
>;
const DENOMINATOR_STATES: readonly CareGapState[] = Object.values(RATE_STATES);

/** One measure's counts for one provider, clinic or (by month) the whole scope. */
export interface RateCounts {
  measureId: string;
  measureVersion: string;
  measureTitle: string;
  /** The provider's or clinic's id (null: none); null by month. */
  groupKey: string | null;
  /** The provider's or clinic's name. */
  groupName: string | null;
  /** What tells a provider from another of the same name: their clinic. */
  groupDetail: string | null;
  denominator: number;
  exclusions: number;
  exceptions: number;
  /** For each of the query's `asOf` days, in order: the gaps met by then. */
  metBy: number[];
}

export interface RateQuery {
  scope: CareScope;
  measureIds: readonly string[] | undefined;
  /** The providers the provider, department and clinic filters choose, or `undefined` for all. */
  chosenProviderIds: readonly string[] | undefined;
  /** The measurement period's first day (`2026-01-01`). */
  periodStart: string;
  grouping: QualityRateGrouping;
  /** The days the numerator is counted at (`YYYY-MM-DD`), in order. */
  asOf: readonly string[];
}

/**
 * The latest date among a gap's closing evidence, read once per gap (a lateral aggregate, which the
 * planner cannot fold into each month's count).
 */
const latestEvidence = sql`left join lateral (
  select max(left(evidence->>'date', 10)::date) as evidence_on from jsonb_array_elements(gap.closing_evidence) evidence
  where evidence->>'date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}') latest on true`;

/**
 * The day a closed gap counts as met from: its latest closing evidence (the day its numerator held on
 * everything it names), or when an analysis first showed it closed when the evidence has no date;
 * evidence from before the period counts from its first day (a colonoscopy of 2019 meets CMS130 all
 * year), and nothing counts later than its last day.
 */
const metOn = sql`least(gap.period_end, greatest(gap.period_start,
  coalesce(latest.evidence_on, (gap.closed_at at time zone 'UTC')::date, gap.period_start)))`;

/** The patient's primary provider, with their department and clinic. */
const providerJoins = sql`left join providers provider on provider.id = gap.primary_provider_id
  left join departments department on department.id = provider.department_id
  left join clinics clinic on clinic.id = department.clinic_id`;

const GROUPS: Record<QualityRateGrouping, { key: SQL; name: SQL; detail: SQL; joins: SQL }> = {
  month: { key: sql`null::uuid`, name: sql`null::text`, detail: sql`null::text`, joins: sql`` },
  provider: {
    key: sql`gap.primary_provider_id`,
    name: sql`concat_ws(' ', nullif(provider.first_name, ''), nullif(provider.last_name, ''))`,
    detail: sql`clinic.name`,
    joins: providerJoins,
  },
  clinic: { key: sql`clinic.id`, name: sql`clinic.name`, detail: sql`null::text`, joins: providerJoins },
};

interface CountRow {
  measure_id: string;
  measure_version: string;
  title: string;
  group_key: string | null;
  group_name: string | null;
  group_detail: string | null;
  denominator: number;
  exclusions: number;
  exceptions: number;
  met_by: number[];
}

/**
 * Each measure's populations in the period, per provider or clinic (or for the whole scope by month),
 * counted in one statement over the `care_gaps` rows in the caller's scope: the denominator and its
 * exclusions and exceptions as they stand now, and the gaps met by each `asOf` day.
 */
export async function countRates(db: Db, query: RateQuery): Promise<RateCounts[]> {
  const { scope } = query;
  const group = GROUPS[query.grouping];
  const conditions = [
    sql`gap.organisation_id = ${scope.organisationId}`,
    sql`gap.status = any(${sql.param(DENOMINATOR_STATES)}::text[])`,
    sql`gap.period_start = ${query.periodStart}::date`,
    gapOfPatientInScope(scope),
  ];
  if (query.measureIds) conditions.push(sql`gap.measure_id = any(${sql.param(query.measureIds)}::text[])`);
  if (query.chosenProviderIds) {
    conditions.push(sql`gap.primary_provider_id = any(${sql.param(query.chosenProviderIds)}::uuid[])`);
  }
  const isMet = sql`gap.status = ${RATE_STATES.met}`;
  const metBy = sql.join(
    query.asOf.map((day) => sql`(count(*) filter (where ${isMet} and ${metOn} <= ${day}::date))::int`),
    sql`, `,
  );
  const isRemoved = sql`gap.status = ${RATE_STATES.removed}`;
  const rows = rowsOf<CountRow>(
    await db.execute(sql`
      select gap.measure_id, max(gap.measure_version) as measure_version, max(gap.title) as title,
        ${group.key}::text as group_key, max(${group.name}) as group_name, max(${group.detail}) as group_detail,
        count(*)::int as denominator,
        (count(*) filter (where ${isRemoved} and gap.exclusion_kind is distinct from 'exception'))::int as exclusions,
        (count(*) filter (where ${isRemoved} and gap.exclusion_kind = 'exception'))::int as exceptions,
        array[${metBy}]::int[] as met_by
      from care_gaps gap ${latestEvidence} ${group.joins}
      where ${sql.join(conditions, sql` and `)}
      group by gap.measure_id, ${group.key}
      order by length(gap.measure_id), gap.measure_id`),
  );
  return rows.map((row) => ({
    measureId: row.measure_id,
    measureVersion: row.measure_version,
    measureTitle: row.title,
    groupKey: row.group_key,
    groupName: row.group_name || null,
    groupDetail: row.group_detail,
    denominator: row.denominator,
    exclusions: row.exclusions,
    exceptions: row.exceptions,
    metBy: row.met_by,
  }));
}

/**
 * The measurement periods (years) of the organisation's gaps, latest first: a few distinct values among
 * all its rows, found by skipping from one to the next down the `care_gaps_period` index (a loose index
 * scan) rather than reading every row.
 */
export async function listRateYears(db: Db, organisationId: string): Promise<number[]> {
  const rows = rowsOf<{ year: number }>(
    await db.execute(sql`
      with recursive period as (
        (select gap.period_start from care_gaps gap where gap.organisation_id = ${organisationId}
          order by gap.period_start desc limit 1)
        union all
        select (select gap.period_start from care_gaps gap
            where gap.organisation_id = ${organisationId} and gap.period_start < period.period_start
            order by gap.period_start desc limit 1)
        from period where period.period_start is not null
      )
      select extract(year from period.period_start)::int as year from period where period.period_start is not null`),
  );
  return rows.map((row) => row.year);
}
