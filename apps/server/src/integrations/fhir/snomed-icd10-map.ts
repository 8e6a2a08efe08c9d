import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { referenceDataDir } from '@cairn/clinical';

/** One row of `data/snomed-icd10/snomed-icd10.tsv` (see its README for how targets were chosen). */
export interface SnomedIcdMapping {
  snomedCode: string;
  snomedDisplay: string;
  icdCode: string;
  method: string;
  note: string;
}

let cached: ReadonlyMap<string, SnomedIcdMapping> | undefined;

/** Cairn's SNOMED CT to ICD-10-CM map, read once. */
export function snomedIcdMap(): ReadonlyMap<string, SnomedIcdMapping> {
  cached ??= parseSnomedIcdMap(readFileSync(join(referenceDataDir(), 'snomed-icd10', 'snomed-icd10.tsv'), 'utf8'));
  return cached;
}

export function parseSnomedIcdMap(tsv: string): Map<string, SnomedIcdMapping> {
  const map = new Map<string, SnomedIcdMapping>();
  for (const line of tsv.split('\n').slice(1)) {
    const [snomedCode, snomedDisplay = '', icdCode, method = '', note = ''] = line.split('\t');
    if (!snomedCode || !icdCode) continue;
    map.set(snomedCode.trim(), { snomedCode: snomedCode.trim(), snomedDisplay, icdCode: icdCode.trim(), method, note });
  }
  return map;
}

export function snomedToIcd(code: string): string | undefined {
  return snomedIcdMap().get(code)?.icdCode;
}
