import { join } from 'node:path';

import { referenceDataDir } from '../data-dir';
import { hasIcdCodeShape, normalizeIcdCode } from '../icd10/code-format';
import { loadCcsrData, type CcsrCategory, type CcsrData, type CcsrMappingRow } from './ccsr-loader';

/** AHRQ's markers for a code that is unacceptable as a principal (inpatient) or first-listed (outpatient) diagnosis. */
const UNACCEPTABLE: ReadonlySet<string> = new Set(['XXX000', 'XXX111']);

/** Which default comes first: AHRQ sets one for a principal diagnosis (inpatient) and one for a first-listed one. */
export type CcsrSetting = 'inpatient' | 'outpatient';

/** Which column of the mapping gave the category. */
export type CcsrBasis = 'inpatient-default' | 'outpatient-default' | 'first-listed';

/** The CCSR category a code is grouped into, and how it was found. */
export interface CcsrAssignment extends CcsrCategory {
  /** The mapping row used: the code itself or, for a code this CCSR version lacks, its longest listed prefix. */
  mappedCode: string;
  basis: CcsrBasis;
}

export interface CcsrOptions {
  /** `inpatient` (the default): the inpatient default first, then the outpatient one; `outpatient` the reverse. */
  setting?: CcsrSetting;
}

/** AHRQ HCUP Clinical Classifications Software Refined (CCSR) for ICD-10-CM diagnoses, one version. */
export class CcsrGrouper {
  readonly version: string;
  private readonly categories: ReadonlyMap<string, CcsrCategory>;
  private readonly mapping: ReadonlyMap<string, CcsrMappingRow>;

  constructor(data: CcsrData) {
    this.version = data.version;
    this.categories = data.categories;
    this.mapping = data.mapping;
  }

  /**
   * The single category to group a code under: the setting's default, else the other setting's default (AHRQ gives
   * `XXX000`/`XXX111` for a code unacceptable as a principal or first-listed diagnosis, e.g. Z00.129 or V00.01XA),
   * else the code's first category. A code the version lacks (a header, or a code newer than the version) takes the
   * row of its longest prefix of three or more characters that has one. Undefined when no row applies.
   */
  assign(code: string, options: CcsrOptions = {}): CcsrAssignment | undefined {
    const found = this.rowFor(code);
    if (!found) return undefined;
    const { mappedCode, row } = found;
    const defaults: { basis: CcsrBasis; category: string }[] = [
      { basis: 'inpatient-default', category: row.defaultInpatient },
      { basis: 'outpatient-default', category: row.defaultOutpatient },
    ];
    if (options.setting === 'outpatient') defaults.reverse();
    const chosen = defaults.find((entry) => !UNACCEPTABLE.has(entry.category)) ?? {
      basis: 'first-listed',
      category: row.categories[0] ?? '',
    };
    const category = this.categories.get(chosen.category);
    return category && { ...category, mappedCode, basis: chosen.basis };
  }

  /** Every category the code is cross-classified into (E11.22: END003, END005, GEN003), with the same prefix rule. */
  categoriesOf(code: string): CcsrCategory[] {
    const row = this.rowFor(code)?.row;
    return (row?.categories ?? []).flatMap((category) => this.categories.get(category) ?? []);
  }

  /** Every category of the version with its label and body system, in AHRQ's order (`BLD001` ... `XXX111`). */
  allCategories(): CcsrCategory[] {
    return [...this.categories.values()];
  }

  private rowFor(code: string): { mappedCode: string; row: CcsrMappingRow } | undefined {
    const normalized = normalizeIcdCode(code);
    if (!hasIcdCodeShape(normalized)) return undefined;
    for (let length = normalized.length; length >= 3; length--) {
      const mappedCode = normalized.slice(0, length);
      const row = this.mapping.get(mappedCode);
      if (row) return { mappedCode, row };
    }
    return undefined;
  }
}

let grouper: CcsrGrouper | undefined;

/** The CCSR grouper, read from `data/ccsr/` on first use and kept for the life of the process. */
export function getCcsr(): CcsrGrouper {
  grouper ??= new CcsrGrouper(loadCcsrData(join(referenceDataDir(), 'ccsr')));
  return grouper;
}

/**
 * The CCSR category of an ICD-10-CM code in any typed form (`e11.22`, `E1122`), with its description and body
 * system; see {@link CcsrGrouper.assign} for the order of defaults and the prefix fallback.
 * @example ccsrOf('I10')?.category // 'CIR007' (Essential hypertension, circulatory system)
 */
export function ccsrOf(code: string, options?: CcsrOptions): CcsrAssignment | undefined {
  return getCcsr().assign(code, options);
}

/** Every CCSR category the code is cross-classified into. */
export function ccsrCategoriesOf(code: string): CcsrCategory[] {
  return getCcsr().categoriesOf(code);
}

/** Every CCSR category (556 in v2026.1, with the two unacceptable-diagnosis markers) and its body system. */
export function ccsrCategories(): CcsrCategory[] {
  return getCcsr().allCategories();
}
