import { sql, type SQL } from 'drizzle-orm';

/**
 * What a request counts, resolved: the organisation, the period (a year and its months), the chosen
 * clinics, departments and providers ("or", as the schedule's hierarchy filter chooses), the HCC, the
 * row of a grouping being drilled ("and"), and the caller's care scope (a provider-view user linked to
 * providers counts only the patients and visits attributed to those providers).
 */
export interface RiskSelection {
  organisationId: string;
  year: number;
  fromMonth: number;
  toMonth: number;
  chosen: { providerIds?: readonly string[]; departmentIds?: readonly string[]; clinicIds?: readonly string[] };
  hcc: number | undefined;
  /** A grouping's row: its provider or clinic. */
  group: { providerId?: string; clinicId?: string };
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
 * The conditions on a table with `organisation_id`, `provider_id`, `clinic_id` (and `hcc`, unless told
 * to ignore it) under `alias`: the organisation, the chosen clinics, departments and providers, the
 * grouping's row, the HCC and the caller's scope.
 */
export function attributionWhere(selection: RiskSelection, alias: string, hcc?: 'filter' | 'ignore'): SQL {
  const column = (name: string): SQL => sql.raw(`${alias}.${name}`);
  const conditions: SQL[] = [sql`${column('organisation_id')} = ${selection.organisationId}`];
  const { providerIds, departmentIds, clinicIds } = selection.chosen;
  const chosen: SQL[] = [];
  if (providerIds?.length) chosen.push(sql`${column('provider_id')} = any(${uuids(providerIds)})`);
  if (departmentIds?.length) {
    chosen.push(sql`${column('provider_id')} in (select id from providers
      where organisation_id = ${selection.organisationId} and department_id = any(${uuids(departmentIds)}))`);
  }
  if (clinicIds?.length) chosen.push(sql`${column('clinic_id')} = any(${uuids(clinicIds)})`);
  if (chosen.length > 0) conditions.push(sql`(${sql.join(chosen, sql` or `)})`);
  if (selection.group.providerId) conditions.push(sql`${column('provider_id')} = ${selection.group.providerId}`);
  if (selection.group.clinicId) conditions.push(sql`${column('clinic_id')} = ${selection.group.clinicId}`);
  if (selection.scopeProviderIds) {
    conditions.push(sql`${column('provider_id')} = any(${uuids(selection.scopeProviderIds)})`);
  }
  if (hcc !== 'ignore' && selection.hcc !== undefined) conditions.push(sql`${column('hcc')} = ${selection.hcc}`);
  return sql.join(conditions, sql` and `);
}
