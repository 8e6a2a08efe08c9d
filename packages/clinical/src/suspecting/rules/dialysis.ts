import type { ProcedureRecord } from '../../record';
import { daysBetween } from '../dates';
import type { PatientIndex } from '../patient-index';

/**
 * CPT dialysis services: 90935/90937 haemodialysis, 90945/90947 other dialysis (peritoneal),
 * 90951-90970 monthly ESRD-related services, 90989/90993 home dialysis training, 90999 unlisted.
 */
const DIALYSIS_CPT = new Set([
  '90935',
  '90937',
  '90945',
  '90947',
  '90989',
  '90993',
  '90999',
  ...Array.from({ length: 20 }, (_, offset) => String(90951 + offset)),
]);
const DIALYSIS_WORDS = /\b(hemodialysis|haemodialysis|peritoneal dialysis|renal dialysis|dialysis)\b/i;
const NOT_A_SESSION = /\b(access|fistula|graft|catheter)\b/i;

/** Maintenance dialysis: longer than 3 months (CMS ESRD), and still going (a session in the last 90 days). */
const MAINTENANCE_DAYS = 90;

function isDialysis(procedure: ProcedureRecord): boolean {
  if (DIALYSIS_CPT.has(procedure.code)) return true;
  return DIALYSIS_WORDS.test(procedure.display) && !NOT_A_SESSION.test(procedure.display);
}

const cache = new WeakMap<PatientIndex, ProcedureRecord[] | null>();

/**
 * The dialysis sessions that show maintenance dialysis (first and last at least 90 days apart, the
 * last within 90 days of the as-of date), oldest first; undefined when the record shows none.
 */
export function findDialysis(index: PatientIndex): ProcedureRecord[] | undefined {
  const cached = cache.get(index);
  if (cached !== undefined) return cached ?? undefined;
  const sessions = index.procedures.filter(isDialysis).sort((left, right) => (left.date < right.date ? -1 : 1));
  const first = sessions[0];
  const last = sessions.at(-1);
  const isMaintenance =
    first !== undefined &&
    last !== undefined &&
    daysBetween(first.date, last.date) >= MAINTENANCE_DAYS &&
    daysBetween(last.date, index.asOf) <= MAINTENANCE_DAYS;
  const result = isMaintenance ? [first, last] : undefined;
  cache.set(index, result ?? null);
  return result;
}
