import type { PopulationFilters } from '@cairn/contracts';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { CareScope } from '../../access';
import type { Db } from '../../db/client';
import { populationRefresh } from '../../db/population-schema';
import { AppError } from '../../lib/app-error';
import { populationWindow, type PopulationPeriod } from './population-window';

/** Rows of a raw query: PGlite and node-postgres both answer `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** What every population query is narrowed to: the caller's organisation and care scope, and the filters. */
export interface PopulationQuery {
  organisationId: string;
  /** The rows' attribution (a table alias's `provider_id` and `clinic_id`) the caller may see and chose. */
  attributed(alias: string): SQL;
  period: PopulationPeriod;
  /** The day the population tables were rebuilt as of. */
  asOf: string;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** How a period reads: "Last 12 months (Dec 2025 - Nov 2026)" or "2025". */
export function periodLabel(period: PopulationPeriod): string {
  if (period.key !== 'L12') return period.to.endsWith('-12-31') ? period.key : `${period.key} to date`;
  const month = (date: string) =>
    `${(MONTH_NAMES[Number(date.slice(5, 7)) - 1] ?? '').slice(0, 3)} ${date.slice(0, 4)}`;
  return `Last 12 months (${month(period.from)} – ${month(period.to)})`;
}

export interface Freshness {
  refreshedAt: string | null;
  asOf: string | null;
  isRefreshing: boolean;
  periods: { key: string; label: string; from: string; to: string }[];
}

/** The organisation's last rebuild and the periods it offers (those of today when it has none yet). */
export async function readFreshness(db: Db, organisationId: string, today: string): Promise<Freshness> {
  const [state] = await db.select().from(populationRefresh).where(eq(populationRefresh.organisationId, organisationId));
  const asOf = state?.asOf ?? null;
  return {
    refreshedAt: state?.refreshedAt?.toISOString() ?? null,
    asOf,
    isRefreshing: !state?.refreshedAt || state.dirtySince !== null,
    periods: populationWindow(asOf ?? today).periods.map((period) => ({ ...period, label: periodLabel(period) })),
  };
}

/**
 * The query of a caller's filters. A period the tables do not hold is refused naming it; clinics,
 * departments and providers select with "or" (a patient of a chosen provider, or of any provider of a
 * chosen department or clinic); a provider-view user's scope keeps their own providers' patients.
 */
export function populationQuery(scope: CareScope, filters: PopulationFilters, freshness: Freshness): PopulationQuery {
  const found = freshness.periods.find((period) => period.key === filters.period);
  if (!found) {
    const message = `Invalid filters.period: the periods are ${freshness.periods.map((period) => period.key).join(', ')}`;
    throw new AppError('VALIDATION_FAILED', message, { issues: [{ field: 'filters.period', message }] });
  }
  const chosen = (column: (name: string) => SQL): SQL[] => [
    ...(filters.clinicIds?.length ? [sql`${column('clinic_id')} = any(${sql.param(filters.clinicIds)}::uuid[])`] : []),
    ...(filters.providerIds?.length
      ? [sql`${column('provider_id')} = any(${sql.param(filters.providerIds)}::uuid[])`]
      : []),
    ...(filters.departmentIds?.length
      ? [
          sql`${column('provider_id')} in (select id from providers where organisation_id = ${scope.organisationId}
            and department_id = any(${sql.param(filters.departmentIds)}::uuid[]))`,
        ]
      : []),
  ];
  return {
    organisationId: scope.organisationId,
    period: found,
    asOf: freshness.asOf ?? found.to,
    attributed(alias) {
      const column = (name: string) => sql.raw(`${alias}.${name}`);
      const conditions: SQL[] = [sql`${column('organisation_id')} = ${scope.organisationId}`];
      if (scope.providerIds)
        conditions.push(sql`${column('provider_id')} = any(${sql.param([...scope.providerIds])}::uuid[])`);
      const any = chosen(column);
      if (any.length > 0) conditions.push(sql`(${sql.join(any, sql` or `)})`);
      return sql.join(conditions, sql` and `);
    },
  };
}
