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

/** The organisation's events of the range, with their day or ISO week (Monday) and page. */
function eventsOf(range: UsageRange): SQL {
  const period =
    range.granularity === 'day'
      ? sql`(created_at at time zone 'UTC')::date`
      : sql`date_trunc('week', created_at at time zone 'UTC')::date`;
  return sql`select user_id, name, properties, ${period}::text as period,
      coalesce(properties->>'page', properties->>'SourcePage', '(none)') as page
    from analytics_events
    where organisation_id = ${range.organisationId}
      and created_at >= ${range.from}::date at time zone 'UTC'
      and created_at < (${range.to}::date + 1) at time zone 'UTC'`;
}

/** SlownessOptimization events with a numeric `ms`, their mark (`load` when none is named). */
function timingsOf(range: UsageRange): SQL {
  return sql`select period, page, coalesce(properties->>'mark', 'load') as mark, (properties->>'ms')::float8 as ms
    from (${eventsOf(range)}) e
    where name = 'SlownessOptimization' and jsonb_typeof(properties->'ms') = 'number'`;
}

const percentiles = sql`count(*)::int as "count",
  round(percentile_cont(0.5) within group (order by ms)::numeric, 1)::float8 as "p50",
  round(percentile_cont(0.95) within group (order by ms)::numeric, 1)::float8 as "p95"`;

/** Everything the usage and slowness panels show, for one range. */
export async function readUsage(db: Db, range: UsageRange): Promise<UsageReadout> {
  const events = eventsOf(range);
  const totals = rowsOf<{ events: number; activeUsers: number }>(
    await db.execute(
      sql`select count(*)::int as "events", count(distinct user_id)::int as "activeUsers" from (${events}) e`,
    ),
  );
  const byName = rowsOf<{ period: string; name: AnalyticsEventName; count: number }>(
    await db.execute(sql`select period as "period", name as "name", count(*)::int as "count"
      from (${events}) e group by 1, 2 order by 1, 2`),
  );
  const activeUsers = rowsOf<{ period: string; users: number }>(
    await db.execute(sql`select period as "period", count(distinct user_id)::int as "users"
      from (${events}) e group by 1 order by 1`),
  );
  const pages = rowsOf<{ page: string; events: number; users: number }>(
    await db.execute(sql`select page as "page", count(*)::int as "events", count(distinct user_id)::int as "users"
      from (${events}) e group by 1 order by 2 desc, 1`),
  );
  const timings = rowsOf<TimingRow>(
    await db.execute(sql`select page as "page", mark as "mark", ${percentiles}
      from (${timingsOf(range)}) t group by 1, 2 order by 1, 2`),
  );
  const timingsByPeriod = rowsOf<TimingRow & { period: string }>(
    await db.execute(sql`select period as "period", page as "page", mark as "mark", ${percentiles}
      from (${timingsOf(range)}) t group by 1, 2, 3 order by 1, 2, 3`),
  );
  return { totals: totals[0] ?? { events: 0, activeUsers: 0 }, byName, activeUsers, pages, timings, timingsByPeriod };
}
