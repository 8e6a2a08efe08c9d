import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getIcdCatalog } from '@cairn/clinical';
import { describe, expect, it } from 'vitest';
import { snomedIcdMap } from './snomed-icd10-map';

const FIXTURES = join(import.meta.dirname, '..', '..', 'testing', 'fixtures', 'synthea');
const METHODS = new Set(['same-concept', 'unspecified-default', 'index-default', 'closest', 'history-z']);

function fixtureConditionCodes(): Set<string> {
  const codes = new Set<string>();
  for (const file of readdirSync(FIXTURES).filter((name) => name.endsWith('.json'))) {
    const bundle = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')) as {
      entry: { resource: { resourceType: string; code?: { coding?: { system?: string; code: string }[] } } }[];
    };
    for (const { resource } of bundle.entry) {
      if (resource.resourceType !== 'Condition') continue;
      for (const coding of resource.code?.coding ?? []) {
        if (coding.system === 'http://snomed.info/sct') codes.add(coding.code);
      }
    }
  }
  return codes;
}

describe('the SNOMED CT to ICD-10-CM map', () => {
  const map = snomedIcdMap();

  it('covers every SNOMED CT code of a Condition in the Synthea fixtures', () => {
    const codes = fixtureConditionCodes();
    expect(codes.size).toBeGreaterThan(40);
    expect([...codes].filter((code) => !map.has(code))).toEqual([]);
  });

  it('covers the chronic conditions of primary care beyond the fixtures', () => {
    expect(map.get('433144002')?.icdCode).toBe('N1830');
    expect(map.get('13645005')?.icdCode).toBe('J449');
    expect(map.get('55822004')?.icdCode).toBe('E785');
    expect(map.get('59621000')?.icdCode).toBe('I10');
  });

  it('targets only codes that are billable in FY2026, each with how it was chosen', () => {
    const catalog = getIcdCatalog();
    const notBillable = [...map.values()].filter((row) => !catalog.isBillable(row.icdCode));
    expect(notBillable.map((row) => row.icdCode)).toEqual([]);
    expect([...map.values()].filter((row) => !METHODS.has(row.method))).toEqual([]);
  });
});
