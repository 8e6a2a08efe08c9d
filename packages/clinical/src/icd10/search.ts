import { getHccModel, type HccModelName } from '../hcc/index';
import type { Sex } from '../record';
import { getIcdCatalog } from './catalog';
import type { IcdCode } from './catalog-types';
import { formatIcdCode } from './code-format';
import { checkEdits, editsFor, type EditViolation, type IcdEdits } from './edits';
import { IcdSearchEngine, type IcdMatchKind, type RankedEntry } from './search-engine';

/** Options of {@link searchIcd}. */
export interface IcdSearchOptions {
  /** How many hits to return (default 20). */
  limit?: number;
  /** Leave out headers (categories and subcategories that cannot go on a claim). */
  billableOnly?: boolean;
  /**
   * The patient the code is for: HCCs then follow CMS's age and sex edits for them, each hit lists the edits it fails,
   * and title hits that fail an edit rank below those that do not.
   */
  person?: { age: number; sex: Sex | undefined };
}

/** A condition category a code maps to, with CMS's label and the model's conditions for it ('' when none). */
export interface HccAnnotation {
  hcc: number;
  label: string;
  /** As CMS writes them, e.g. `age < 50` (breast cancer: HCC 22 under 50, 23 from 50) or `sex = F`. */
  condition: string;
}

/** One search result. */
export interface IcdSearchHit {
  /** Stored form (`E1122`). */
  code: string;
  /** Display form (`E11.22`). */
  formattedCode: string;
  description: string;
  billable: boolean;
  match: IcdMatchKind;
  score: number;
  /** The full catalog row (titles, parent, category, section and chapter with titles). */
  entry: IcdCode;
  /** CMS-HCC condition categories before hierarchies (for `person` when given). */
  hcc: Record<HccModelName, HccAnnotation[]>;
  edits: IcdEdits;
  /** Edits the code fails for `person`; empty without a person. */
  violations: EditViolation[];
}

const DEFAULT_LIMIT = 20;
/** A title hit failing an edit for the patient drops below every hit that passes (same order among themselves). */
const VIOLATION_PENALTY = 1_000;

let engine: IcdSearchEngine | undefined;

/** The search engine over the catalog, built on first use (word index included) and kept. */
export function getIcdSearchEngine(): IcdSearchEngine {
  engine ??= new IcdSearchEngine(getIcdCatalog());
  return engine;
}

/**
 * Loads the catalog, builds the word index and loads the V28/V24 mappings now (about a second) rather than on the
 * first search: call it at server start.
 */
export function preloadIcdSearch(): void {
  getIcdSearchEngine();
  getHccModel('v28');
  getHccModel('v24');
}

/**
 * Searches the FY2026 ICD-10-CM catalog by code (`E11.22`, `e1122`, `E11.2` as a prefix), by words (all must be in
 * the title, the last one as a prefix: "type 2 diab"), and by clinical abbreviations and everyday names ("chf",
 * "dm2", "a-fib", "diabetes ckd"). Each hit carries its V28 and V24 HCCs and its age and sex edits.
 */
export function searchIcd(query: string, options: IcdSearchOptions = {}): IcdSearchHit[] {
  const limit = Math.max(0, options.limit ?? DEFAULT_LIMIT);
  if (limit === 0 || query.trim() === '') return [];
  const person = options.person;
  // With a patient, look a little further so that hits failing an edit can make room for those that pass.
  const fetched = getIcdSearchEngine().search(query, {
    limit: person ? limit + 10 : limit,
    billableOnly: options.billableOnly === true,
  });
  const hits = fetched.map((ranked) => annotate(ranked, person));
  if (person) {
    // Hits through a corrected word stay after those matching the words as typed (issue 18).
    hits.sort(
      (left, right) =>
        Number(left.match === 'corrected') - Number(right.match === 'corrected') ||
        rankWithEdits(right) - rankWithEdits(left),
    );
  }
  return hits.slice(0, limit);
}

function annotate(ranked: RankedEntry, person: IcdSearchOptions['person']): IcdSearchHit {
  const { entry } = ranked;
  return {
    code: entry.code,
    formattedCode: formatIcdCode(entry.code),
    description: entry.longDescription,
    billable: entry.billable,
    match: ranked.match,
    score: ranked.score,
    entry,
    hcc: { v28: hccFor('v28', entry.code, person), v24: hccFor('v24', entry.code, person) },
    edits: editsFor(entry.code),
    violations: person ? checkEdits(entry.code, person) : [],
  };
}

function hccFor(name: HccModelName, code: string, person: IcdSearchOptions['person']): HccAnnotation[] {
  const model = getHccModel(name);
  const rows = model.edits(code);
  return model.conditionCategories(code, person).map((hcc) => ({
    hcc,
    label: model.label(hcc),
    condition: rows
      .filter((row) => row.hcc === hcc && row.condition !== '')
      .map((row) => row.condition)
      .join('; '),
  }));
}

/** Code hits keep their place (the coder typed that code); title hits failing an edit sink. */
function rankWithEdits(hit: IcdSearchHit): number {
  const fails = (hit.match === 'words' || hit.match === 'corrected') && hit.violations.length > 0;
  return fails ? hit.score - VIOLATION_PENALTY : hit.score;
}
