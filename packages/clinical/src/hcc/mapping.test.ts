import { describe, expect, it } from 'vitest';
import { getHccModel } from './index';
import type { EditPerson } from './types';

const v28 = getHccModel('v28');
const v24 = getHccModel('v24');
const female = (age: number): EditPerson => ({ age, sex: 'F' });
const male = (age: number): EditPerson => ({ age, sex: 'M' });

describe('V28 diagnosis to condition category', () => {
  it('maps a plain code to its condition category whoever the person is', () => {
    expect(v28.conditionCategories('I5022', female(70))).toEqual([226]);
    expect(v28.conditionCategories('E1122', male(40))).toEqual([37]);
  });

  it('maps an unknown or non-HCC code to nothing', () => {
    expect(v28.conditionCategories('I10', female(70))).toEqual([]);
    expect(v28.conditionCategories('NOTACODE', female(70))).toEqual([]);
    expect(v28.edits('I10')).toEqual([]);
  });

  it('puts breast cancer in HCC 22 under 50 and HCC 23 from 50 (AGE_EDIT_CONDITION)', () => {
    expect(v28.conditionCategories('C50911', female(49))).toEqual([22]);
    expect(v28.conditionCategories('C50911', female(50))).toEqual([23]);
    expect(v28.conditionCategories('C50921', male(49))).toEqual([22]);
  });

  it('puts hemophilia D66/D67 in HCC 112 for females and 111 for males (SEX_EDIT_CONDITION)', () => {
    for (const code of ['D66', 'D67']) {
      expect(v28.conditionCategories(code, female(30))).toEqual([112]);
      expect(v28.conditionCategories(code, female(80))).toEqual([112]);
      expect(v28.conditionCategories(code, male(30))).toEqual([111]);
      expect(v28.conditionCategories(code, male(80))).toEqual([111]);
    }
  });

  it('keeps the unedited mapping (111) for D66 when sex is unknown, as CMS edits only SEX = 2', () => {
    expect(v28.conditionCategories('D66', { age: 70, sex: undefined })).toEqual([111]);
  });

  it('drops chronic bronchitis, emphysema and COPD codes under 18 (V28I0ED edit)', () => {
    for (const code of ['J410', 'J42', 'J439', 'J449', 'J4481', 'J982']) {
      expect(v28.conditionCategories(code, male(17))).toEqual([]);
      expect(v28.conditionCategories(code, male(18))).toEqual([280]);
    }
  });

  it('drops newborn codes from age 2 (P04, P27, P93, P96)', () => {
    expect(v28.conditionCategories('P040', female(1))).toEqual([137]);
    expect(v28.conditionCategories('P040', female(2))).toEqual([]);
    expect(v28.conditionCategories('P270', male(1))).toEqual([213]);
    expect(v28.conditionCategories('P270', male(2))).toEqual([]);
  });

  it('applies the MCE age ranges by default and ignores them when switched off', () => {
    // C58 (placenta) is valid 9 <= age <= 64; E84.11 (meconium ileus) only at age 0.
    expect(v28.conditionCategories('C58', female(8))).toEqual([]);
    expect(v28.conditionCategories('C58', female(9))).toEqual([22]);
    expect(v28.conditionCategories('C58', female(64))).toEqual([22]);
    expect(v28.conditionCategories('C58', female(65))).toEqual([]);
    expect(v28.conditionCategories('C58', female(70), { applyMce: false })).toEqual([22]);
    expect(v28.conditionCategories('E8411', male(0))).toEqual([277]);
    expect(v28.conditionCategories('E8411', male(1))).toEqual([]);
    expect(v28.conditionCategories('G937', male(17))).toEqual([127]);
    expect(v28.conditionCategories('G937', male(18))).toEqual([]);
    expect(v28.conditionCategories('K7031', male(14))).toEqual([]);
    expect(v28.conditionCategories('K7031', male(15))).toEqual([64]);
  });

  it('shows the conditions each mapping row carries, in CMS wording', () => {
    expect(v28.edits('C50911').map((edit) => [edit.hcc, edit.condition])).toEqual([
      [22, 'age < 50'],
      [23, 'age >= 50'],
    ]);
    expect(v28.edits('D66').map((edit) => [edit.hcc, edit.condition])).toEqual([
      [111, 'age < 65 and sex = M'],
      [111, 'age >= 65 and sex = M'],
      [112, 'sex = F'],
    ]);
    expect(v28.edits('C58')[0]).toMatchObject({
      hcc: 22,
      mceAge: { min: 9, max: 64 },
      condition: 'MCE 9 <= age <= 64',
    });
    expect(v28.edits('E8411')[0]?.condition).toBe('MCE age = 0');
    expect(v28.edits('G937')[0]?.condition).toBe('MCE 0 <= age <= 17');
    expect(v28.edits('E1010').map((edit) => edit.condition)).toEqual(['age >= 21', 'age < 21']);
  });

  it('lists every category a code can yield when no person is given', () => {
    expect(v28.conditionCategories('C50911')).toEqual([22, 23]);
    expect(v28.conditionCategories('D67')).toEqual([111, 112]);
  });

  it('has the 115 payment HCCs with CMS labels, and codes for each', () => {
    expect(v28.paymentHccs()).toHaveLength(115);
    expect(v28.isPaymentHcc(226)).toBe(true);
    expect(v28.isPaymentHcc(85)).toBe(false);
    expect(v28.label(226)).toBe('Heart Failure, Except End-Stage and Acute');
    expect(v28.label(9999)).toBe('');
    expect(v28.codes(226)).toContain('I5022');
    for (const hcc of v28.paymentHccs()) expect(v28.label(hcc), `HCC${hcc}`).not.toBe('');
  });

  it('tells what each parent drops', () => {
    expect(v28.children(17)).toEqual([18, 19, 20, 21, 22, 23]);
    expect(v28.children(63)).toEqual([64, 65, 68, 202]);
    expect(v28.children(191)).toEqual([180, 181, 182, 192, 253, 254]);
    expect(v28.children(1)).toEqual([]);
  });
});

describe('V24 diagnosis to condition category (macro V24I0ED1 edits)', () => {
  it('maps heart failure to HCC 85 and diabetes with CKD to HCC 18', () => {
    expect(v24.conditionCategories('I5022', female(70))).toEqual([85]);
    expect(v24.conditionCategories('E1122', female(70))).toEqual([18]);
  });

  it('puts D66/D67 in HCC 48 for females and 46 for males', () => {
    expect(v24.conditionCategories('D66', female(70))).toEqual([48]);
    expect(v24.conditionCategories('D67', male(70))).toEqual([46]);
    expect(v24.conditionCategories('D67', { age: 70, sex: undefined })).toEqual([46]);
  });

  it('moves chronic bronchitis and emphysema under 18 from HCC 111 to 112', () => {
    expect(v24.conditionCategories('J449', male(17))).toEqual([112]);
    expect(v24.conditionCategories('J449', male(18))).toEqual([111]);
    expect(v24.conditionCategories('J430', female(10))).toEqual([112]);
  });

  it('keeps disruptive mood dysregulation disorder (F34.81) only from age 6 to 18', () => {
    expect(v24.conditionCategories('F3481', male(5))).toEqual([]);
    expect(v24.conditionCategories('F3481', male(6))).toEqual([59]);
    expect(v24.conditionCategories('F3481', male(18))).toEqual([59]);
    expect(v24.conditionCategories('F3481', male(19))).toEqual([]);
  });

  it('does not edit breast cancer by age (V24 has one breast cancer HCC, 12)', () => {
    expect(v24.conditionCategories('C50911', female(45))).toEqual([12]);
    expect(v24.conditionCategories('C50911', female(70))).toEqual([12]);
  });

  it('has the 86 payment HCCs with labels and its hierarchy', () => {
    expect(v24.paymentHccs()).toHaveLength(86);
    expect(v24.label(85)).toBe('Congestive Heart Failure');
    expect(v24.children(8)).toEqual([9, 10, 11, 12]);
    expect(v24.children(166)).toEqual([80, 167]);
  });
});
