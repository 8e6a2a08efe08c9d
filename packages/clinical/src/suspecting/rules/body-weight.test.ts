import { describe, expect, it } from 'vitest';
import { aClaim, albumin, aPatient, bmi } from '../testing/factories';
import { suggestedCodes, suggestionFor } from '../testing/expect-suggestions';

describe('BMI 40 or more', () => {
  it('suggests class 3 obesity with the matching adult BMI code', () => {
    const record = aPatient({ observations: [bmi(41.2, '2026-02-01')] });
    expect(suggestedCodes(record)).toEqual(['E66813', 'Z6841']);
    expect(suggestionFor(record, 'E66813')?.suspectKind).toBe('meets-diagnostic-criteria');
    expect(suggestionFor(record, 'E66813')?.hcc.v28).toEqual([48]);
  });

  it('treats 39.9 as below and 40.0 as class 3', () => {
    expect(suggestedCodes(aPatient({ observations: [bmi(39.9, '2026-02-01')] }))).toEqual([]);
    expect(suggestedCodes(aPatient({ observations: [bmi(40, '2026-02-01')] }))).toEqual(['E66813', 'Z6841']);
  });

  it('picks the Z68.4x band: 45 is Z68.42, 50 Z68.43, 60 Z68.44, 70 Z68.45', () => {
    expect(suggestedCodes(aPatient({ observations: [bmi(45, '2026-02-01')] }))).toContain('Z6842');
    expect(suggestedCodes(aPatient({ observations: [bmi(55, '2026-02-01')] }))).toContain('Z6843');
    expect(suggestedCodes(aPatient({ observations: [bmi(60, '2026-02-01')] }))).toContain('Z6844');
    expect(suggestedCodes(aPatient({ observations: [bmi(70, '2026-02-01')] }))).toContain('Z6845');
  });

  it('reads the latest BMI: weight lost since then means no suggestion', () => {
    expect(suggestedCodes(aPatient({ observations: [bmi(42, '2025-06-01'), bmi(33, '2026-02-01')] }))).toEqual([]);
  });

  it('does not use adult BMI codes for a 19-year-old', () => {
    expect(suggestedCodes(aPatient({ birthDate: '2007-01-01', observations: [bmi(42, '2026-02-01')] }))).toEqual([]);
  });
});

describe('BMI 35 to 39.9 with a comorbidity', () => {
  it('suggests severe obesity for BMI 36.4 with hypertension, as clinical correlation needed', () => {
    const record = aPatient({ claims: [aClaim('I10', '2025-04-01')], observations: [bmi(36.4, '2026-02-01')] });
    expect(suggestedCodes(record)).toEqual(['E6601', 'Z6836']);
    expect(suggestionFor(record, 'E6601')?.suspectKind).toBe('clinical-correlation-needed');
  });

  it('does not suggest it without a comorbidity', () => {
    expect(suggestedCodes(aPatient({ observations: [bmi(37, '2026-02-01')] }))).toEqual([]);
  });

  it('treats 34.9 as below the threshold', () => {
    expect(
      suggestedCodes(aPatient({ claims: [aClaim('I10', '2025-04-01')], observations: [bmi(34.9, '2026-02-01')] })),
    ).toEqual([]);
  });
});

describe('malnutrition', () => {
  it('suggests protein-calorie malnutrition for BMI 17.9 and albumin 3.1 g/dL', () => {
    const record = aPatient({ observations: [bmi(17.9, '2026-02-01'), albumin(3.1, '2026-01-15')] });
    const suggestion = suggestionFor(record, 'E46');
    expect(suggestion?.suspectKind).toBe('clinical-correlation-needed');
    expect(suggestion?.explanationGroup).toBe('no-hcc'); // V28 has no malnutrition HCC
    expect(suggestionFor(record, 'E46', { model: 'v24' })?.hcc.v24).toEqual([21]);
  });

  it('needs both: BMI 18.5 or an albumin of 3.5 g/dL is not enough', () => {
    expect(suggestedCodes(aPatient({ observations: [bmi(18.5, '2026-02-01'), albumin(3.0, '2026-01-15')] }))).toEqual(
      [],
    );
    expect(suggestedCodes(aPatient({ observations: [bmi(17, '2026-02-01'), albumin(3.5, '2026-01-15')] }))).toEqual([]);
  });

  it('needs the albumin within 90 days of the BMI', () => {
    expect(suggestedCodes(aPatient({ observations: [bmi(17, '2026-05-01'), albumin(3.0, '2026-01-15')] }))).toEqual([]);
  });
});

describe('pregnancy', () => {
  it('assigns no BMI or obesity code during pregnancy', () => {
    const record = aPatient({
      birthDate: '1995-01-01',
      claims: [aClaim('Z3402', '2026-03-01')],
      observations: [bmi(42, '2026-04-01')],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });
});
