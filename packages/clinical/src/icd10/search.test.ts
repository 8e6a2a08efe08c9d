import { describe, expect, it } from 'vitest';

import { getIcdCatalog } from './catalog';
import { searchIcd } from './search';
import { CLINICAL_SYNONYMS } from './synonyms';
import { tokenizeText } from './text';

const codesFor = (query: string, limit = 10): string[] => searchIcd(query, { limit }).map((hit) => hit.code);
const rankOf = (query: string, code: string, limit = 10): number => codesFor(query, limit).indexOf(code);

describe('searching ICD-10-CM by code', () => {
  it('finds the same first hit for E11.22 and e1122', () => {
    expect(codesFor('E11.22')[0]).toBe('E1122');
    expect(codesFor('e1122')[0]).toBe('E1122');
    expect(codesFor(' e11.22 ')[0]).toBe('E1122');
    expect(searchIcd('E11.22')[0]?.match).toBe('code');
  });

  it('lists the typed code first, then codes starting with it, general before specific', () => {
    expect(codesFor('E11.2')).toEqual(['E112', 'E1121', 'E1122', 'E1129']);
    const hits = searchIcd('I50', { limit: 5 });
    expect(hits[0]?.code).toBe('I50');
    expect(hits.slice(1).every((hit) => hit.match === 'code-prefix' && hit.code.length === 4)).toBe(true);
  });

  it('puts billable codes above headers of the same length', () => {
    const lengthFour = searchIcd('I50', { limit: 12 }).filter((hit) => hit.code.length === 4);
    const firstHeader = lengthFour.findIndex((hit) => !hit.billable);
    expect(lengthFour.slice(firstHeader).every((hit) => !hit.billable)).toBe(true);
    expect(lengthFour[0]?.billable).toBe(true);
  });

  it('finds FY2026 QA0 codes', () => {
    expect(codesFor('QA0')[0]).toBe('QA0');
    expect(codesFor('qa0.0101')[0]).toBe('QA00101');
    expect(codesFor('SCN2A')).toContain('QA00101');
  });

  it('narrows title words to a typed code prefix ("e11 kidney")', () => {
    const codes = codesFor('e11 kidney');
    expect(codes).toContain('E1122');
    expect(codes.every((code) => code.startsWith('E11'))).toBe(true);
  });
});

describe('searching ICD-10-CM by words', () => {
  it('treats the last word as a prefix: "type 2 diab" finds E11.9 first', () => {
    expect(codesFor('type 2 diab')[0]).toBe('E119');
  });

  it('requires every word to be in the title', () => {
    const hits = searchIcd('chronic kidney disease stage 4', { limit: 5 });
    expect(hits[0]?.code).toBe('N184');
    expect(
      hits.every((hit) => /chronic kidney disease/i.test(hit.description) && /stage 4/i.test(hit.description)),
    ).toBe(true);
  });

  it('matches words in any case, with or without an apostrophe', () => {
    expect(codesFor('ALZHEIMER')[0]).toBe('G309');
    expect(codesFor("alzheimer's disease")[0]).toBe('G309');
  });

  it('matches singular and plural forms of complete words', () => {
    expect(codesFor('thrombosis deep vein lower', 20)).toContain('I82409');
  });

  it('ranks short, general titles above long, rare ones', () => {
    expect(codesFor('heart failure')[0]).toBe('I509');
    expect(codesFor('hypertension')[0]).toBe('I10');
  });

  it('ranks the initial encounter of an injury above its sequela', () => {
    const codes = codesFor('fracture neck femur', 30);
    expect(codes.indexOf('S72009A')).toBeGreaterThanOrEqual(0);
    expect(codes.indexOf('S72009A')).toBeLessThan(
      codes.indexOf('S72009S') === -1 ? Infinity : codes.indexOf('S72009S'),
    );
  });

  it('ignores a word typed twice', () => {
    expect(codesFor('diabetes diabetes diabetes')).toEqual(codesFor('diabetes'));
  });

  it('returns nothing for words no title contains', () => {
    expect(searchIcd('xyzzy plugh')).toEqual([]);
    expect(searchIcd('   ')).toEqual([]);
  });

  it('leaves out headers when asked for billable codes only', () => {
    const hits = searchIcd('diabetes', { billableOnly: true, limit: 30 });
    expect(hits.length).toBe(30);
    expect(hits.every((hit) => hit.billable)).toBe(true);
    expect(searchIcd('E11', { billableOnly: true }).every((hit) => hit.billable)).toBe(true);
  });
});

describe('searching ICD-10-CM by clinical abbreviations', () => {
  it.each([
    ['chf', 'I509'],
    ['CHF', 'I509'],
    ['copd', 'J449'],
    ['ckd', 'N189'],
    ['dm2', 'E119'],
    ['t2dm', 'E119'],
    ['dm1', 'E109'],
    ['afib', 'I4891'],
    ['a-fib', 'I4891'],
    ['htn', 'I10'],
    ['esrd', 'N186'],
    ['mdd', 'F329'],
    ['cad', 'I2510'],
    ['pad', 'I739'],
    ['pvd', 'I739'],
    ['osa', 'G4733'],
    ['gerd', 'K219'],
    ['hld', 'E785'],
    ['bph', 'N400'],
    ['ra', 'M069'],
    ['ms', 'G35D'],
    ['tia', 'G459'],
    ['cva', 'I639'],
    ['dvt', 'I82409'],
    ['pe', 'I2699'],
    ['uti', 'N390'],
    ['oa', 'M1990'],
    ['hfref', 'I5022'],
    ['hfpef', 'I5032'],
    ['aki', 'N179'],
  ])('"%s" finds %s near the top', (query, code) => {
    const rank = rankOf(query, code);
    expect(rank).toBeGreaterThanOrEqual(0);
    expect(rank).toBeLessThan(3);
  });

  it('finds E11.22 near the top for "diabetes ckd"', () => {
    expect(rankOf('diabetes ckd', 'E1122')).toBeLessThan(3);
    expect(rankOf('dm2 ckd', 'E1122')).toBe(0);
  });

  it('finds an abbreviation typed with punctuation ("(TIA)", "h/o stroke")', () => {
    expect(rankOf('(TIA)', 'G459')).toBe(0);
    expect(codesFor('h/o stroke')).toContain('Z8673');
  });

  it('finds an abbreviation typed with spaces or dots ("a fib", "dm 2")', () => {
    expect(rankOf('a fib', 'I4891')).toBe(0);
    expect(rankOf('dm 2', 'E119')).toBe(0);
  });

  it('mixes abbreviations and words ("chf chronic systolic")', () => {
    expect(codesFor('chf chronic systolic')[0]).toBe('I5022');
  });

  it('puts the usual meaning of an ambiguous abbreviation first (MS: multiple sclerosis, then mitral stenosis)', () => {
    const codes = codesFor('ms', 10);
    expect(codes[0]).toBe('G35D');
    expect(codes).toContain('I050');
    expect(codes.indexOf('G35A')).toBeLessThan(codes.indexOf('I050'));
  });

  it('only boosts codes its words find: every preferred code of a meaning has the meaning in its title', () => {
    const catalog = getIcdCatalog();
    const problems: string[] = [];
    for (const synonym of CLINICAL_SYNONYMS) {
      for (const meaning of synonym.meanings) {
        for (const code of meaning.preferred) {
          const entry = catalog.get(code);
          const words = entry ? new Set(tokenizeText(`${entry.longDescription} ${entry.shortDescription}`)) : new Set();
          const fits = meaning.words.split(' ').every((word) => {
            const stem = word.replace(/\*$/, '');
            return [...words].some((title) =>
              word.endsWith('*') ? String(title).startsWith(stem) : [stem, `${stem}s`].includes(String(title)),
            );
          });
          if (!entry?.billable || !fits) problems.push(`${synonym.keys[0] ?? '?'}: ${code}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('search hits', () => {
  it('carry the V28 and V24 HCCs from the CMS mappings (E11.22 → V28 37, V24 18; I50.9 → V28 226, V24 85)', () => {
    const diabetes = searchIcd('E11.22')[0];
    expect(diabetes?.hcc.v28.map((annotation) => annotation.hcc)).toEqual([37]);
    expect(diabetes?.hcc.v24.map((annotation) => annotation.hcc)).toEqual([18]);
    expect(diabetes?.hcc.v28[0]?.label).toMatch(/diabetes/i);
    const heartFailure = searchIcd('I50.9')[0];
    expect(heartFailure?.hcc.v28.map((annotation) => annotation.hcc)).toEqual([226]);
    expect(heartFailure?.hcc.v24.map((annotation) => annotation.hcc)).toEqual([85]);
  });

  it('carry no HCC for codes outside the models and for headers', () => {
    expect(searchIcd('I10')[0]?.hcc).toEqual({ v28: [], v24: [] });
    expect(searchIcd('E11')[0]?.hcc).toEqual({ v28: [], v24: [] });
  });

  it("apply the models' age edits for a patient (breast cancer is V28 HCC 22 under 50, 23 from 50)", () => {
    const young = searchIcd('C50.911', { person: { age: 45, sex: 'F' } })[0];
    const older = searchIcd('C50.911', { person: { age: 70, sex: 'F' } })[0];
    expect(young?.hcc.v28.map((annotation) => annotation.hcc)).toEqual([22]);
    expect(older?.hcc.v28.map((annotation) => annotation.hcc)).toEqual([23]);
    expect(young?.hcc.v28[0]?.condition).toMatch(/age < 50/);
    const anyAge = searchIcd('C50.911')[0];
    expect(anyAge?.hcc.v28.map((annotation) => annotation.hcc)).toEqual([22, 23]);
  });

  it('carry their age and sex edits, and the violations for a patient', () => {
    const hit = searchIcd('O80', { person: { age: 70, sex: 'M' } })[0];
    expect(hit?.edits).toMatchObject({ sex: 'F', minAge: 9, maxAge: 64 });
    expect(hit?.violations.map((violation) => violation.message)).toContain('Maternity code for a male patient');
    expect(searchIcd('O80')[0]?.violations).toEqual([]);
  });

  it('rank title hits that fail an edit for the patient below those that pass', () => {
    expect(searchIcd('breast cancer')[0]?.code).toBe('C50919');
    const hits = searchIcd('breast cancer', { limit: 30, person: { age: 70, sex: 'M' } });
    const fails = hits.map((hit) => hit.violations.length > 0);
    expect(fails).toContain(true);
    expect(fails).toEqual([...fails].sort());
    expect(hits[0]?.edits.sex).not.toBe('F');
  });

  it('give the display code and the catalog row', () => {
    const hit = searchIcd('e1122')[0];
    expect(hit?.formattedCode).toBe('E11.22');
    expect(hit?.entry.section.range).toBe('E08-E13');
  });
});
