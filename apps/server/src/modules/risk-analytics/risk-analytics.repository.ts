import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from './risk-rebuild-work';
import { attributionWhere, monthStart, type RiskSelection } from './risk-selection';

/** How counts are keyed: one row for everything, or by month (`YYYY-MM`), clinic, provider or HCC. */
export type CountKey = 'none' | 'month' | 'clinic' | 'provider' | 'hcc';

/** The summed counters of `risk_counts` under one key. */
export interface CountSums {
  key: string;
  recaptureDue: number;
  recaptured: number;
  decided: number;
  accepted: number;
  decidedByCoder: number;
  acceptedByCoder: number;
  decidedByProvider: number;
  acceptedByProvider: number;
  decidedBeforeVisit: number;
  bothDecided: number;
  agreed: number;
  pushesWritten: number;
  pushesFailed: number;
  pushesPending: number;
}

export interface SnapshotSums {
  key: string;
  patients: number;
  rafNowSum: number;
  rafPotentialSum: number;
  openSuggestions: number;
  undecidedSuggestions: number;
}

/** A grouping's key of a row of `t` (the total's is TOTAL_KEY, given by `groupingOf`). */
function keyOf(key: Exclude<CountKey, 'none'>): SQL {
  switch (key) {
    case 'month':
      return sql`to_char(t.month, 'YYYY-MM')`;
    case 'clinic':
      return sql`t.clinic_id::text`;
    case 'provider':
      return sql`t.provider_id::text`;
    case 'hcc':
      return sql`t.hcc::text`;
  }
}

/** The key of the total among a grouping's rows. */
export const TOTAL_KEY = '';

/**
 * How a count table is read for a key, the total with its groups in one pass: the rows (one HCC; or the rows of
 * every HCC together, `hcc` -1), each row's key (TOTAL_KEY for the total), and the grouping (with `columns` in each
 * group). By HCC without one chosen, each HCC's rows are its group and the -1 rows the total.
 */
function groupingOf(selection: RiskSelection, key: CountKey, columns: string[] = []): { rows: SQL; key: SQL; by: SQL } {
  const extra = columns.map((column) => sql.raw(column));
  if (key === 'hcc' && selection.hcc === undefined) {
    return {
      rows: sql`t.hcc >= -1`,
      key: sql`case when t.hcc = -1 then ${TOTAL_KEY} else t.hcc::text end`,
      by: sql.join([sql`t.hcc`, ...extra], sql`, `),
    };
  }
  const rows = selection.hcc === undefined ? sql`t.hcc = -1` : sql`t.hcc = ${selection.hcc}`;
  if (key === 'none')
    return { rows, key: sql`${TOTAL_KEY}`, by: extra.length > 0 ? sql.join(extra, sql`, `) : sql`()` };
  const expression = keyOf(key);
  return {
    rows,
    key: sql`case when grouping(${expression}) = 1 then ${TOTAL_KEY} else ${expression} end`,
    by: sql`grouping sets ((${sql.join(extra, sql`, `)}), (${sql.join([expression, ...extra], sql`, `)}))`,
  };
}

/**
 * The counters: their total (TOTAL_KEY) and by key. Events count in the period's months; recapture counts the year's
 * HCCs due and those recaptured from January to the period's last month. By month, every month from January is
 * answered (with its recapture counts, its events only in the period: the service makes recapture cumulative and
 * keeps the period's months).
 */
export async function sumCounts(db: Db, selection: RiskSelection, key: CountKey): Promise<CountSums[]> {
  const yearStart = monthStart(selection, 1);
  const inPeriod = sql`t.month >= ${monthStart(selection, selection.fromMonth)}::date`;
  const sum = (column: string, condition: SQL = inPeriod): SQL =>
    sql`coalesce(sum(${sql.raw(`t.${column}`)}) filter (where ${condition}), 0)::int`;
  const grouping = groupingOf(selection, key);
  const result = await db.execute(sql`select ${grouping.key} as "key",
      ${sum('recapture_due', sql`true`)} as "recaptureDue", ${sum('recaptured', sql`true`)} as "recaptured",
      ${sum('decided')} as "decided", ${sum('accepted')} as "accepted",
      ${sum('decided_by_coder')} as "decidedByCoder", ${sum('accepted_by_coder')} as "acceptedByCoder",
      ${sum('decided_by_provider')} as "decidedByProvider", ${sum('accepted_by_provider')} as "acceptedByProvider",
      ${sum('decided_before_visit')} as "decidedBeforeVisit", ${sum('both_decided')} as "bothDecided",
      ${sum('agreed')} as "agreed", ${sum('pushes_written')} as "pushesWritten",
      ${sum('pushes_failed')} as "pushesFailed", ${sum('pushes_pending')} as "pushesPending"
    from risk_counts t
    where ${attributionWhere(selection, 't', 'ignore')} and ${grouping.rows}
      and t.month between ${yearStart}::date and ${monthStart(selection, selection.toMonth)}::date
    group by ${grouping.by}`);
  return rowsOf<CountSums>(result);
}

/** Decisions on suggestions by days to decision, in the period's months: in total (TOTAL_KEY) and by key. */
export async function sumDecisionDays(
  db: Db,
  selection: RiskSelection,
  key: CountKey,
): Promise<{ key: string; days: number; decisions: number }[]> {
  const grouping = groupingOf(selection, key, ['t.days']);
  const result = await db.execute(sql`select ${grouping.key} as "key", t.days, sum(t.decisions)::int as "decisions"
    from risk_decision_days t
    where ${attributionWhere(selection, 't', 'ignore')} and ${grouping.rows}
      and t.month between ${monthStart(selection, selection.fromMonth)}::date and ${monthStart(selection, selection.toMonth)}::date
    group by ${grouping.by} order by 1, 2`);
  return rowsOf(result);
}

/**
 * RAF and open suggestions: by month, each month's snapshot in the period (no total); otherwise of the latest
 * snapshot (the current analyses, which the drill-downs list), in total (TOTAL_KEY) and by key.
 */
export async function sumSnapshots(db: Db, selection: RiskSelection, key: CountKey): Promise<SnapshotSums[]> {
  const months =
    key === 'month'
      ? sql`t.month between ${monthStart(selection, selection.fromMonth)}::date and ${monthStart(selection, selection.toMonth)}::date`
      : sql`t.month = (select max(month) from risk_snapshots where organisation_id = ${selection.organisationId})`;
  const grouping =
    key === 'month'
      ? { rows: groupingOf(selection, 'none').rows, key: keyOf('month'), by: keyOf('month') }
      : groupingOf(selection, key);
  const result = await db.execute(sql`select ${grouping.key} as "key", sum(t.patients)::int as "patients",
      sum(t.raf_now_sum)::float8 as "rafNowSum", sum(t.raf_potential_sum)::float8 as "rafPotentialSum",
      sum(t.open_suggestions)::int as "openSuggestions", sum(t.undecided_suggestions)::int as "undecidedSuggestions"
    from risk_snapshots t
    where ${attributionWhere(selection, 't', 'ignore')} and ${grouping.rows} and ${months}
    group by ${grouping.by}`);
  return rowsOf(result);
}

/** Failed pushes of the period by reason, most frequent first. */
export async function countFailureReasons(
  db: Db,
  selection: RiskSelection,
): Promise<{ reason: string; count: number }[]> {
  const result = await db.execute(sql`select coalesce(t.failure_reason, 'Unknown') as "reason", count(*)::int as "count"
    from risk_pushes t
    where ${attributionWhere(selection, 't')} and t.status = 'failed'
      and t.month between ${monthStart(selection, selection.fromMonth)}::date and ${monthStart(selection, selection.toMonth)}::date
    group by 1 order by 2 desc, 1`);
  return rowsOf(result);
}

/** The names of the organisation's providers and clinics with these ids. */
export async function findNames(
  db: Db,
  organisationId: string,
  kind: 'provider' | 'clinic',
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const list = sql`${`{${ids.join(',')}}`}::uuid[]`;
  const result =
    kind === 'provider'
      ? await db.execute(sql`select id::text as "id",
          trim(concat_ws(' ', first_name, last_name)) || coalesce(', ' || suffix, '') as "name"
          from providers where organisation_id = ${organisationId} and id = any(${list})`)
      : await db.execute(
          sql`select id::text as "id", name as "name" from clinics where organisation_id = ${organisationId} and id = any(${list})`,
        );
  return new Map(rowsOf<{ id: string; name: string }>(result).map((row) => [row.id, row.name]));
}

/** When the organisation's analytics were last rebuilt, and whether its data changed since. */
export async function findRefreshState(
  db: Db,
  organisationId: string,
): Promise<{ refreshedAt: Date | null; isStale: boolean }> {
  const [row] = rowsOf<{ refreshedAt: string | Date | null; isStale: boolean }>(
    await db.execute(sql`select refreshed_at as "refreshedAt", dirty_since is not null as "isStale"
      from population_refresh where organisation_id = ${organisationId}`),
  );
  if (!row) return { refreshedAt: null, isStale: false };
  return { refreshedAt: row.refreshedAt === null ? null : new Date(row.refreshedAt), isStale: row.isStale };
}
