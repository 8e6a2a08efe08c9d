import { describe, expect, it } from 'vitest';

import { getIcdCatalog } from './catalog';

const catalog = getIcdCatalog();

describe('ICD-10-CM FY2026 catalog', () => {
  it('holds every row of the CMS order file: 74,719 billable codes and 23,467 headers', () => {
    expect(catalog.codes).toHaveLength(98_186);
    expect(catalog.codes.filter((entry) => entry.billable)).toHaveLength(74_719);
  });

  it('looks codes up in any typed form', () => {
    expect(catalog.get('e11.22 ')?.code).toBe('E1122');
    expect(catalog.get('E1122')?.longDescription).toBe('Type 2 diabetes mellitus with diabetic chronic kidney disease');
    expect(catalog.get('E1122')?.shortDescription).toBe('Type 2 diabetes mellitus w diabetic chronic kidney disease');
    expect(catalog.get('Z99999')).toBeUndefined();
  });

  it('takes billable flags from the data: codes are billable, headers are not', () => {
    expect(catalog.isBillable('E1122')).toBe(true);
    expect(catalog.isBillable('E112')).toBe(false);
    expect(catalog.isBillable('E11')).toBe(false);
    expect(catalog.isBillable('I10')).toBe(true);
    expect(catalog.isBillable('NOPE')).toBe(false);
  });

  it('links each code to its parent, up to the category (E11.22 → E11.2 → E11)', () => {
    expect(catalog.get('E1122')?.parent).toBe('E112');
    expect(catalog.get('E112')?.parent).toBe('E11');
    expect(catalog.get('E11')?.parent).toBeUndefined();
    expect(catalog.ancestors('E1122').map((entry) => entry.code)).toEqual(['E112', 'E11']);
    expect(catalog.get('S0000XA')?.parent).toBe('S0000');
  });

  it('lists the children of a header in tabular order', () => {
    expect(catalog.children('E112').map((entry) => entry.code)).toEqual(['E1121', 'E1122', 'E1129']);
    expect(catalog.children('E1122')).toEqual([]);
  });

  it('gives each code its level, category, section and chapter with their titles', () => {
    const entry = catalog.get('E1122');
    expect(entry?.level).toBe(5);
    expect(entry?.category).toBe('E11');
    expect(entry?.section.range).toBe('E08-E13');
    expect(entry?.section.title).toBe('Diabetes mellitus (E08-E13)');
    expect(entry?.chapter.number).toBe(4);
    expect(entry?.chapter.title).toBe('Endocrine, nutritional and metabolic diseases (E00-E89)');
    expect(catalog.get('I509')?.chapter.title).toBe('Diseases of the circulatory system (I00-I99)');
  });

  it('knows the 22 chapters and every section a code names', () => {
    expect(catalog.chapters).toHaveLength(22);
    expect(catalog.sections).toHaveLength(297);
    expect(catalog.codes.every((entry) => entry.section.title.length > 0 && entry.chapter.title.length > 0)).toBe(true);
  });

  it('accepts FY2026 codes with a letter in second position (QA0)', () => {
    const entry = catalog.get('QA0.0101');
    expect(entry?.billable).toBe(true);
    expect(entry?.longDescription).toBe('SCN2A-related neurodevelopmental disorder');
    expect(entry?.chapter.number).toBe(17);
    expect(catalog.get('QA0')?.billable).toBe(false);
  });

  it('keeps FY2026 multiple sclerosis codes: G35 is now a header with billable children', () => {
    expect(catalog.isBillable('G35')).toBe(false);
    expect(catalog.isBillable('G35D')).toBe(true);
  });

  it('says why a FY2025 code is no longer billable', () => {
    expect(catalog.retired('G35')).toMatchObject({ inFy2026As: 'header', fy2025Description: 'Multiple sclerosis' });
    expect(catalog.retired('T78.07XA')).toMatchObject({ inFy2026As: 'absent' });
    expect(catalog.retired('E1122')).toBeUndefined();
  });

  it('finds codes by prefix, general codes first', () => {
    expect(catalog.withPrefix('e11.2').map((entry) => entry.code)).toEqual(['E112', 'E1121', 'E1122', 'E1129']);
    expect(catalog.hasPrefix('QA0')).toBe(true);
    expect(catalog.hasPrefix('CK')).toBe(false);
  });
});
