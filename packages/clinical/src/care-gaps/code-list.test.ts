import { describe, expect, it } from 'vitest';
import { defineCodeList, resolveCodeSystem } from './code-list';

describe('code lists', () => {
  const diabetes = defineCodeList({
    name: 'Diabetes',
    oid: 'test',
    codes: { SNOMED: ['44054006'] },
    icdPrefixes: ['E11'],
  });

  it('matches ICD-10-CM codes with or without the dot, in any case', () => {
    expect(diabetes.has('ICD10CM', 'E11.9')).toBe(true);
    expect(diabetes.has('ICD10CM', 'e1122')).toBe(true);
    expect(diabetes.has('ICD10CM', 'E10.9')).toBe(false);
  });

  it('keeps code systems apart', () => {
    expect(diabetes.has('SNOMED', '44054006')).toBe(true);
    expect(diabetes.has('CPT', '44054006')).toBe(false);
  });

  it('resolves FHIR system URIs and short names', () => {
    expect(resolveCodeSystem('http://www.ama-assn.org/go/cpt')).toBe('CPT');
    expect(resolveCodeSystem('http://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets')).toBe('HCPCS');
    expect(resolveCodeSystem('http://www.cms.gov/Medicare/Coding/ICD10')).toBe('ICD10PCS');
    expect(resolveCodeSystem('SNOMED CT')).toBe('SNOMED');
    expect(resolveCodeSystem('http://www.nlm.nih.gov/research/umls/rxnorm')).toBeUndefined();
  });
});
