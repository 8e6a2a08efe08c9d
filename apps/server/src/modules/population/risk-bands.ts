import { sql, type SQL } from 'drizzle-orm';

/**
 * The RAF bands of "cost against risk" (issue 20): the patient's V28 RAF of the diagnoses documented this
 * year, by its lower bound; `none` for a patient not analysed yet.
 */
export const RISK_BANDS = [
  { key: 'under-0.5', label: 'Under 0.5', from: 0 },
  { key: '0.5-1', label: '0.5 to 1', from: 0.5 },
  { key: '1-1.5', label: '1 to 1.5', from: 1 },
  { key: '1.5-2', label: '1.5 to 2', from: 1.5 },
  { key: '2-3', label: '2 to 3', from: 2 },
  { key: '3-plus', label: '3 and over', from: 3 },
] as const;
export const NO_RISK_BAND = { key: 'none', label: 'Not analysed yet' } as const;

/**
 * A patient whose PMPM is over this many times their risk band's is an outlier. The band's PMPM is the
 * organisation's, of the period (its patients of that band): the same benchmark whatever the filters.
 */
export const OUTLIER_FACTOR = 3;

/** The band of a RAF, as SQL. */
export function riskBandCase(raf: SQL): SQL {
  const cases = [...RISK_BANDS]
    .reverse()
    .map((band) => sql`when ${raf} >= ${sql.raw(String(band.from))} then ${band.key}`);
  return sql`case when ${raf} is null then ${NO_RISK_BAND.key} ${sql.join(cases, sql` `)} end`;
}
