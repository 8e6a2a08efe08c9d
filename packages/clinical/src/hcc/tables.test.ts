import { describe, expect, it } from 'vitest';
import { findCode } from './code-index';
import { compileModel } from './compile';
import { COUNT_VARIABLES, ORIGINALLY_DISABLED_VARIABLES } from './compile-segment';
import { evaluateDiagnoses } from './evaluate';
import { CONTINUING_CELLS, NEW_ENROLLEE_CELLS } from './demographics';
import { getTableModel } from './model';
import { SEGMENTS } from './tables';
import type { HccModelName } from './types';

/**
 * Every variable of CMS's factor tables must be one the engine can set; a variable it never sets
 * would silently never score.
 */
describe.each<HccModelName>(['v28', 'v24'])('%s factor tables', (name) => {
  const { tables } = getTableModel(name);
  const known = new Set<string>([
    ...tables.paymentHccs.map((hcc) => `HCC${hcc}`),
    ...tables.interactions.map((rule) => rule.name),
    ...COUNT_VARIABLES.filter((variable) => variable !== ''),
    ...CONTINUING_CELLS,
    ...NEW_ENROLLEE_CELLS,
    ...ORIGINALLY_DISABLED_VARIABLES,
    tables.institutionalOriginallyDisabled,
    'LTIMCAID',
  ]);

  it.each([...SEGMENTS])('every %s variable is one the engine sets', (segment) => {
    const variables = [...(tables.coefficients.get(segment)?.keys() ?? [])];
    expect(variables.length).toBeGreaterThan(0);
    expect(variables.filter((variable) => !known.has(variable))).toEqual([]);
  });

  it('has a factor for every payment HCC in every continuing-enrollee segment', () => {
    for (const segment of ['CNA', 'CND', 'CPA', 'CPD', 'CFA', 'CFD', 'INS'] as const) {
      const variables = tables.coefficients.get(segment);
      const missing = tables.paymentHccs.filter((hcc) => !variables?.has(`HCC${hcc}`));
      expect(missing, segment).toEqual([]);
    }
  });

  it('has every new-enrollee cell in NE and SNPNE', () => {
    for (const segment of ['NE', 'SNPNE'] as const) {
      const variables = tables.coefficients.get(segment);
      // Originally-disabled cells exist only from 65 (ORIGDIS needs age >= 65).
      const expected = NEW_ENROLLEE_CELLS.filter(
        (cell) => !/_ORIGDIS_NE[FM](0_34|35_44|45_54|55_59|60_64)$/.test(cell),
      );
      expect(
        expected.filter((cell) => !variables?.has(cell)),
        segment,
      ).toEqual([]);
      expect(variables?.size).toBe(expected.length);
    }
  });

  it('maps every code to payment HCCs only', () => {
    const payment = new Set(tables.paymentHccs);
    const stray = [...tables.mapping].filter(([, rows]) => rows.some((row) => !payment.has(row.hcc)));
    expect(stray.map(([code]) => code)).toEqual([]);
  });
});

describe('table sizes match the CMS publications', () => {
  it('V28: 8,019 distinct codes, 115 HCCs, 11 interactions', () => {
    const { tables } = getTableModel('v28');
    expect(tables.mapping.size).toBe(8019);
    expect(tables.paymentHccs).toHaveLength(115);
    expect(tables.interactions).toHaveLength(11);
  });

  it('V24: 9,927 codes, 86 HCCs, 22 interactions', () => {
    const { tables } = getTableModel('v24');
    expect(tables.mapping.size).toBe(9927);
    expect(tables.paymentHccs).toHaveLength(86);
    expect(tables.interactions).toHaveLength(22);
  });
});

describe.each<HccModelName>(['v28', 'v24'])('%s precomputed code mappings', (name) => {
  const model = getTableModel(name);
  const compiled = compileModel(model);
  const conditional = [...compiled.codes].filter(([, code]) => code.fixed === undefined).map(([code]) => code);
  const ages = [0, 1, 2, 5, 6, 8, 9, 14, 15, 17, 18, 19, 20, 21, 49, 50, 64, 65, 66, 100];

  it('agree with the mapping rows for every conditional code, age around each bound, sex and MCE switch', () => {
    expect(conditional.length).toBeGreaterThan(0);
    const disagreements: string[] = [];
    for (const code of conditional) {
      for (const age of ages) {
        for (const sex of ['F', 'M'] as const) {
          for (const applyMce of [true, false]) {
            const expected = model.conditionCategories(code, { age, sex }, { applyMce });
            const facts = { age, sex, orec: '0' as const, medicaid: false };
            const state = evaluateDiagnoses(compiled, facts, [code], { applyMce, codesAreNormalized: true });
            const actual = state.mappings[0]?.categories ?? [];
            if (actual.join() !== expected.join()) disagreements.push(`${code} ${sex}${age} mce=${applyMce}`);
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('code index', () => {
  it('finds every mapped code under its own id and nothing else', () => {
    for (const name of ['v28', 'v24'] as const) {
      const compiled = compileModel(getTableModel(name));
      const codes = [...compiled.codes.keys()];
      expect(codes.filter((code, id) => findCode(compiled.codeIndex, code) !== id)).toEqual([]);
      for (const other of ['I10', 'E11', 'E1122X', 'Z', 'e1122', 'E11.22', 'QA0', '', 'ZZZZZZZZ']) {
        if (!compiled.codes.has(other)) expect(findCode(compiled.codeIndex, other), other).toBe(-1);
      }
    }
  });
});
