import { describe, expect, it } from 'vitest';
import { scoreRaf, type RafInput, type RafResult } from './index';

/**
 * Expected values are hand-computed from CMS's V28 relative factors (V28_CE_Relative_Factors.csv,
 * V28_NE_Relative_Factors.csv = SAS C2824T2N); each literal is commented with its CMS variable.
 */
const sum = (...factors: number[]): number => Math.round(factors.reduce((a, b) => a + b, 0) * 10000) / 10000;
const termsOf = (result: RafResult): Record<string, number> =>
  Object.fromEntries(result.terms.map((term) => [term.variable, term.factor]));

function beneficiary(overrides: Partial<RafInput>): RafInput {
  return { age: 72, sex: 'F', orec: '0', medicaid: false, segment: 'CNA', diagnoses: [], ...overrides };
}

// E11.22 -> HCC37, I50.22 -> HCC226, N18.31 -> HCC329: diabetes, heart failure and CKD 3a.
const DIABETES_HF_CKD = ['E1122', 'I5022', 'N1831'];

describe('V28 aged segments for a 72-year-old woman with diabetes, heart failure and CKD 3a', () => {
  it('CNA: cell, three HCCs, DIABETES_HF_V28, HF_KIDNEY_V28 and D3', () => {
    const result = scoreRaf(beneficiary({ diagnoses: DIABETES_HF_CKD }));
    expect(termsOf(result)).toEqual({
      F70_74: 0.395,
      HCC37: 0.166,
      HCC226: 0.36,
      HCC329: 0.127,
      DIABETES_HF_V28: 0.112,
      HF_KIDNEY_V28: 0.176,
      D3: 0,
    });
    expect(result.raf).toBe(sum(0.395, 0.166, 0.36, 0.127, 0.112, 0.176, 0));
    expect(result.rafDemographic).toBe(0.395);
    expect(result.hccs).toEqual([37, 226, 329]);
    expect(result.paymentHccCount).toBe(3);
    expect(result.interactions).toEqual(['DIABETES_HF_V28', 'HF_KIDNEY_V28']);
    expect(result.hccMap).toEqual({ E1122: [37], I5022: [226], N1831: [329] });
  });

  it('CPA uses the partial-dual aged factors', () => {
    const result = scoreRaf(beneficiary({ segment: 'CPA', diagnoses: DIABETES_HF_CKD }));
    // CPA_F70_74, CPA_HCC37, CPA_HCC226, CPA_HCC329, CPA_DIABETES_HF_V28, CPA_HF_KIDNEY_V28, CPA_D3
    expect(result.raf).toBe(sum(0.423, 0.166, 0.311, 0.14, 0.164, 0.14, 0));
  });

  it('CFA uses the full-dual aged factors', () => {
    const result = scoreRaf(beneficiary({ segment: 'CFA', diagnoses: DIABETES_HF_CKD }));
    // CFA_F70_74, CFA_HCC37, CFA_HCC226, CFA_HCC329, CFA_DIABETES_HF_V28, CFA_HF_KIDNEY_V28, CFA_D3
    expect(result.raf).toBe(sum(0.506, 0.186, 0.406, 0.116, 0.183, 0.194, 0));
  });

  it('INS adds LTIMCAID for Medicaid, and its HF_KIDNEY_V28 factor is 0', () => {
    const result = scoreRaf(beneficiary({ segment: 'INS', medicaid: true, diagnoses: DIABETES_HF_CKD }));
    expect(termsOf(result)).toEqual({
      F70_74: 1.119,
      LTIMCAID: 0.13,
      HCC37: 0.28,
      HCC226: 0.217,
      HCC329: 0.145,
      DIABETES_HF_V28: 0.209,
      HF_KIDNEY_V28: 0,
      D3: 0,
    });
    expect(result.raf).toBe(sum(1.119, 0.13, 0.28, 0.217, 0.145, 0.209, 0, 0));
    expect(result.rafDemographic).toBe(sum(1.119, 0.13));
  });

  it('scores every segment that applies at 72 (aged community, institutional, new enrollee)', () => {
    const result = scoreRaf(beneficiary({ diagnoses: DIABETES_HF_CKD }));
    expect(Object.keys(result.scores)).toEqual(['CNA', 'CPA', 'CFA', 'INS', 'NE', 'SNPNE']);
    expect(result.scores.CFA).toEqual({ raf: sum(0.506, 0.186, 0.406, 0.116, 0.183, 0.194, 0), demographic: 0.506 });
    // INS_F70_74 without Medicaid; NE_NMCAID_NORIGDIS_NEF70_74; SNPNE_NMCAID_NORIGDIS_NEF70_74
    expect(result.scores.INS?.demographic).toBe(1.119);
    expect(result.scores.NE).toEqual({ raf: 0.694, demographic: 0.694 });
    expect(result.scores.SNPNE).toEqual({ raf: 1.195, demographic: 1.195 });
  });

  it('says which code produced each HCC term', () => {
    const result = scoreRaf(beneficiary({ diagnoses: ['E1122', 'E1165', 'I5022'] }));
    // E11.65 -> 38, dropped by 37; both codes are shown.
    expect(result.terms.find((term) => term.variable === 'HCC37')).toEqual({
      variable: 'HCC37',
      factor: 0.166,
      kind: 'hcc',
      hcc: 37,
      codes: ['E1122'],
    });
    expect(result.dropped).toEqual([{ hcc: 38, codes: ['E1165'], droppedBy: 37 }]);
    expect(result.hccMap).toEqual({ E1122: [37], E1165: [38], I5022: [226] });
  });
});

describe('V28 originally disabled and disabled segments', () => {
  it('adds OriginallyDisabled_Female in CNA for an aged woman first entitled by disability (OREC 1)', () => {
    const result = scoreRaf(beneficiary({ orec: '1', diagnoses: ['E1122'] }));
    // CNA_F70_74 + CNA_OriginallyDisabled_Female + CNA_HCC37 + CNA_D1
    expect(termsOf(result)).toEqual({ F70_74: 0.395, OriginallyDisabled_Female: 0.228, HCC37: 0.166, D1: 0 });
    expect(result.rafDemographic).toBe(sum(0.395, 0.228));
  });

  it('adds OriginallyDisabled_Male 0.135 (CNA) and the institutional ORIGDIS term (factor 0)', () => {
    const man = beneficiary({ sex: 'M', orec: '1', age: 70 });
    expect(termsOf(scoreRaf(man))).toEqual({ M70_74: 0.396, OriginallyDisabled_Male: 0.135 });
    expect(termsOf(scoreRaf({ ...man, segment: 'INS' }))).toEqual({ M70_74: 1.224, ORIGDIS: 0 });
  });

  it('does not treat OREC 0, 2 or 3 as originally disabled', () => {
    for (const orec of ['0', '2', '3'] as const) {
      expect(termsOf(scoreRaf(beneficiary({ orec })))).toEqual({ F70_74: 0.395 });
    }
  });

  it.each([
    // segment, CMS cell, HCC151, HCC139, gSubUseDisorder_gPsych_V28, D2
    ['CND', 0.283, 0.38, 0.207, 0.087],
    ['CPD', 0.353, 0.304, 0.159, 0.149],
    ['CFD', 0.41, 0.414, 0.25, 0.152],
  ] as const)(
    '%s: schizophrenia with alcohol use disorder gets gSubUseDisorder_gPsych_V28',
    (segment, cell, psych, sud, interaction) => {
      // F20.0 -> HCC151, F10.20 -> HCC139; man aged 57 entitled by disability.
      const result = scoreRaf(beneficiary({ segment, sex: 'M', age: 57, orec: '1', diagnoses: ['F200', 'F1020'] }));
      expect(termsOf(result)).toEqual({
        M55_59: cell,
        HCC151: psych,
        HCC139: sud,
        gSubUseDisorder_gPsych_V28: interaction,
        D2: 0,
      });
      expect(result.raf).toBe(sum(cell, psych, sud, interaction));
    },
  );

  it('keeps gSubUseDisorder_gPsych_V28 out of INS, where it has no factor', () => {
    const result = scoreRaf(
      beneficiary({ segment: 'INS', sex: 'M', age: 57, orec: '1', diagnoses: ['F200', 'F1020'] }),
    );
    // INS_M55_59, INS_HCC151, INS_HCC139 (0), INS_D2 (0)
    expect(termsOf(result)).toEqual({ M55_59: 0.989, HCC151: 0.449, HCC139: 0, D2: 0 });
    expect(result.interactions).toEqual([]);
  });

  it('scores the disabled segments (not the aged ones) under 65', () => {
    const result = scoreRaf(beneficiary({ segment: 'CND', age: 64, orec: '1' }));
    expect(Object.keys(result.scores)).toEqual(['CND', 'CPD', 'CFD', 'INS', 'NE', 'SNPNE']);
    expect(() => scoreRaf(beneficiary({ segment: 'CNA', age: 64 }))).toThrow(/does not apply at age 64/);
    expect(() => scoreRaf(beneficiary({ segment: 'CND', age: 65 }))).toThrow(/does not apply at age 65/);
  });
});

describe('V28 disease interactions', () => {
  it.each([
    // interaction, codes, factors of all terms (CMS variable: factor) in CNA for a woman of 72
    [
      'HF_CHR_LUNG_V28',
      ['I5022', 'J449'],
      { F70_74: 0.395, HCC226: 0.36, HCC280: 0.319, HF_CHR_LUNG_V28: 0.078, D2: 0 },
    ],
    [
      'CHR_LUNG_CARD_RESP_FAIL_V28',
      ['J449', 'J9611'],
      { F70_74: 0.395, HCC213: 0.37, HCC280: 0.319, CHR_LUNG_CARD_RESP_FAIL_V28: 0.254, D2: 0 },
    ],
    ['HF_HCC238_V28', ['I5022', 'I480'], { F70_74: 0.395, HCC226: 0.36, HCC238: 0.299, HF_HCC238_V28: 0.077, D2: 0 }],
  ] as const)('%s', (name, diagnoses, terms) => {
    const result = scoreRaf(beneficiary({ diagnoses }));
    expect(result.interactions).toEqual([name]);
    expect(termsOf(result)).toEqual(terms);
    expect(result.raf).toBe(sum(...Object.values(terms)));
  });

  it.each([
    // interaction, code, INS_HCCxx, INS_DISABLED_* factor; woman of 50, OREC 1 (CMS DISABL = age < 65 and OREC != 0)
    ['DISABLED_CANCER_V28', 'C3490', 'HCC20', 0.672, 0.367],
    ['DISABLED_NEURO_V28', 'G35A', 'HCC198', 0.226, 0.154],
    ['DISABLED_HF_V28', 'I5022', 'HCC226', 0.217, 0.488],
    ['DISABLED_CHR_LUNG_V28', 'J449', 'HCC280', 0.312, 0.278],
    ['DISABLED_ULCER_V28', 'L89154', 'HCC379', 1.42, 0.537],
  ] as const)('%s in the institutional segment', (name, code, hccVariable, hccFactor, factor) => {
    const result = scoreRaf(beneficiary({ segment: 'INS', age: 50, orec: '1', diagnoses: [code] }));
    // INS_F45_54 = 1.031, INS_D1 = 0
    expect(termsOf(result)).toEqual({ F45_54: 1.031, [hccVariable]: hccFactor, [name]: factor, D1: 0 });
    expect(result.raf).toBe(sum(1.031, hccFactor, factor));
  });

  it('gives no DISABLED_* term to an aged or an OREC 0 institutional beneficiary', () => {
    expect(scoreRaf(beneficiary({ segment: 'INS', age: 70, orec: '1', diagnoses: ['I5022'] })).interactions).toEqual(
      [],
    );
    expect(scoreRaf(beneficiary({ segment: 'INS', age: 50, orec: '0', diagnoses: ['I5022'] })).interactions).toEqual(
      [],
    );
  });

  it('keeps DISABLED_* terms out of the community segments', () => {
    expect(scoreRaf(beneficiary({ segment: 'CND', age: 50, orec: '1', diagnoses: ['I5022'] })).interactions).toEqual(
      [],
    );
  });

  it('uses the HCCs after hierarchies: diabetes dropped under pancreas transplant still counts as DIABETES_V28', () => {
    // Z94.83 pancreas transplant -> HCC35 (in DIABETES_V28), I50.22 -> HCC226.
    const result = scoreRaf(beneficiary({ diagnoses: ['Z9483', 'E119', 'I5022'] }));
    expect(result.hccs).toEqual([35, 226]);
    expect(result.interactions).toEqual(['DIABETES_HF_V28']);
  });
});

describe('V28 payment-HCC count variables', () => {
  // B20 1, A41.9 2, E11.22 37, E66.01 48, K74.60 64, M06.9 93, G30.9 127, G35A 198, G20A1 199,
  // L89.154 379, Z89.511 409, Z94.81 454: twelve payment HCCs with no hierarchy between them.
  const TWELVE = [
    'B20',
    'A419',
    'E1122',
    'E6601',
    'K7460',
    'M069',
    'G309',
    'G35A',
    'G20A1',
    'L89154',
    'Z89511',
    'Z9481',
  ];
  // CNA_HCC1, 2, 37, 48, 64, 93, 127, 198, 199, 379, 409, 454
  const FACTORS = [0.301, 0.5, 0.166, 0.186, 0.447, 0.617, 0.341, 0.647, 0.615, 1.965, 0.598, 1.068];
  const man = (diagnoses: string[]): RafInput => beneficiary({ sex: 'M', age: 70, diagnoses });

  it('has no count term with no payment HCC: the score is the demographic cell (CNA_M70_74)', () => {
    const result = scoreRaf(man(['I10', 'Z0000']));
    expect(termsOf(result)).toEqual({ M70_74: 0.396 });
    expect(result.raf).toBe(0.396);
    expect(result.paymentHccCount).toBe(0);
    expect(result.hccs).toEqual([]);
    expect(result.hccMap).toEqual({ I10: [], Z0000: [] });
  });

  it('sets D1 (factor 0) with one payment HCC', () => {
    expect(termsOf(scoreRaf(man(['B20'])))).toEqual({ M70_74: 0.396, HCC1: 0.301, D1: 0 });
  });

  it('sets D9 (0.444) with nine payment HCCs', () => {
    const result = scoreRaf(man(TWELVE.slice(0, 9)));
    expect(result.paymentHccCount).toBe(9);
    expect(termsOf(result).D9).toBe(0.444);
    expect(result.raf).toBe(sum(0.396, ...FACTORS.slice(0, 9), 0.444));
  });

  it('sets D10P (0.728) with ten payment HCCs', () => {
    const result = scoreRaf(man(TWELVE.slice(0, 10)));
    expect(termsOf(result).D10P).toBe(0.728);
    expect(result.raf).toBe(sum(0.396, ...FACTORS.slice(0, 10), 0.728));
  });

  it('sets D10P once with twelve payment HCCs', () => {
    const result = scoreRaf(man(TWELVE));
    expect(result.paymentHccCount).toBe(12);
    expect(result.hccs).toEqual([1, 2, 37, 48, 64, 93, 127, 198, 199, 379, 409, 454]);
    expect(result.terms.filter((term) => term.kind === 'count')).toEqual([
      { variable: 'D10P', factor: 0.728, kind: 'count' },
    ]);
    expect(result.raf).toBe(sum(0.396, ...FACTORS, 0.728));
  });

  it('counts HCCs after hierarchies and once per HCC, not per code', () => {
    // E11.22 and E11.21 both -> 37; E11.9 -> 38 is dropped by 37.
    expect(scoreRaf(man(['E1122', 'E1121', 'E119'])).paymentHccCount).toBe(1);
  });
});

describe('V28 new enrollees', () => {
  it('scores a new enrollee on the NE cell alone, ignoring diagnoses', () => {
    const result = scoreRaf(beneficiary({ segment: 'NE', diagnoses: DIABETES_HF_CKD }));
    // NE_NMCAID_NORIGDIS_NEF70_74
    expect(termsOf(result)).toEqual({ NMCAID_NORIGDIS_NEF70_74: 0.694 });
    expect(result.raf).toBe(0.694);
    expect(result.rafDemographic).toBe(0.694);
    expect(result.interactions).toEqual([]);
  });

  it('uses the 65 cell for a new enrollee aged 64 with OREC 0, and 60_64 otherwise', () => {
    // NE_NMCAID_NORIGDIS_NEF65 = 0.532, NE_NMCAID_NORIGDIS_NEF60_64 = 1.212
    expect(termsOf(scoreRaf(beneficiary({ segment: 'NE', age: 64, orec: '0' })))).toEqual({
      NMCAID_NORIGDIS_NEF65: 0.532,
    });
    expect(termsOf(scoreRaf(beneficiary({ segment: 'NE', age: 64, orec: '1' })))).toEqual({
      NMCAID_NORIGDIS_NEF60_64: 1.212,
    });
  });

  it('uses single-year cells from 65 to 69, with Medicaid and originally-disabled status', () => {
    const man = beneficiary({ segment: 'NE', sex: 'M', age: 67, orec: '1', medicaid: true });
    // NE_MCAID_ORIGDIS_NEM67 = 1.959, SNPNE_MCAID_ORIGDIS_NEM67 = 2.195
    expect(termsOf(scoreRaf(man))).toEqual({ MCAID_ORIGDIS_NEM67: 1.959 });
    expect(termsOf(scoreRaf({ ...man, segment: 'SNPNE' }))).toEqual({ MCAID_ORIGDIS_NEM67: 2.195 });
  });

  it('scores an SNP new enrollee on the SNP NE table (SNPNE_NMCAID_NORIGDIS_NEF65 = 0.9)', () => {
    const result = scoreRaf(beneficiary({ segment: 'SNPNE', age: 65 }));
    expect(result.raf).toBe(0.9);
  });

  it('uses the 0_34 cell for a young new enrollee (NE_NMCAID_NORIGDIS_NEM0_34 = 0.409)', () => {
    expect(scoreRaf(beneficiary({ segment: 'NE', sex: 'M', age: 30, orec: '1' })).raf).toBe(0.409);
  });
});

describe('V28 payment score parameters', () => {
  it('divides by the normalisation factor and applies the MA coding-pattern adjustment', () => {
    const result = scoreRaf(beneficiary({ diagnoses: ['E1122'] }), {
      normalizationFactor: 1.067,
      codingAdjustment: 0.059,
    });
    // CNA_F70_74 + CNA_HCC37 + CNA_D1 = 0.561
    expect(result.raf).toBe(0.561);
    expect(result.paymentRaf).toBe(Math.round((0.561 / 1.067) * (1 - 0.059) * 10000) / 10000);
  });

  it('leaves the payment score undefined without a normalisation factor', () => {
    expect(scoreRaf(beneficiary({})).paymentRaf).toBeUndefined();
  });

  it('applies MCE edits by default and can switch them off', () => {
    // C58 is valid 9-64 (MCE); a woman of 72 gets no HCC 22 unless MCE edits are off.
    expect(scoreRaf(beneficiary({ diagnoses: ['C58'] })).hccs).toEqual([]);
    expect(scoreRaf(beneficiary({ diagnoses: ['C58'] }), { applyMce: false }).hccs).toEqual([22]);
  });

  it('normalises dotted and lower-case codes', () => {
    expect(scoreRaf(beneficiary({ diagnoses: ['e11.22'] })).hccMap).toEqual({ E1122: [37] });
  });
});
