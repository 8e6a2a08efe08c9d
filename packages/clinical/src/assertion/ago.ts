import type { Token } from './tokens';

/**
 * ConText calls a condition historical when it began more than 14 days before the encounter, and
 * recent otherwise (Harkema et al. J Biomed Inform 2009;42:839-851, temporality). "Chest pain 3 days
 * ago" is recent; "MI 3 years ago" is historical.
 */
const RECENT_DAYS = 14;

const DAYS_PER_UNIT: ReadonlyMap<string, number> = new Map([
  ['minute', 0],
  ['minutes', 0],
  ['min', 0],
  ['mins', 0],
  ['hour', 0],
  ['hours', 0],
  ['hr', 0],
  ['hrs', 0],
  ['day', 1],
  ['days', 1],
  ['d', 1],
  ['week', 7],
  ['weeks', 7],
  ['wk', 7],
  ['wks', 7],
  ['month', 30],
  ['months', 30],
  ['mo', 30],
  ['mos', 30],
  ['year', 365],
  ['years', 365],
  ['yr', 365],
  ['yrs', 365],
  ['y', 365],
  ['decade', 3650],
  ['decades', 3650],
]);

const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ['a', 1],
  ['an', 1],
  ['one', 1],
  ['two', 2],
  ['couple', 2],
  ['three', 3],
  ['few', 3],
  ['several', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
  ['ten', 10],
  ['many', 10],
]);

function quantityBefore(tokens: readonly Token[], unitIndex: number): number {
  // "3 days", "a few days", "a couple of days", "2-3 days" (the larger bound counts).
  for (let index = unitIndex - 1; index >= Math.max(0, unitIndex - 3); index -= 1) {
    const norm = tokens[index]?.norm ?? '';
    const numeric = Number.parseFloat(norm);
    if (Number.isFinite(numeric)) return numeric;
    const worded = NUMBER_WORDS.get(norm);
    if (worded !== undefined && norm !== 'a' && norm !== 'an') return worded;
    if (worded !== undefined && index === unitIndex - 1) return worded;
  }
  return 1;
}

/** True when the "ago" at `agoIndex` places the event within the last 14 days ("2 days ago"). */
export function isRecentAgo(tokens: readonly Token[], agoIndex: number): boolean {
  const unit = tokens[agoIndex - 1]?.norm ?? '';
  const daysPerUnit = DAYS_PER_UNIT.get(unit);
  if (daysPerUnit === undefined) return false;
  return quantityBefore(tokens, agoIndex - 1) * daysPerUnit <= RECENT_DAYS;
}
