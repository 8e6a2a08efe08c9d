import { sql, type SQL } from 'drizzle-orm';

/**
 * What a request counts, resolved: the organisation, the period (a year and its months), the chosen
 * providers, clinics and HCC, and the caller's care scope (a provider-view user linked to providers
 * counts only the patients and visits attributed to those providers).
 */
export interface RiskSelection {
  organisationId: string;
  year: number;
  fromMonth: number;
  toMonth: number;
  providerIds: readonly string[] | undefined;
  clinicIds: readonly string[] | undefined;
  hcc: number | undefined;
  /** `undefined` when the whole organisation is visible. */
  scopeProviderIds: readonly string[] | undefined;
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** The first day of a month of the selection's year, `YYYY-MM-DD`. */
export function monthStart(selection: Pick<RiskSelection, 'year'>, month: number): string {
  return `${String(selection.year)}-${pad(month)}-01`;
}

/** The last day of the selection's last month. */
export function periodEnd(selection: Pick<RiskSelection, 'year' | 'toMonth'>): string {
  const last = new Date(Date.UTC(selection.year, selection.toMonth, 0)).getUTCDate();
  return `${String(selection.year)}-${pad(selection.toMonth)}-${pad(last)}`;
}

const uuids = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * The conditions on a table with `organisation_id`, `provider_id`, `clinic_id` (and `hcc` when `hcc` is
 * given) under `alias`: the organisation, the chosen providers and clinics, the caller's scope.
 */
export function attributionWhere(selection: RiskSelection, alias: string, hcc?: 'filter' | 'ignore'): SQL {
  const column = (name: string): SQL => sql.raw(`${alias}.${name}`);
  const conditions: SQL[] = [sql`${column('organisation_id')} = ${selection.organisationId}`];
  if (selection.providerIds) conditions.push(sql`${column('provider_id')} = any(${uuids(selection.providerIds)})`);
  if (selection.scopeProviderIds) {
    conditions.push(sql`${column('provider_id')} = any(${uuids(selection.scopeProviderIds)})`);
  }
  if (selection.clinicIds) conditions.push(sql`${column('clinic_id')} = any(${uuids(selection.clinicIds)})`);
  if (hcc !== 'ignore' && selection.hcc !== undefined) conditions.push(sql`${column('hcc')} = ${selection.hcc}`);
  return sql.join(conditions, sql` and `);
}
