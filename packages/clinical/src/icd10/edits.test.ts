import { describe, expect, it } from 'vitest';

import { checkEdits, editsFor, type EditPatient } from './edits';

const patient = (age: number, sex: EditPatient['sex']): EditPatient => ({ age, sex });
const messages = (code: string, who: EditPatient): string[] =>
  checkEdits(code, who).map((violation) => violation.message);

describe('age and sex edits of ICD-10-CM codes', () => {
  it('marks maternity codes (chapter 15) as female, ages 9-64 (MCE maternity list)', () => {
    expect(editsFor('O80')).toMatchObject({ sex: 'F', minAge: 9, maxAge: 64 });
    expect(editsFor('Z3A.20')).toMatchObject({ sex: 'F', minAge: 9, maxAge: 64 });
    expect(editsFor('O80').source).toMatch(/Pregnancy, childbirth and the puerperium/);
  });

  it('says "Maternity code for a male patient"', () => {
    expect(messages('O80', patient(30, 'M'))).toEqual(['Maternity code for a male patient']);
  });

  it('flags a maternity code outside ages 9-64 as an error, at the boundaries too', () => {
    const [violation, ...others] = checkEdits('O80', patient(65, 'F'));
    expect(others).toEqual([]);
    expect(violation).toMatchObject({ kind: 'age', severity: 'error' });
    expect(violation?.message).toMatch(/^Maternity code for a patient aged 65/);
    expect(checkEdits('O80', patient(8, 'F'))).toHaveLength(1);
    expect(checkEdits('O80', patient(64, 'F'))).toEqual([]);
    expect(checkEdits('O80', patient(9, 'F'))).toEqual([]);
  });

  it('marks sex-specific categories from their tabular sections', () => {
    expect(editsFor('N40.0').sex).toBe('M');
    expect(editsFor('C61').sex).toBe('M');
    expect(editsFor('N80.00').sex).toBe('F');
    expect(editsFor('C53.9').sex).toBe('F');
    expect(editsFor('C54.1').sex).toBe('F');
    expect(editsFor('C56.1').sex).toBe('F');
  });

  it('reads the sex from the title where the code carries it (C50 female or male breast)', () => {
    expect(editsFor('C50.911').sex).toBe('F');
    expect(editsFor('C50.921').sex).toBe('M');
    expect(editsFor('S37.401A').sex).toBe('F');
  });

  it('gives no sex edit to codes for both sexes or about a relative', () => {
    expect(editsFor('N39.3').sex).toBeUndefined();
    expect(editsFor('E11.22')).toEqual({ source: '' });
    expect(editsFor('Z80.42').sex).toBeUndefined();
  });

  it('reports a sex mismatch as a warning, since CMS deactivated the MCE sex edit in October 2024', () => {
    expect(checkEdits('N40.0', patient(70, 'F'))).toEqual([
      expect.objectContaining({
        kind: 'sex',
        severity: 'warning',
        message: 'Male-only code for a female patient (Diseases of male genital organs (N40-N53))',
      }),
    ]);
    expect(checkEdits('N40.0', patient(70, 'M'))).toEqual([]);
  });

  it('skips sex edits when the sex is unknown', () => {
    expect(checkEdits('N40.0', patient(70, undefined))).toEqual([]);
  });

  it('limits newborn codes to age 0 (MCE newborn list)', () => {
    expect(editsFor('Z38.00')).toMatchObject({ minAge: 0, maxAge: 0 });
    expect(messages('Z38.00', patient(3, 'F'))).toEqual([
      'Newborn code for a patient aged 3: the Medicare Code Editor accepts age 0 only',
    ]);
    expect(checkEdits('Z38.00', patient(0, 'F'))).toEqual([]);
  });

  it('takes the MCE age range of HCC-relevant codes from the CMS V28 mapping (juvenile myelomonocytic leukemia 0-17)', () => {
    expect(editsFor('C93.30')).toMatchObject({ minAge: 0, maxAge: 17 });
    expect(checkEdits('C93.30', patient(18, 'M'))[0]?.message).toMatch(/^Pediatric code for a patient aged 18/);
    expect(checkEdits('C93.30', patient(17, 'M'))).toEqual([]);
  });

  it('only reminds, never rejects, a perinatal code past the first year (guideline I.C.16.a.4)', () => {
    expect(editsFor('P07.01')).toMatchObject({ perinatal: true });
    expect(editsFor('P07.01').maxAge).toBeUndefined();
    expect(checkEdits('P07.01', patient(45, 'M'))).toEqual([
      expect.objectContaining({ kind: 'perinatal', severity: 'warning' }),
    ]);
    expect(checkEdits('P07.01', patient(0, 'M'))).toEqual([]);
  });
});
