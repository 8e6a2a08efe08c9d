import { join } from 'node:path';

import { referenceDataDir } from '../data-dir';
import { loadIcdCatalogData, type IcdCatalogData } from './catalog-loader';
import type { IcdChapter, IcdCode, IcdSection, RetiredIcdCode } from './catalog-types';
import { normalizeIcdCode } from './code-format';

/**
 * The FY2026 ICD-10-CM catalog: all 98,186 rows of the CMS order file (74,719 billable codes and 23,467
 * headers), each with its titles, parent, category, section and chapter. Lookups take codes in any typed form
 * (`e11.22`, `E1122`).
 */
export class IcdCatalog {
  /** Every code and header, in tabular order. */
  readonly codes: readonly IcdCode[];
  readonly chapters: readonly IcdChapter[];
  readonly sections: readonly IcdSection[];
  private readonly byCode: Map<string, IcdCode>;
  private readonly childrenByCode = new Map<string, IcdCode[]>();
  private readonly retiredByCode: Map<string, RetiredIcdCode>;
  /** Codes sorted by their characters, for prefix lookups (`E112` → E112, E1121, E1122, E1129). */
  private readonly sortedCodes: readonly IcdCode[];

  constructor(data: IcdCatalogData) {
    this.codes = data.codes;
    this.chapters = data.chapters;
    this.sections = data.sections;
    this.byCode = new Map(data.codes.map((entry) => [entry.code, entry]));
    this.retiredByCode = new Map(data.retired.map((entry) => [entry.code, entry]));
    for (const entry of data.codes) {
      if (entry.parent === undefined) continue;
      const siblings = this.childrenByCode.get(entry.parent);
      if (siblings) siblings.push(entry);
      else this.childrenByCode.set(entry.parent, [entry]);
    }
    this.sortedCodes = [...data.codes].sort((left, right) => (left.code < right.code ? -1 : 1));
  }

  /** The code or header, or undefined when FY2026 has no such row. */
  get(code: string): IcdCode | undefined {
    return this.byCode.get(normalizeIcdCode(code));
  }

  /** True only for codes valid on a FY2026 claim; headers and unknown codes are not billable. */
  isBillable(code: string): boolean {
    return this.get(code)?.billable === true;
  }

  /** The direct children of a header, in tabular order (empty for billable codes and unknown codes). */
  children(code: string): readonly IcdCode[] {
    return this.childrenByCode.get(normalizeIcdCode(code)) ?? [];
  }

  /** Parent, grandparent, ... up to the category (`E1122` → E112, E11). */
  ancestors(code: string): IcdCode[] {
    const lineage: IcdCode[] = [];
    let parent = this.get(code)?.parent;
    while (parent !== undefined) {
      const entry = this.byCode.get(parent);
      if (!entry) break;
      lineage.push(entry);
      parent = entry.parent;
    }
    return lineage;
  }

  /**
   * A FY2025 billable code that FY2026 no longer accepts (e.g. `G35`, now a header, or `T7807XA`, deleted), so a
   * caller can say why a code from last year's claim is rejected.
   */
  retired(code: string): RetiredIcdCode | undefined {
    return this.retiredByCode.get(normalizeIcdCode(code));
  }

  /** All codes and headers starting with the normalised prefix, shortest first, then in tabular order. */
  withPrefix(prefix: string): IcdCode[] {
    const normalized = normalizeIcdCode(prefix);
    return [...this.withPrefixUnsorted(normalized)].sort(
      (left, right) => left.level - right.level || left.order - right.order,
    );
  }

  /** All codes and headers starting with the normalised prefix, in code order (no sorting: for callers that rank). */
  *withPrefixUnsorted(prefix: string): Generator<IcdCode> {
    const normalized = normalizeIcdCode(prefix);
    if (normalized.length === 0) return;
    for (let i = this.lowerBound(normalized); i < this.sortedCodes.length; i++) {
      const entry = this.sortedCodes[i];
      if (!entry?.code.startsWith(normalized)) return;
      yield entry;
    }
  }

  /** Whether any code or header starts with the normalised prefix. */
  hasPrefix(prefix: string): boolean {
    const normalized = normalizeIcdCode(prefix);
    return normalized.length > 0 && this.sortedCodes[this.lowerBound(normalized)]?.code.startsWith(normalized) === true;
  }

  private lowerBound(prefix: string): number {
    let low = 0;
    let high = this.sortedCodes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.sortedCodes[middle]?.code ?? '') < prefix) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

let catalog: IcdCatalog | undefined;

/** The catalog, read from `data/icd10cm/` on first use and kept for the life of the process. */
export function getIcdCatalog(): IcdCatalog {
  catalog ??= new IcdCatalog(loadIcdCatalogData(join(referenceDataDir(), 'icd10cm')));
  return catalog;
}
