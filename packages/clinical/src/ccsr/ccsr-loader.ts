import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A CCSR category with its AHRQ label and body system (`CIR007`, "Essential hypertension", `CIR`). */
export interface CcsrCategory {
  category: string;
  description: string;
  /** The first three letters of the category (`CIR`); `XXX` for the two unacceptable-diagnosis markers. */
  bodySystem: string;
  bodySystemName: string;
}

/** One row of the DXCCSR mapping: an ICD-10-CM code's default categories and all its categories. */
export interface CcsrMappingRow {
  /** Default for a principal diagnosis (inpatient data); `XXX000` when the code is unacceptable as one. */
  defaultInpatient: string;
  /** Default for a first-listed diagnosis (outpatient data); `XXX111` when the code is unacceptable as one. */
  defaultOutpatient: string;
  /** Every category the code is cross-classified into, in the order of AHRQ's reference file. */
  categories: readonly string[];
}

/** What the files in `data/ccsr/` hold, parsed and checked. */
export interface CcsrData {
  version: string;
  categories: ReadonlyMap<string, CcsrCategory>;
  mapping: ReadonlyMap<string, CcsrMappingRow>;
}

export const CCSR_FILES = {
  mapping: 'dxccsr-v2026-1.tsv',
  categories: 'ccsr-categories.tsv',
  bodySystems: 'body-systems.tsv',
} as const;

/**
 * Reads AHRQ's CCSR for ICD-10-CM v2026.1 from `dir` (normally `data/ccsr`). A category naming an unknown body
 * system, or a mapping row naming an unknown category, stops the load.
 */
export function loadCcsrData(dir: string): CcsrData {
  const read = (name: string): string[][] => parseTsv(readFileSync(join(dir, name), 'utf8'));
  const bodySystems = new Map(read(CCSR_FILES.bodySystems).map(([code = '', name = '']) => [code, name]));
  const categories = new Map<string, CcsrCategory>();
  for (const [category = '', description = '', bodySystem = ''] of read(CCSR_FILES.categories)) {
    const bodySystemName = bodySystems.get(bodySystem);
    if (bodySystemName === undefined)
      throw new Error(`CCSR category ${category} names unknown body system ${bodySystem}`);
    categories.set(category, { category, description, bodySystem, bodySystemName });
  }
  const mapping = new Map<string, CcsrMappingRow>();
  for (const [code = '', defaultInpatient = '', defaultOutpatient = '', listed = ''] of read(CCSR_FILES.mapping)) {
    const row: CcsrMappingRow = { defaultInpatient, defaultOutpatient, categories: listed.split('|') };
    for (const category of [defaultInpatient, defaultOutpatient, ...row.categories]) {
      if (!categories.has(category)) throw new Error(`CCSR row ${code} names unknown category ${category}`);
    }
    mapping.set(code, row);
  }
  return { version: 'v2026.1', categories, mapping };
}

/** Tab-separated, one header line, no quoting (derive.mjs checks that no field holds a tab or a line break). */
function parseTsv(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.length > 0)
    .map((line) => line.split('\t'));
}
