import { describe, expect, it } from 'vitest';
import { aClaim, aCondition, aPatient } from './testing/factories';
import { suggestedCodes, suggestionFor } from './testing/expect-suggestions';

describe('recapture of chronic HCC conditions', () => {
  it('recaptures a chronic condition coded last year and not yet this year, in the readdress group', () => {
    const suggestion = suggestionFor(aPatient({ claims: [aClaim('J449', '2025-04-01')] }), 'J449');
    expect(suggestion?.category).toBe('Recapture');
    expect(suggestion?.suspectKind).toBeUndefined();
    expect(suggestion?.explanationGroup).toBe('readdress');
    expect(suggestion?.evidence[0]).toMatchObject({
      resourceType: 'Claim',
      code: 'J449',
      ruleId: 'recapture-chronic-hcc',
    });
  });

  it('recaptures from encounter diagnoses and problem-list entries two years back, carrying every occurrence', () => {
    const record = aPatient({
      conditions: [
        aCondition('G20A1', '2024-01-02'),
        aCondition('G20A1', '2025-03-01', { category: 'problem-list-item' }),
      ],
    });
    expect(suggestionFor(record, 'G20A1')?.evidence).toHaveLength(2);
  });

  it('does not recapture a code from three years back', () => {
    expect(suggestedCodes(aPatient({ claims: [aClaim('J449', '2023-12-31')] }))).toEqual([]);
  });

  it('does not recapture what is already coded this year', () => {
    expect(suggestedCodes(aPatient({ claims: [aClaim('J449', '2025-04-01'), aClaim('J449', '2026-01-10')] }))).toEqual(
      [],
    );
  });

  it('does not recapture acute conditions: sepsis, acute myocardial infarction, stroke, hip fracture', () => {
    const claims = ['A419', 'I214', 'I639', 'S72001A'].map((code) => aClaim(code, '2025-04-01'));
    expect(suggestedCodes(aPatient({ claims }))).toEqual([]);
  });

  it('recaptures chronic respiratory failure although its HCC is otherwise acute', () => {
    expect(suggestedCodes(aPatient({ claims: [aClaim('J9611', '2025-04-01')] }))).toEqual(['J9611']);
  });

  it('recaptures an acute-on-chronic heart failure episode as the chronic heart failure', () => {
    expect(suggestedCodes(aPatient({ claims: [aClaim('I5023', '2025-04-01')] }))).toEqual(['I5022']);
  });

  it('recaptures a COPD exacerbation as COPD and a DKA episode as diabetes', () => {
    expect(suggestedCodes(aPatient({ claims: [aClaim('J441', '2025-04-01')] }))).toEqual(['J449']);
    expect(suggestedCodes(aPatient({ claims: [aClaim('E1110', '2025-04-01')] }))).toEqual(['E119']);
  });

  it('recaptures multiple sclerosis coded as FY2025 G35 as FY2026 G35.D', () => {
    expect(suggestedCodes(aPatient({ claims: [aClaim('G35', '2025-04-01')] }))).toEqual(['G35D']);
  });

  it('does not recapture codes without an HCC (essential hypertension)', () => {
    expect(suggestedCodes(aPatient({ claims: [aClaim('I10', '2025-04-01')] }))).toEqual([]);
  });

  it('does not recapture a condition the problem list now says is resolved', () => {
    const record = aPatient({
      conditions: [
        aCondition('F1120', '2025-01-01'),
        aCondition('F1120', '2025-11-01', { clinicalStatus: 'resolved' }),
      ],
    });
    expect(suggestedCodes(record)).toEqual([]);
  });

  it('does not treat an uncertain (differential) diagnosis as coded', () => {
    const record = aPatient({ conditions: [aCondition('J449', '2025-01-01', { verificationStatus: 'differential' })] });
    expect(suggestedCodes(record)).toEqual([]);
  });

  it('recaptures by the chosen model: severe malnutrition is an HCC in V24 only', () => {
    expect(suggestionFor(aPatient({ claims: [aClaim('E43', '2025-04-01')] }), 'E43', { model: 'v24' })?.category).toBe(
      'Recapture',
    );
    expect(suggestionFor(aPatient({ claims: [aClaim('E43', '2025-04-01')] }), 'E43', { model: 'v28' })).toBeUndefined();
  });
});
