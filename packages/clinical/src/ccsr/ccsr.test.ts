import { describe, expect, it } from 'vitest';

import { getIcdCatalog } from '../icd10';
import { ccsrCategories, ccsrCategoriesOf, ccsrOf, getCcsr } from './ccsr';

// Every expectation below was read from data/ccsr (AHRQ DXCCSR v2026.1), not written from memory.
describe('CCSR for ICD-10-CM v2026.1', () => {
  it('groups essential hypertension under CIR007 in the circulatory system', () => {
    expect(ccsrOf('I10')).toEqual({
      category: 'CIR007',
      description: 'Essential hypertension',
      bodySystem: 'CIR',
      bodySystemName: 'Diseases of the circulatory system',
      mappedCode: 'I10',
      basis: 'inpatient-default',
    });
  });

  it('takes codes in any typed form and uses the inpatient default of a cross-classified code', () => {
    expect(ccsrOf('e11.22 ')).toMatchObject({
      category: 'END003',
      description: 'Diabetes mellitus with complication',
      bodySystemName: 'Endocrine, nutritional and metabolic diseases',
      mappedCode: 'E1122',
    });
    expect(ccsrCategoriesOf('E1122').map((entry) => entry.category)).toEqual(['END003', 'END005', 'GEN003']);
    expect(ccsrCategoriesOf('E1122')[2]?.description).toBe('Chronic kidney disease');
  });

  it('groups acute kidney failure under GEN002 and a code new in FY2026 (E11.A) directly', () => {
    expect(ccsrOf('N17.9')).toMatchObject({ category: 'GEN002', description: 'Acute and unspecified renal failure' });
    expect(ccsrOf('E11.A')).toMatchObject({
      category: 'END002',
      description: 'Diabetes mellitus without complication',
      mappedCode: 'E11A',
    });
  });

  it('falls back to the outpatient default for a code unacceptable as a principal diagnosis (XXX000)', () => {
    expect(ccsrOf('Z00.129')).toMatchObject({
      category: 'FAC014',
      description: 'Medical examination/evaluation',
      basis: 'outpatient-default',
    });
  });

  it('falls back to the first category when the code is unacceptable in both settings (XXX000 and XXX111)', () => {
    expect(ccsrOf('V00.01XA')).toMatchObject({ category: 'EXT016', bodySystem: 'EXT', basis: 'first-listed' });
  });

  it('puts the outpatient default first when asked for the outpatient setting', () => {
    expect(ccsrOf('B60.13')?.category).toBe('EYE001');
    expect(ccsrOf('B60.13', { setting: 'outpatient' })).toMatchObject({
      category: 'EYE001',
      basis: 'outpatient-default',
    });
    expect(ccsrOf('I10', { setting: 'outpatient' })?.basis).toBe('outpatient-default');
  });

  it('takes the row of the longest listed prefix for a code the version lacks (header G35.B via G35)', () => {
    expect(ccsrOf('G35.B')).toMatchObject({ category: 'NVS005', description: 'Multiple sclerosis', mappedCode: 'G35' });
    expect(ccsrCategoriesOf('G35B').map((entry) => entry.category)).toEqual(['NVS005']);
  });

  it('finds nothing for a code with no listed prefix or no code shape', () => {
    expect(ccsrOf('Z99.999')).toBeUndefined();
    expect(ccsrOf('E11')).toBeUndefined();
    expect(ccsrOf('')).toBeUndefined();
    expect(ccsrOf('12.3')).toBeUndefined();
    expect(ccsrCategoriesOf('Z99999')).toEqual([]);
  });

  it('maps every FY2026 billable code by its own row, never through a prefix', () => {
    const billable = getIcdCatalog().codes.filter((entry) => entry.billable);
    expect(billable).toHaveLength(74_719);
    const throughPrefix = billable.filter((entry) => ccsrOf(entry.code)?.mappedCode !== entry.code);
    expect(throughPrefix.map((entry) => entry.code)).toEqual([]);
  });

  it('lists 556 categories, each with a body system, including the two unacceptable-diagnosis markers', () => {
    const categories = ccsrCategories();
    expect(categories).toHaveLength(556);
    expect(new Set(categories.map((entry) => entry.bodySystem)).size).toBe(23);
    expect(categories.find((entry) => entry.category === 'XXX111')?.bodySystem).toBe('XXX');
    expect(getCcsr().version).toBe('v2026.1');
  });
});
