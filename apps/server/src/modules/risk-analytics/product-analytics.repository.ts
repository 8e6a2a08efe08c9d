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

export interface TimingRow {
  page: string;
  mark: string;
  count: number;
  p50: number;
  p95: number;
}

export interface UsageReadout {
  totals: { events: number; activeUsers: number };
  byName: { period: string; name: AnalyticsEventName; count: number }[];
  activeUsers: { period: string; users: number }[];
  pages: { page: string; events: number; users: number }[];
  timings: TimingRow[];
  timingsByPeriod: (TimingRow & { period: string })[];
}

/**
 * The organisation's events of the range, narrowed once: their user, name, day or ISO week (Monday) and
 * page, and for a SlownessOptimization event with a numeric `ms`, its mark (`load` when none is named) and ms.
 */
function eventsOf(range: UsageRange): SQL {
  const period =
    range.granularity === 'day'
      ? sql`(created_at at time zone 'UTC')::date`
      : sql`date_trunc('week', created_at at time zone 'UTC')::date`;
  const isTiming = sql`name = 'SlownessOptimization' and jsonb_typeof(properties->'ms') = 'number'`;
  return sql`select user_id, name, ${period}::text as period,
      coalesce(properties->>'page', properties->>'SourcePage', '(none)') as page,
      case when ${isTiming} then coalesce(properties->>'mark', 'load') end as mark,
      case when ${isTiming} then (properties->>'ms')::float8 end as ms
    from analytics_events
    where organisation_id = ${range.organisationId}
      and created_at >= ${range.from}::date at time zone 'UTC'
      and created_at < (${range.to}::date + 1) at time zone 'UTC'`;
}

const percentiles = sql`count(*)::int as "count",
  round(percentile_cont(0.5) within group (order by ms)::numeric, 1)::float8 as "p50",
  round(percentile_cont(0.95) within group (order by ms)::numeric, 1)::float8 as "p95"`;

/** A JSON array of a query's rows in an order of its columns (`[]` for none). */
const jsonRows = (query: SQL, order: string) =>
  sql`(select coalesce(json_agg(r order by ${sql.raw(order)}), '[]'::json) from (${query}) r)`;

/**
 * Everything the usage and slowness panels show, for one range: one statement reading the range's events
 * once (six queries over them took 350 ms for a month of 100,000 patients' organisation).
 */
export async function readUsage(db: Db, range: UsageRange): Promise<UsageReadout> {
  const [readout] = rowsOf<UsageReadout>(
    await db.execute(sql`with e as materialized (${eventsOf(range)}),
      t as (select period, page, mark, ms from e where ms is not null)
      select
        (select json_build_object('events', count(*)::int, 'activeUsers', count(distinct user_id)::int) from e) as "totals",
        ${jsonRows(sql`select period, name, count(*)::int as count from e group by 1, 2`, 'r.period, r.name')} as "byName",
        ${jsonRows(sql`select period, count(distinct user_id)::int as users from e group by 1`, 'r.period')} as "activeUsers",
        ${jsonRows(
          sql`select page, count(*)::int as events, count(distinct user_id)::int as users from e group by 1`,
          'r.events desc, r.page',
        )} as "pages",
        ${jsonRows(sql`select page, mark, ${percentiles} from t group by 1, 2`, 'r.page, r.mark')} as "timings",
        ${jsonRows(
          sql`select period, page, mark, ${percentiles} from t group by 1, 2, 3`,
          'r.period, r.page, r.mark',
        )} as "timingsByPeriod"`),
  );
  if (!readout) throw new Error('The usage statement answered no row');
  return readout;
}
