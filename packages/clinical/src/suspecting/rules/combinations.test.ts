import { describe, expect, it } from 'vitest';
import { aClaim, aCondition, aMedication, aPatient, egfr } from '../testing/factories';
import { suggestedCodes, suggestionFor } from '../testing/expect-suggestions';

describe('diabetes with chronic kidney disease', () => {
  it('suggests E11.22 with the stage when diabetes and CKD stage 3b were coded last year', () => {
    const record = aPatient({ claims: [aClaim('E119', '2025-03-01'), aClaim('N1832', '2025-03-01')] });
    const codes = suggestedCodes(record);
    expect(codes).toEqual(['E1122', 'N1832']);
    expect(suggestionFor(record, 'E1122')?.suspectKind).toBe('meets-diagnostic-criteria');
    expect(suggestionFor(record, 'E1122')?.explanationGroup).toBe('existing-hcc');
  });

  it('combines coded diabetes with a CKD stage the eGFR rules found', () => {
    const record = aPatient({
      claims: [aClaim('E119', '2025-03-01')],
      observations: [egfr(40, '2026-01-01'), egfr(41, '2026-04-01')],
    });
    expect(suggestedCodes(record)).toEqual(['E1122', 'N1832']);
  });

  it('keeps the type: type 1 diabetes with CKD is E10.22', () => {
    const record = aPatient({ claims: [aClaim('E109', '2025-03-01'), aClaim('N184', '2025-03-01')] });
    expect(suggestedCodes(record)).toContain('E1022');
  });

  it('is only as sure as its weakest part: diabetes suspected from a drug makes E11.22 need correlation', () => {
    const record = aPatient({
      claims: [aClaim('N184', '2025-03-01')],
      medications: [aMedication('glipizide 5 MG Oral Tablet', '2025-06-01')],
    });
    expect(suggestionFor(record, 'E1122')?.suspectKind).toBe('clinical-correlation-needed');
  });

  it('does not suggest E11.22 without CKD', () => {
    expect(suggestedCodes(aPatient({ claims: [aClaim('E119', '2025-03-01')] }))).toEqual(['E119']);
  });
});

describe('other diabetes combinations', () => {
  it('suggests diabetic polyneuropathy for diabetes with polyneuropathy', () => {
    expect(suggestedCodes(aPatient({ claims: [aClaim('E119', '2025-03-01'), aClaim('G629', '2025-05-01')] }))).toEqual([
      'E1142',
    ]);
  });

  it('suggests diabetic peripheral angiopathy for diabetes with peripheral vascular disease, with gangrene when present', () => {
    expect(suggestedCodes(aPatient({ claims: [aClaim('E119', '2025-03-01'), aClaim('I739', '2025-05-01')] }))).toEqual([
      'E1151',
    ]);
    expect(
      suggestedCodes(aPatient({ claims: [aClaim('E119', '2025-03-01'), aClaim('I70261', '2025-05-01')] })),
    ).toContain('E1152');
  });
});

describe('hypertensive heart and kidney disease', () => {
  it('suggests I13.0 for hypertension with heart failure and CKD stage 4', () => {
    const record = aPatient({
      claims: [aClaim('I10', '2025-01-01'), aClaim('I5022', '2025-01-01'), aClaim('N184', '2025-01-01')],
    });
    expect(suggestedCodes(record)).toContain('I130');
  });

  it('suggests I13.2 when the CKD is stage 5 or ESRD', () => {
    const record = aPatient({
      claims: [aClaim('I10', '2025-01-01'), aClaim('I5022', '2025-01-01'), aClaim('N186', '2025-01-01')],
    });
    expect(suggestedCodes(record)).toContain('I132');
  });

  it('suggests I12.9 for hypertension with CKD and no heart failure, and I11.0 for heart failure and no CKD', () => {
    expect(
      suggestedCodes(aPatient({ claims: [aClaim('I10', '2025-01-01'), aClaim('N1831', '2025-01-01')] })),
    ).toContain('I129');
    expect(
      suggestedCodes(aPatient({ claims: [aClaim('I10', '2025-01-01'), aClaim('I5032', '2025-01-01')] })),
    ).toContain('I110');
  });

  it('suggests nothing for hypertension alone', () => {
    expect(suggestedCodes(aPatient({ conditions: [aCondition('I10', '2025-01-01')] }))).toEqual([]);
  });
});
