import { describe, expect, it } from 'vitest';
import { aClaim, aCondition, aMedication, aPatient, aResult, fastingGlucose, hba1c } from '../testing/factories';
import { suggestedCodes, suggestionFor } from '../testing/expect-suggestions';

describe('ADA HbA1c and fasting glucose criteria', () => {
  it('suggests type 2 diabetes for two HbA1c results of 6.5 %, meeting diagnostic criteria', () => {
    const suggestion = suggestionFor(
      aPatient({ observations: [hba1c(6.5, '2025-11-01'), hba1c(6.7, '2026-03-01')] }),
      'E119',
    );
    expect(suggestion?.suspectKind).toBe('meets-diagnostic-criteria');
    expect(suggestion?.hcc.v28).toEqual([38]);
    expect(suggestion?.evidence.map((item) => item.ruleId)).toEqual([
      'ada-diabetes-two-results',
      'ada-diabetes-two-results',
    ]);
  });

  it('gives the evidence the places a result was reported with, but none to a value converted from mmol/mol', () => {
    const reported = hba1c(6.5, '2025-11-01');
    reported.valueDecimals = 2;
    const converted = aResult('4548-4', 50, 'mmol/mol', '2026-03-01', { valueDecimals: 0 });
    const evidence = suggestionFor(aPatient({ observations: [reported, converted] }), 'E119')?.evidence;
    expect(evidence?.find((item) => item.date === '2025-11-01')).toMatchObject({ value: 6.5, decimals: 2 });
    const fromMmol = evidence?.find((item) => item.date === '2026-03-01');
    expect(fromMmol).toMatchObject({ value: 6.73, unit: '%' });
    expect(fromMmol).not.toHaveProperty('decimals');
  });

  it('does not count an HbA1c of 6.4 %', () => {
    expect(suggestedCodes(aPatient({ observations: [hba1c(6.4, '2025-11-01'), hba1c(6.5, '2026-03-01')] }))).toEqual([
      'E119',
    ]);
    expect(
      suggestionFor(aPatient({ observations: [hba1c(6.4, '2025-11-01'), hba1c(6.5, '2026-03-01')] }), 'E119')
        ?.suspectKind,
    ).toBe('clinical-correlation-needed');
    expect(suggestedCodes(aPatient({ observations: [hba1c(6.4, '2025-11-01'), hba1c(6.4, '2026-03-01')] }))).toEqual(
      [],
    );
  });

  it('counts a fasting glucose of 126 mg/dL but not 125', () => {
    expect(
      suggestionFor(
        aPatient({ observations: [fastingGlucose(126, '2026-01-01'), fastingGlucose(130, '2026-02-01')] }),
        'E119',
      )?.suspectKind,
    ).toBe('meets-diagnostic-criteria');
    expect(
      suggestedCodes(
        aPatient({ observations: [fastingGlucose(125, '2026-01-01'), fastingGlucose(125, '2026-02-01')] }),
      ),
    ).toEqual([]);
  });

  it('accepts an HbA1c and a fasting glucose as the two abnormal results (ADA: same sample or two samples)', () => {
    const record = aPatient({ observations: [hba1c(6.6, '2026-02-01'), fastingGlucose(140, '2026-02-01')] });
    expect(suggestionFor(record, 'E119')?.suspectKind).toBe('meets-diagnostic-criteria');
  });

  it('converts glucose in mmol/L (7.0 mmol/L is 126 mg/dL) and HbA1c in mmol/mol (48 is 6.5 %)', () => {
    const record = aPatient({
      observations: [
        { ...fastingGlucose(7.0, '2026-01-01'), unit: 'mmol/L' },
        { ...hba1c(48, '2026-02-01'), loinc: '59261-8', unit: 'mmol/mol' },
      ],
    });
    expect(suggestionFor(record, 'E119')?.suspectKind).toBe('meets-diagnostic-criteria');
  });

  it('ignores a glucose whose unit it cannot vouch for', () => {
    const record = aPatient({
      observations: [{ ...fastingGlucose(140, '2026-01-01'), unit: 'mg' }, fastingGlucose(140, '2026-02-01')],
    });
    expect(suggestionFor(record, 'E119')?.suspectKind).toBe('clinical-correlation-needed');
  });

  it('keeps type 1 diabetes as type 1', () => {
    const record = aPatient({
      claims: [aClaim('E1065', '2020-01-01')],
      observations: [hba1c(8, '2026-01-01'), hba1c(8.2, '2026-04-01')],
    });
    expect(suggestedCodes(record)).toContain('E109');
  });

  it('does not suggest diabetes from HbA1c during pregnancy', () => {
    const record = aPatient({
      claims: [aClaim('Z3480', '2026-01-10')],
      observations: [hba1c(6.8, '2026-01-01'), hba1c(6.9, '2026-04-01')],
    });
    expect(suggestedCodes(record)).not.toContain('E119');
  });

  it('suggests nothing when diabetes is already coded this year', () => {
    const record = aPatient({
      conditions: [aCondition('E119', '2026-02-01')],
      observations: [hba1c(6.8, '2026-01-01'), hba1c(6.9, '2026-04-01')],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });
});

describe('glucose-lowering drugs', () => {
  it('suggests type 2 diabetes and long-term insulin use for insulin glargine', () => {
    const record = aPatient({
      medications: [aMedication('insulin glargine 100 UNT/ML Injectable Solution [Lantus]', '2025-06-01')],
    });
    expect(suggestionFor(record, 'E119')?.suspectKind).toBe('clinical-correlation-needed');
    expect(suggestedCodes(record)).toContain('Z794');
  });

  it('reads metformin alone as diabetes needing clinical correlation only, with no long-term use code', () => {
    const record = aPatient({
      medications: [
        aMedication('24 HR Metformin hydrochloride 500 MG Extended Release Oral Tablet', '2025-06-01', {
          rxnormCode: '860975',
        }),
      ],
    });
    expect(suggestedCodes(record)).toEqual(['E119']);
    expect(suggestionFor(record, 'E119')?.suspectKind).toBe('clinical-correlation-needed');
  });

  it('does not suggest diabetes for an SGLT2 inhibitor alone (heart failure, CKD)', () => {
    expect(
      suggestedCodes(
        aPatient({ medications: [aMedication('empagliflozin 10 MG Oral Tablet [Jardiance]', '2025-06-01')] }),
      ),
    ).toEqual([]);
  });

  it('does not suggest diabetes for semaglutide sold for weight loss', () => {
    expect(
      suggestedCodes(
        aPatient({ medications: [aMedication('semaglutide 2.4 MG/0.75ML Auto-Injector [Wegovy]', '2025-06-01')] }),
      ),
    ).toEqual([]);
  });

  it('suggests diabetes for metformin together with an SGLT2 inhibitor', () => {
    const record = aPatient({
      medications: [
        aMedication('metformin 1000 MG Oral Tablet', '2025-06-01'),
        aMedication('dapagliflozin 10 MG Oral Tablet', '2025-09-01'),
      ],
    });
    expect(suggestedCodes(record)).toContain('E119');
  });

  it('suggests diabetes and long-term oral hypoglycaemic use for glipizide', () => {
    const codes = suggestedCodes(aPatient({ medications: [aMedication('glipiZIDE 5 MG Oral Tablet', '2025-06-01')] }));
    expect(codes).toEqual(['E119', 'Z7984']);
  });

  it('does not count a cancelled insulin order', () => {
    const record = aPatient({
      medications: [aMedication('insulin lispro 100 UNT/ML', '2025-06-01', { status: 'cancelled' })],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });
});

describe('diabetes with hyperglycaemia', () => {
  it('suggests E11.65 for known type 2 diabetes with an HbA1c above 9 %', () => {
    const record = aPatient({ claims: [aClaim('E119', '2025-03-01')], observations: [hba1c(9.1, '2026-03-01')] });
    expect(suggestionFor(record, 'E1165')?.suspectKind).toBe('clinical-correlation-needed');
  });

  it('does not call an HbA1c of exactly 9 % poor control', () => {
    const record = aPatient({ claims: [aClaim('E119', '2025-03-01')], observations: [hba1c(9, '2026-03-01')] });
    expect(suggestedCodes(record)).not.toContain('E1165');
  });
});

describe('one diabetes code per complication', () => {
  it('folds a recaptured E11.9 into the suggested E11.65 of the same HCC, keeping its evidence', () => {
    const record = aPatient({ claims: [aClaim('E119', '2025-03-01')], observations: [hba1c(9.4, '2026-03-01')] });
    const codes = suggestedCodes(record);
    expect(codes).toEqual(['E1165']);
    expect(suggestionFor(record, 'E1165')?.evidence.map((item) => item.ruleId)).toContain('recapture-chronic-hcc');
  });
});
