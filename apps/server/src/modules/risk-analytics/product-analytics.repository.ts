import type { AnalyticsEventName } from '@cairn/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from './risk-rebuild-work';

export interface UsageRange {
  organisationId: string;
  /** First and last day, `YYYY-MM-DD`, in UTC. */
  from: string;
  to: string;
  granularity: 'day' | 'week';
}

interface TimingStats {
  count: number;
  p50: number;
  p95: number;
}

export interface TimingRow extends TimingStats {
  page: string;
  mark: string;
}

export interface UsageReadout {
  totals: { events: number; activeUsers: number };
  byName: { period: string; name: AnalyticsEventName; count: number }[];
  activeUsers: { period: string; users: number }[];
  pages: { page: string; events: number; users: number }[];
  timings: TimingRow[];
  timingsByPeriod: (TimingRow & { period: string })[];
}

/** A day's (a `date` column's) period: the day itself, or the Monday of its ISO week, as text. */
function periodOf(day: SQL, granularity: UsageRange['granularity']): SQL {
  return granularity === 'day' ? sql`${day}::text` : sql`date_trunc('week', ${day})::date::text`;
}

const isTiming = sql`name = 'SlownessOptimization' and jsonb_typeof(properties->'ms') = 'number'`;

/**
 * The organisation's raw events from one day to another (inclusive), narrowed once: their UTC day, user, name and
 * page, and for a SlownessOptimization event with a numeric `ms`, its mark (`load` when none is named) and ms.
 */
function rawEvents(organisationId: string, from: SQL, to: SQL): SQL {
  return sql`select (created_at at time zone 'UTC')::date as day, user_id, name,
      coalesce(properties->>'page', properties->>'SourcePage', '(none)') as page,
      case when ${isTiming} then coalesce(properties->>'mark', 'load') end as mark,
      case when ${isTiming} then (properties->>'ms')::float8 end as ms
    from analytics_events
    where organisation_id = ${organisationId}
      and created_at >= ${from} at time zone 'UTC' and created_at < (${to} + 1) at time zone 'UTC'`;
}

/**
 * Rolls up the range's ended UTC days that are not rolled up yet: their events by user, name and page, and their
 * timings by page and mark (`analytics_usage_days`, `analytics_timing_days`). A day is claimed in
 * `analytics_usage_rollups` in the same statement, so that two readers never roll up the same day twice (the
 * second waits for the first's claim and skips it). Answers how many days it rolled up.
 */
export async function rollUpUsage(db: Db, range: UsageRange): Promise<number> {
  const { organisationId } = range;
  const [row] = rowsOf<{ days: number }>(
    await db.execute(sql`with days as (
        select d::date as day
        from generate_series(${range.from}::date, least(${range.to}::date, (now() at time zone 'UTC')::date - 1),
          interval '1 day') d
        where not exists (select 1 from analytics_usage_rollups r where r.organisation_id = ${organisationId}
          and r.day = d::date)
      ),
      claimed as (
        insert into analytics_usage_rollups (organisation_id, day) select ${organisationId}, day from days
        on conflict do nothing returning day
      ),
      e as (
        select * from (${rawEvents(organisationId, sql`(select min(day) from claimed)`, sql`(select max(day) from claimed)`)}) raw
        where raw.day in (select day from claimed)
      ),
      counted as (
        insert into analytics_usage_days (organisation_id, day, user_id, name, page, events)
        select ${organisationId}, day, user_id, name, page, count(*) from e group by day, user_id, name, page
      ),
      timed as (
        insert into analytics_timing_days (organisation_id, day, page, mark, ms)
        select ${organisationId}, day, page, mark, array_agg(ms) from e where ms is not null group by day, page, mark
      )
      select count(*)::int as days from claimed`),
  );
  return row?.days ?? 0;
}

/**
 * Forgets an organisation's roll-ups, to be rolled up again from its events: for a writer of events stamped in the
 * past (the demo's generated year of use), which an ended day's roll-up would otherwise miss.
 */
export async function forgetUsageRollups(db: Db, organisationId: string): Promise<void> {
  await db.execute(sql`delete from analytics_usage_rollups where organisation_id = ${organisationId}`);
  await db.execute(sql`delete from analytics_usage_days where organisation_id = ${organisationId}`);
  await db.execute(sql`delete from analytics_timing_days where organisation_id = ${organisationId}`);
}

/**
 * A fraction's percentile of sorted values, as PostgreSQL's `percentile_cont` computes it (interpolated between the two
 * nearest ranks), rounded to 0.1 as `round(value::numeric, 1)` rounds (the value's 15 significant digits, half away
 * from zero). Null for no values.
 */
export function percentileCont(sorted: Float64Array, fraction: number): number | null {
  if (sorted.length === 0) return null;
  const position = fraction * (sorted.length - 1);
  const below = sorted[Math.floor(position)] ?? Number.NaN;
  const above = sorted[Math.ceil(position)] ?? Number.NaN;
  const value = below + (above - below) * (position - Math.floor(position));
  const digits = Math.abs(value).toPrecision(15);
  if (digits.includes('e')) return Math.round(value * 10) / 10;
  const [whole = '0', fractional = ''] = digits.split('.');
  const tenths = Number(whole) * 10 + Number(fractional[0] ?? '0') + ((fractional[1] ?? '0') >= '5' ? 1 : 0);
  return (Math.sign(value) * tenths) / 10;
}

/** A day's (or today's) SlownessOptimization values of one page and mark, under the day's period. */
interface TimingValues {
  period: string;
  page: string;
  mark: string;
  ms: number[];
}

/** The values grouped by some of their fields, each group's count, p50 and p95, ordered by those fields. */
function timingsBy<F extends 'period' | 'page' | 'mark'>(
  rows: readonly TimingValues[],
  fields: readonly F[],
): (Pick<TimingValues, F> & TimingStats)[] {
  const groups = new Map<string, { key: Pick<TimingValues, F>; values: number[] }>();
  for (const row of rows) {
    const id = fields.map((field) => row[field]).join('\u0000');
    let group = groups.get(id);
    if (!group) {
      group = {
        key: Object.fromEntries(fields.map((field) => [field, row[field]])) as Pick<TimingValues, F>,
        values: [],
      };
      groups.set(id, group);
    }
    for (const value of row.ms) group.values.push(value);
  }
  return [...groups]
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .map(([, { key, values }]) => {
      const sorted = Float64Array.from(values).sort();
      // Never 0 for want of a value: a day's row holds one or more.
      const [p50, p95] = [percentileCont(sorted, 0.5) ?? 0, percentileCont(sorted, 0.95) ?? 0];
      return { ...key, count: sorted.length, p50, p95 };
    });
}

/** A JSON array of a query's rows in an order of its columns (`[]` for none). */
const jsonRows = (query: SQL, order: string) =>
  sql`(select coalesce(json_agg(r order by ${sql.raw(order)}), '[]'::json) from (${query}) r)`;

/**
 * Everything the usage and slowness panels show, for one range, in one statement: the ended days from their
 * roll-ups (rolled up first when they are not yet), the others (today) from the raw events. A month of raw events
 * of a 100,000-patient organisation (45,000) took 300 ms to read and count; their roll-ups are narrow rows. The
 * timings' percentiles are computed here from the days' values: PostgreSQL took 77 ms to unnest and sort a month's
 * 28,000 values twice (by page, and by day and page).
 */
export async function readUsage(db: Db, range: UsageRange): Promise<UsageReadout> {
  await rollUpUsage(db, range);
  const { organisationId, granularity } = range;
  const inRange = sql`organisation_id = ${organisationId} and day between ${range.from}::date and ${range.to}::date`;
  const [readout] = rowsOf<Omit<UsageReadout, 'timings' | 'timingsByPeriod'> & { timingValues: TimingValues[] }>(
    await db.execute(sql`with open_days as materialized (
        select d::date as day from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d
        where not exists (select 1 from analytics_usage_rollups r where r.organisation_id = ${organisationId}
          and r.day = d::date)
      ),
      raw as materialized (
        select * from (${rawEvents(organisationId, sql`(select min(day) from open_days)`, sql`${range.to}::date`)}) raw
        where raw.day in (select day from open_days)
      ),
      e as materialized (
        select ${periodOf(sql`day`, granularity)} as period, user_id, name, page, events
        from analytics_usage_days where ${inRange}
        union all
        select ${periodOf(sql`day`, granularity)}, user_id, name, page, 1 from raw
      ),
      t as (
        select ${periodOf(sql`day`, granularity)} as period, page, mark, ms
        from analytics_timing_days where ${inRange}
        union all
        select ${periodOf(sql`day`, granularity)}, page, mark, array_agg(ms) from raw where ms is not null
        group by day, page, mark
      )
      select
        (select json_build_object('events', coalesce(sum(events), 0)::int, 'activeUsers', count(distinct user_id)::int)
          from e) as "totals",
        ${jsonRows(sql`select period, name, sum(events)::int as count from e group by 1, 2`, 'r.period, r.name')} as "byName",
        ${jsonRows(sql`select period, count(distinct user_id)::int as users from e group by 1`, 'r.period')} as "activeUsers",
        ${jsonRows(
          sql`select page, sum(events)::int as events, count(distinct user_id)::int as users from e group by 1`,
          'r.events desc, r.page',
        )} as "pages",
        (select coalesce(json_agg(t), '[]'::json) from t) as "timingValues"`),
  );
  if (!readout) throw new Error('The usage statement answered no row');
  const { timingValues, ...usage } = readout;
  return {
    ...usage,
    timings: timingsBy(timingValues, ['page', 'mark']),
    timingsByPeriod: timingsBy(timingValues, ['period', 'page', 'mark']),
  };
}
