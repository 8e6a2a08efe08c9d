import { describe, expect, it } from 'vitest';
import { aClaim, aCondition, aDocument, aPatient, egfr } from './testing/factories';
import { suggestedCodes, suggestionFor } from './testing/expect-suggestions';

const noteSaying = (text: string) => aDocument(text, '2026-02-10');

describe('residual codes give way to specific ones', () => {
  it('folds "atrial fibrillation" into "paroxysmal atrial fibrillation" stated in the same record', () => {
    const record = aPatient({
      documents: [noteSaying('Atrial fibrillation.'), noteSaying('Paroxysmal atrial fibrillation, on apixaban.')],
    });
    expect(suggestedCodes(record)).toEqual(['I480']);
    expect(suggestionFor(record, 'I480')?.evidence).toHaveLength(2);
  });

  it('drops an unspecified code when a specific code of its category is coded this year', () => {
    const record = aPatient({
      claims: [aClaim('N184', '2026-02-01')],
      documents: [noteSaying('History: chronic kidney disease.')],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });

  it('drops prediabetes once diabetes is coded this year or suggested', () => {
    expect(
      suggestedCodes(aPatient({ claims: [aClaim('E119', '2026-02-01')], documents: [noteSaying('Prediabetes.')] })),
    ).toEqual([]);
    expect(suggestedCodes(aPatient({ documents: [noteSaying('Prediabetes. Type 2 diabetes mellitus.')] }))).toEqual([
      'E119',
    ]);
  });

  it('keeps one CKD stage: the persistent eGFR stage 3a replaces an old "CKD stage 2" problem', () => {
    const record = aPatient({
      conditions: [
        aCondition(undefined, '2019-01-01', {
          category: 'problem-list-item',
          display: 'Chronic kidney disease stage 2 (disorder)',
        }),
      ],
      observations: [egfr(50, '2026-01-01'), egfr(52, '2026-04-01')],
    });
    expect(suggestedCodes(record)).toEqual(['N1831']);
  });

  it('gives ESRD precedence over CKD stage 5 and names diabetic CKD over "other kidney complication"', () => {
    expect(suggestedCodes(aPatient({ documents: [noteSaying('CKD stage 5. ESRD on hemodialysis.')] }))).toEqual([
      'N186',
      'Z992',
    ]);
    expect(suggestedCodes(aPatient({ documents: [noteSaying('Diabetic renal disease. Diabetic CKD.')] }))).toEqual([
      'E1122',
    ]);
  });

  it('codes emphysema rather than COPD unspecified', () => {
    expect(suggestedCodes(aPatient({ documents: [noteSaying('COPD. Emphysema on CT.')] }))).toEqual(['J439']);
  });

  it('keeps two distinct diabetic complications of one HCC', () => {
    expect(
      suggestedCodes(aPatient({ documents: [noteSaying('Diabetic CKD. Diabetic peripheral neuropathy.')] })),
    ).toEqual(['E1122', 'E1142']);
  });
});
