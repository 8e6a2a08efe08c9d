import type { MedicationRecord } from '../record';
import { DRUG_NAMES, RXNORM_INGREDIENTS, type DrugName } from './drug-lexicon';

const NAMES_BY_WORD = new Map<string, DrugName[]>();
for (const name of DRUG_NAMES) {
  const list = NAMES_BY_WORD.get(name.word) ?? [];
  list.push(name);
  NAMES_BY_WORD.set(name.word, list);
}

const NO_INGREDIENTS: ReadonlySet<string> = new Set();
const CACHE_LIMIT = 20_000;
const cache = new Map<string, ReadonlySet<string>>();

function matchDisplay(display: string): ReadonlySet<string> {
  const cached = cache.get(display);
  if (cached) return cached;
  const words = new Set(display.toLowerCase().split(/[^a-z0-9]+/));
  let found: Set<string> | undefined;
  for (const word of words) {
    const candidates = NAMES_BY_WORD.get(word);
    if (!candidates) continue;
    for (const name of candidates) {
      if (name.requires && !name.requires.every((required) => words.has(required))) continue;
      found ??= new Set();
      for (const ingredient of name.ingredients ?? [name.word]) found.add(ingredient);
    }
  }
  const result = found ?? NO_INGREDIENTS;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(display, result);
  return result;
}

/**
 * The ingredients (or drug classes, for drugs the rules treat alike) a medication record names:
 * by its RxNorm code when the code is one we know, otherwise by the words of its display.
 */
export function identifyIngredients(medication: MedicationRecord): ReadonlySet<string> {
  const byCode = medication.rxnormCode === undefined ? undefined : RXNORM_INGREDIENTS[medication.rxnormCode];
  if (byCode) return new Set(byCode);
  return matchDisplay(medication.display);
}

/** A medication the patient took in the look-back window, with what it contains. */
export interface MedicationUse {
  record: MedicationRecord;
  ingredients: ReadonlySet<string>;
  start: string;
  /** End of use: the end date, or the as-of date while the order is active. */
  end: string;
  /** The order is active on the as-of date. */
  isCurrent: boolean;
}

const IGNORED_STATUSES = new Set<MedicationRecord['status']>(['cancelled', 'draft', 'entered-in-error']);

/**
 * Medications taken at some time between `windowStart` and `asOf` that name at least one drug the
 * rules read. Cancelled, draft and entered-in-error orders never count: the patient did not take them.
 */
export function collectMedicationUses(
  medications: readonly MedicationRecord[],
  window: { windowStart: string; asOf: string },
): MedicationUse[] {
  const uses: MedicationUse[] = [];
  for (const medication of medications) {
    if (IGNORED_STATUSES.has(medication.status)) continue;
    const start = medication.startDate.slice(0, 10);
    if (start > window.asOf) continue;
    const endDate = medication.endDate?.slice(0, 10);
    const isCurrent =
      (medication.status === 'active' || medication.status === 'on-hold') && (!endDate || endDate >= window.asOf);
    const end = isCurrent ? window.asOf : (endDate ?? start);
    if (end < window.windowStart) continue;
    const ingredients = identifyIngredients(medication);
    if (ingredients.size === 0) continue;
    uses.push({ record: medication, ingredients, start, end: end > window.asOf ? window.asOf : end, isCurrent });
  }
  return uses;
}
