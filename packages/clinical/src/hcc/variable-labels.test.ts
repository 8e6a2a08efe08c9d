import { describe, expect, it } from 'vitest';
import { COUNT_VARIABLES } from './compile-segment';
import { getHccModel, getTableModel } from './model';
import type { HccModelName } from './types';

describe('variable labels', () => {
  it("names V28's count and interaction terms in CMS's words from its factor table", () => {
    const model = getHccModel('v28');
    expect(model.variableLabel('D1')).toBe('1 payment HCC');
    expect(model.variableLabel('D10P')).toBe('10 or more payment HCCs');
    expect(model.variableLabel('DIABETES_HF_V28')).toBe('Diabetes*Heart Failure');
    expect(model.variableLabel('DISABLED_CANCER_V28')).toBe('Disabled, Cancer');
    expect(model.variableLabel('F65_69')).toBe('Female 65-69');
  });

  it("names V24's interactions from the HCC labels and the words V28 gives the same groups", () => {
    const model = getHccModel('v24');
    expect(model.variableLabel('D3')).toBe('3 payment HCCs');
    expect(model.variableLabel('DIABETES_CHF')).toBe('Diabetes*Congestive Heart Failure');
    expect(model.variableLabel('HCC47_gCancer')).toBe('Disorders of Immunity*Cancer');
    expect(model.variableLabel('DISABLED_HCC85')).toBe('Disabled, Congestive Heart Failure');
  });

  it('names an HCC term by its label and answers nothing for a variable the model lacks', () => {
    expect(getHccModel('v28').variableLabel('HCC37')).toBe('Diabetes with Chronic Complications');
    expect(getHccModel('v24').variableLabel('HCC19')).toBe('Diabetes without Complication');
    expect(getHccModel('v28').variableLabel('NOT_A_VARIABLE')).toBe('');
  });

  it.each<HccModelName>(['v28', 'v24'])('%s names every interaction and count term in words', (name) => {
    const model = getTableModel(name);
    const variables = [
      ...model.tables.interactions.map((rule) => rule.name),
      ...COUNT_VARIABLES.filter((variable) => variable !== ''),
    ];
    for (const variable of variables) {
      const label = model.variableLabel(variable);
      expect(label, variable).not.toBe('');
      // Words, not CMS's variable names: no group names such as gCopdCF or RENAL_V24 left in them.
      expect(label, variable).not.toMatch(/_|\bg[A-Z]/);
    }
  });
});
