import { describe, expect, it } from 'vitest';

import { CLINICAL_MISSPELLINGS } from './misspellings';
import { searchIcd } from './search';
import { allowedEdits, editDistance } from './spelling';

const categoriesOf = (query: string, limit = 5): string[] =>
  searchIcd(query, { limit }).map((hit) => hit.code.slice(0, 3));
const codesOf = (query: string, limit = 5): string[] => searchIcd(query, { limit }).map((hit) => hit.code);

describe('ICD-10-CM search of misspelt words (issue 18)', () => {
  it.each(CLINICAL_MISSPELLINGS)('finds what "$typed" means in the top 5', ({ typed, means }) => {
    expect(categoriesOf(typed).some((category) => means.includes(category))).toBe(true);
  });

  it('finds the usual code of a misspelt everyday name first ("diabetis" → E11.9, "pnuemonia" → J18.9)', () => {
    expect(codesOf('diabetis')[0]).toBe('E119');
    expect(codesOf('hypertention')[0]).toBe('I10');
    expect(codesOf('pnuemonia')[0]).toBe('J189');
    expect(codesOf('chronic kidny')[0]).toBe('N189');
  });

  it('marks hits found through a corrected word', () => {
    const hits = searchIcd('alzhiemer', { limit: 5 });
    expect(hits[0]?.code).toBe('G309');
    expect(hits.every((hit) => hit.match === 'corrected')).toBe(true);
  });

  it.each(['infecton', 'tract infecto', 'hypertens', 'pneumo', 'kidny', 'anemea'])(
    'ranks every hit of the words as typed above every corrected hit for "%s"',
    (query) => {
      for (const person of [undefined, { age: 70, sex: 'F' as const }]) {
        const kinds = searchIcd(query, { limit: 40, person }).map((hit) => hit.match === 'corrected');
        expect(kinds).toEqual([...kinds].sort((left, right) => Number(left) - Number(right)));
      }
    },
  );

  it('corrects nothing while the words as typed fill the page', () => {
    expect(searchIcd('hypertens', { limit: 20 }).some((hit) => hit.match === 'corrected')).toBe(false);
  });

  it('leaves words under 5 letters uncorrected ("guot" is not gout)', () => {
    expect(searchIcd('guot')).toEqual([]);
  });

  it('allows 1 edit from 5 letters and 2 from 8, a transposition counting as 1', () => {
    expect([allowedEdits('gout'), allowedEdits('edema'), allowedEdits('diabetes')]).toEqual([0, 1, 2]);
    expect(editDistance('alzhiemer', 'alzheimer')).toBe(1);
    expect(editDistance('diabetis', 'diabetes')).toBe(1);
    expect(editDistance('hypercholesteremia', 'hypercholesterolemia')).toBe(2);
  });
});

describe('ICD-10-CM search of possessives and plurals (issue 18)', () => {
  it.each(['alzheimers', "alzheimer's", 'alzheimer’s', 'Alzheimers disease'])('finds G30 for "%s"', (query) => {
    expect(categoriesOf(query)[0]).toBe('G30');
  });

  it.each([
    ['crohns', 'K50'],
    ["crohn's disease", 'K50'],
    ['parkinsons', 'G20'],
    ['kidneys', 'N28'],
    ['diabetes', 'E11'],
  ])('finds %s → %s', (query, category) => {
    expect(categoriesOf(query, 10)).toContain(category);
  });
});

describe('ICD-10-CM search of a synonym still being typed (issue 18)', () => {
  it('finds lung cancer codes for "lung canc"', () => {
    expect(categoriesOf('lung canc').every((category) => category === 'C34')).toBe(true);
  });

  it('finds breast cancer codes for "breast canc", the usual one first', () => {
    expect(codesOf('breast canc')[0]).toBe('C50919');
  });

  it('keeps what the letters typed find by themselves ("hypert" still finds hypertelorism)', () => {
    expect(codesOf('hypert', 20)).toContain('Q752');
  });
});

describe('ICD-10-CM search ranks what a clinician most likely means first (issue 18)', () => {
  it('puts type 2 diabetes before diabetes insipidus for "diab"', () => {
    const codes = codesOf('diab', 20);
    expect(codes[0]?.startsWith('E11')).toBe(true);
    const insipidus = codes.indexOf('E232');
    expect(insipidus === -1 || insipidus > codes.indexOf('E119')).toBe(true);
  });

  it('puts essential hypertension before hypertelorism for "hypert"', () => {
    const codes = codesOf('hypert', 20);
    expect(codes[0]).toBe('I10');
    expect(codes.indexOf('I10')).toBeLessThan(codes.indexOf('Q752'));
  });

  it.each([
    ['copd', 'J449'],
    ['chf', 'I509'],
    ['afib', 'I4891'],
    ['diabetes', 'E119'],
    ['pneumonia', 'J189'],
  ])('finds %s → %s first', (query, code) => {
    expect(codesOf(query)[0]).toBe(code);
  });
});
